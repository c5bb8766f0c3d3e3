/**
 * The schema of `wikigen.config.ts`, the one source of the configuration's TypeScript types (config.ts re-exports
 * them), of its validation when it is loaded, and of the reference in docs/config.md (config-reference.ts).
 *
 * Objects are strict: a key the schema does not know is reported, since a misspelt key (`navBar`) would otherwise be
 * ignored without a word.
 */
import { z } from 'zod'
import { labels as deCH, type Labels } from '../../shared/labels.js'
import { LABEL_KEYS, LABEL_TABLES, LOCALES } from '../../shared/locales.js'
import { editDistance } from './closest.js'
import type { SlotName } from '../../shared/theme-slots.js'

/** A tag for the page head, VuePress style: [tagName, attributes, content?]. */
const headTag = z.tuple([z.string(), z.record(z.string(), z.union([z.string(), z.literal(true)])), z.string().optional()])

const navbarItem = z.strictObject({
  text: z.string().describe('The label.'),
  link: z.string().optional().describe('Target: a path such as "/glossary", a page name, or a URL.'),
  get children() {
    return z.array(navbarItem).optional().describe('Entries of a dropdown.')
  },
  prefix: z.string().optional().describe('Prefix joined to the links of the children.'),
  ariaLabel: z.string().optional().describe('Accessible name when the label alone is not enough.'),
  activeMatch: z.string().optional().describe('Regular expression (source) of paths for which the entry shows as active.'),
})

const sidebarItem = z.strictObject({
  text: z.string(),
  link: z.string().optional(),
  get children() {
    return z.array(z.union([sidebarItem, z.string()])).optional()
  },
  collapsible: z.boolean().optional().describe('A collapsible group starts closed unless it holds the current page.'),
})

const site = z.strictObject({
  base: z.string().describe('Base path the site is served under, e.g. "/wiki/". Default "/".'),
  lang: z
    .string()
    .describe(
      'Language of the site, e.g. "de-CH", "de-DE" or "en": it picks the texts of the interface by the exact tag, else by its language (de-AT reads de-DE, en-GB en); any other language reads English. Dates follow the tag itself. Default: the language of the notes, the `lang` most of them declare in front matter, else the language their text is written in (German reads de-CH, English en, another language its own tag with English texts); de-CH when the notes tell none.',
    ),
  timeZone: z
    .string()
    .refine(isTimeZone, { message: 'not a time zone this system knows; use an IANA name such as "Europe/Zurich" or "UTC"' })
    .describe(
      'The time zone of the dates and times shown ("Last updated", changelog, Bases, page properties), an IANA name such as "Europe/Zurich"; a time shows its zone ("14.03.2026, 08:05 MEZ"), and a date and time written without one in front matter is a time of this zone. Default: the time zone of the machine that builds (the TZ variable), so set it for a CI runner, which usually runs in UTC.',
    ),
  title: z.string().describe('The wiki\'s name: navbar, home page and every page title. Default "Wiki".'),
  description: z.string().describe('One sentence about the wiki, for search engines and the home page.'),
  head: z.array(headTag).describe("Extra tags for every page's head, as [tag, { attributes }, content]."),
  hostname: z
    .string()
    .optional()
    .describe(
      'Origin for absolute URLs in sitemap.xml, rss.xml, robots.txt and the pages\' heads, e.g. "https://wiki.example.com". No sitemap, feed or robots.txt without it (except with site.noindex), and no canonical link (`<link rel="canonical">`) or og:url, which must be absolute: every page but the 404 page gets one with it, the same URL as its entry in sitemap.xml.',
    ),
  feed: z
    .union([
      z.boolean(),
      z.strictObject({
        items: z.number().int().min(1).max(1000).optional().describe('How many pages the feed lists, newest first. Default 50.'),
      }),
    ])
    .optional()
    .describe(
      "An RSS 2.0 feed of the pages changed last, at /rss.xml, linked from every page's head: true, false, or { items }. Each item is a page with its title, URL, last-updated time (git, else the file's time) and its front matter's description or the start of its text. Default: on when site.hostname is set (a feed needs absolute URLs), else off.",
    ),
  noindex: z
    .boolean()
    .optional()
    .describe(
      'Ask search engines not to index the site: every page gets `<meta name="robots" content="noindex">` and the site a robots.txt that disallows everything. Default false: with site.hostname the generated robots.txt allows everything and names the sitemap. A robots.txt of your own in public/ is always published as it is, in place of the generated one.',
    ),
  image: z
    .string()
    .optional()
    .describe(
      "The picture a link preview (og:image, Twitter's card) shows for a page that has none of its own: a file of the content folder (published with the site) or a URL. A page's own is its front matter's `image` or `cover`, else the first image of its text. Absolute with site.hostname. Default none.",
    ),
  icon: z
    .union([z.string(), z.literal(false)])
    .optional()
    .describe(
      'Small icon of every page (spec §1): a file of the content folder, published at the root of the site as favicon.svg, favicon.png, favicon.ico, … whatever its folder, named by an icon link (`<link rel="icon">`) in every page\'s head; or a URL. Default: the file an icon link of site.head names (that link is pointed at the root copy), else theme.logo, else a favicon of public/ (one there is never replaced). false: no icon tag.',
    ),
})

/** A slot of `theme.slots`: a component file, or one with a browser module. */
const slot = z.union([
  z.string().min(1),
  z.strictObject({
    component: z.string().min(1).describe('The component file (.tsx, .jsx), relative to the config.'),
    client: z
      .string()
      .min(1)
      .optional()
      .describe("A browser module (.ts, .js), run with the slot's element on each page that shows the slot."),
  }),
])

const theme = z.strictObject({
  logo: z.string().optional().describe('Logo image of the navbar: a file of the content folder or a URL.'),
  styles: z
    .array(z.string())
    .describe(
      "Stylesheets of your own, after the theme's, so that they win: files of the content folder or URLs. The theme's colours and fonts are CSS variables (--c-brand, --c-text, --c-bg, --font-sans, --font-mono, …; listed in docs/theming.md), set them for :root and html[data-theme='dark']. Default none.",
    ),
  logoDark: z.string().optional().describe('Logo for dark mode.'),
  repo: z.string().optional().describe("Source repository URL: the navbar's repository link and the base of edit links."),
  repoLabel: z.string().optional().describe('Label of the repository link; inferred from its host when empty.'),
  docsRepo: z
    .string()
    .optional()
    .describe('Repository of the content for edit links, when it is not theme.repo: a URL, or "owner/name" on GitHub.'),
  docsBranch: z.string().describe('Branch for edit links. Default "main".'),
  docsDir: z.string().describe('Folder of the content inside the repository, for edit links. Default "content".'),
  editLink: z
    .boolean()
    .describe(
      'Show a link to edit the page in the repository ("Diese Seite bearbeiten"); a page turns it off with editLink: false. Default false.',
    ),
  editLinkPattern: z
    .string()
    .optional()
    .describe(
      'Edit link URL with the placeholders :repo, :branch and :path, e.g. ":repo/-/edit/:branch/:path". Default: the pattern of the repository\'s host, GitHub, GitLab, Gitee, Bitbucket or Gitea (from the URL, or repoLabel for a server of your own); without one, no edit link.',
    ),
  obsidianLink: z
    .union([z.boolean(), z.strictObject({ vault: z.string().min(1).describe('Name of the vault in Obsidian.') })])
    .optional()
    .describe(
      'For staff sites: an "In Obsidian öffnen" link beside the edit link, obsidian://open with the vault and the page\'s path in it. true takes the name of the content folder as the vault\'s name; { vault: "Name" } names it. Default: no link.',
    ),
  colorMode: z.enum(['auto', 'light', 'dark']).describe('Colour mode before a reader chooses. Default "auto".'),
  colorModeSwitch: z.boolean().describe('Show the colour-mode button. Default true.'),
  folding: z
    .boolean()
    .describe(
      'Arrows beside headings and list items with nested items that fold and unfold them in the reading view, as in Obsidian; nothing is remembered from page to page. Default true.',
    ),
  sidebar: z
    .union([
      z.literal('heading'),
      z.literal('folders'),
      z.literal('tree'),
      z.literal(false),
      z.record(z.string(), z.union([z.array(z.union([sidebarItem, z.string()])), z.literal('heading')])),
    ])
    .describe(
      '"heading": each page\'s own headings (the default; "folders" instead for a vault whose Obsidian Publish settings show the navigation, `showNavigation` in site-options.json); "folders": the content\'s folders as a tree, opened along the way to the page shown, with the page\'s headings on the right of wide screens; "tree": the site\'s sections (front matter `section`; a page without one under its folders) as collapsible groups, the current page\'s group open and the page marked, with the page\'s headings on the right of wide screens; false: none; or sidebars by path prefix.',
    ),
  sidebarDepth: z.number().int().min(0).max(6).describe('Heading levels in the sidebar below h2. Default 2.'),
  folderSidebar: z
    .strictObject({
      order: z
        .array(z.string())
        .optional()
        .describe(
          'Folders and notes in the order the sidebar lists them, as paths of the content folder ("Anleitungen", "Anleitungen/Start.md"); what is not named follows, folders first, by name.',
        ),
      hidden: z
        .array(z.string())
        .optional()
        .describe('Folders and notes left out of the sidebar (they stay published), as paths of the content folder.'),
    })
    .optional()
    .describe(
      'Order and hidden items of the folder sidebar (sidebar "folders"). Default: the navigation of the vault\'s Obsidian Publish settings (`navigationOrdering`, `navigationHiddenItems` in site-options.json), else folders first, each by name.',
    ),
  lastUpdated: z.boolean().describe('Show the last-updated time from git. Default true.'),
  contributors: z.boolean().describe('Show contributors from git. Default true.'),
  navbar: z.array(navbarItem).describe('Entries of the navbar. Default: Home.'),
  backlinks: z.boolean().describe('List the pages that link to a page at its end ("Verlinkt von"). Default true.'),
  graph: z
    .boolean()
    .describe(
      'Draw each page\'s local graph at its end ("Verknüpfungen"): the page, the pages it links to and those linking to it (at most 30, the rest counted), as links. Drawn at build time, no script. Default false; an Obsidian Publish vault\'s "showGraph" turns it on where the config sets nothing.',
    ),
  hoverPreview: z
    .boolean()
    .describe(
      "Show a preview of a linked page of the site when the pointer rests on a link in the page's text or its backlinks (or the keyboard focuses it), like Obsidian Publish's page preview. Default true.",
    ),
  properties: z
    .union([z.boolean(), z.array(z.string()), z.record(z.string(), z.union([z.string().min(1), z.literal(false)]))])
    .describe(
      'Front matter shown at the top of a page, as Obsidian shows properties: true for every key wikigen does not use itself (the default), a list of keys, or false. Or a map from keys to the names readers see, like a base\'s displayName: { owner: "Verantwortlich", internal: false } shows every key as true does, owner as "Verantwortlich", and hides the keys set to false.',
    ),
  slots: z
    .strictObject({
      headerEnd: slot.optional(),
      footer: slot.optional(),
      homeHero: slot.optional(),
      pageTop: slot.optional(),
      pageBottom: slot.optional(),
      notFound: slot.optional(),
    } satisfies Record<SlotName, unknown>)
    .optional()
    .describe(
      "Components of your own in the theme's places (docs/theming.md, \"Slots\"): headerEnd (end of the navbar), footer, homeHero (in place of the home page's hero), pageTop and pageBottom (around a page's body), notFound (below the 404 page's message). Each is a React component file relative to the config (default export, rendered at build time), or { component, client } with a browser module that runs with the slot's element. Trusted code, like the config (docs/SECURITY.md). Default none.",
    ),
})

/** The config's `labels`: any text of the interface, in place of the language's own; the title tables key by key. */
const labelsShape = Object.fromEntries(
  LABEL_KEYS.map((key) => {
    const reference = deCH[key]
    const english = LOCALES.en.labels[key]
    const schema = (LABEL_TABLES as readonly string[]).includes(key)
      ? z
          .record(z.string(), z.string())
          .describe(
            `Titles by kind, e.g. { tip: ${JSON.stringify((english as Record<string, string>).tip ?? 'Tip')} }; a kind not named keeps its title.`,
          )
      : Array.isArray(reference)
        ? z.array(z.string()).min(1).describe('Messages of the 404 page, one chosen at random.')
        : z.string().describe(`de-CH "${String(reference)}", en "${String(english)}".`)
    return [key, schema.optional()]
  }),
) as unknown as {
  [K in keyof Labels]: z.ZodOptional<
    Labels[K] extends string ? z.ZodString : Labels[K] extends string[] ? z.ZodArray<z.ZodString> : z.ZodRecord<z.ZodString, z.ZodString>
  >
}
const labels = z.strictObject(labelsShape)

/** True for a time zone name Intl knows. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

const analytics = z.strictObject({
  src: z.string().describe("URL of the provider's loader script, appended to the head with defer."),
  domain: z.string().describe('The site domain the script is tagged with (data-domain).'),
})

const redirect = z.strictObject({
  from: z.string().describe('An old path of the site, e.g. "/alt/seite.html"; under a base path the base is added.'),
  to: z.string().describe('A path of the site (the base is added) or a page name.'),
})

/**
 * The markdown hooks are code, checked for their kind only. Their types are written out for the installed package's
 * types (config-declarations.ts reads `tsType`); the trees are mdast and hast (see markdown/plugins.ts).
 */
const isFunction = (value: unknown) => typeof value === 'function'
const isObject = (value: unknown) => typeof value === 'object' && value !== null
const TRANSFORM_TYPE = '(tree: any, file: { path: string; frontmatter: Record<string, any> }) => void'
// `any`: a tree of either kind, with the nodes of extensions, for hooks written without wikigen's tree types
type Transform = (tree: any, file: { path: string; frontmatter: Record<string, any> }) => void
const transform = z.custom<Transform>(isFunction, 'should be a function (tree, file) => void').meta({ tsType: TRANSFORM_TYPE })
const extension = (kind: string) => z.custom<object>(isObject, `should be ${kind} extension (an object)`).meta({ tsType: 'object' })

/** The config's `search`: synonyms and abbreviations the full-text search applies to a reader's words. */
const search = z.strictObject({
  synonyms: z
    .record(z.string().min(1), z.union([z.string().min(1), z.array(z.string().min(1))]))
    .optional()
    .describe(
      'Words that mean the same here, each with its others: { Ferien: ["Urlaub", "Abwesenheit"], MA: "Mitarbeiter", "maintenance window": "Wartungsfenster" }. Applied when a reader searches, both ways (a search for "Urlaub" finds "Ferien" too); an entry may be several words. Case and umlauts do not matter.',
    ),
})

const markdown = z.strictObject({
  micromarkExtensions: z
    .array(extension('a micromark'))
    .optional()
    .describe("micromark syntax extensions, after wikigen's own: from a package, or of your own."),
  mdastExtensions: z
    .array(extension('an mdast-util-from-markdown'))
    .optional()
    .describe('mdast-util-from-markdown extensions that turn the tokens of those syntax extensions into tree nodes.'),
  mdastTransforms: z
    .array(transform)
    .optional()
    .describe(
      "Functions `(tree, file) => void` that change each page's mdast tree before it becomes HTML; `file` has `path` and `frontmatter`.",
    ),
  hastTransforms: z
    .array(transform)
    .optional()
    .describe("Functions `(tree, file) => void` that change each page's hast tree (the body's HTML elements) before it is written."),
  lineBreaks: z
    .enum(['strict', 'soft'])
    .optional()
    .describe(
      'How a single line break inside a paragraph shows. "strict": as a space (CommonMark; a break needs two spaces or a backslash at the line\'s end). "soft": as a line break, as Obsidian shows it unless its "Strict line breaks" setting is on. Default: the vault\'s own setting (`strictLineBreaks` in `.obsidian/app.json`) for a folder with an `.obsidian` folder, else "strict".',
    ),
  rawHtml: z
    .enum(['safe', 'trusted'])
    .optional()
    .describe(
      'What raw HTML in pages, canvas texts and `footerHtml` may do. "safe" (the default) keeps what wikis use (details, kbd, mark, abbr, tables, images, links …) and drops scripts, frames, forms, event handlers and javascript: URLs. "trusted" passes it as written: only for a wiki whose every author may run script in every reader\'s browser (docs/SECURITY.md).',
    ),
})

/** The configuration with every field: what the build works with. */
export const resolvedConfigSchema = z.strictObject({
  site: site.describe('Site data (spec §3).'),
  theme: theme.describe('Theme data (spec §3).'),
  analytics: analytics.optional().describe('Visit statistics (spec §7); none by default.'),
  redirects: z.array(redirect).describe('Extra old URLs that redirect to pages.'),
  redirectMode: z
    .enum(['files', 'host', 'both'])
    .describe(
      'How old URLs are kept alive: "files" writes a small HTML page at each old path (any host, e.g. GitHub Pages); "host" writes only `_redirects` (Netlify, Cloudflare Pages) and `redirects.nginx.map`, which answer 301; "both" (the default) does both. Old paths with : * ? " < > | or \\ never become files (they break Windows checkouts, artifact uploads and object stores): only the host files keep them.',
    ),
  redirectPublishUrls: z
    .boolean()
    .describe(
      "Redirect the URLs Obsidian Publish gave the notes (`/Folder+Name/Note+Name`, an alias's `/Old+Folder/Old+Name`, a permalink as written) to their pages. Default: true for a vault published with Obsidian Publish (a `site-options.json` or `publish.css` at its root, or `.obsidian/publish.json`), else false.",
    ),
  precompress: z
    .boolean()
    .describe(
      'Write a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the site from 1 KB on (pages, scripts, styles, the search index), which `wikigen serve`, nginx (`gzip_static`, `brotli_static`) and GitLab Pages send to browsers that accept them. Default false: writing them costs about a third of a cold build of 3 000 pages, `wikigen serve` compresses on the fly without them, and most hosts compress by themselves (docs/deploy.md). `wikigen dev` never writes them.',
    ),
  exclude: z
    .array(z.string())
    .describe('Globs of files and folders of the content folder that are never published, e.g. ["Archiv/**", "**/*.draft.md"].'),
  activeFiles: z
    .array(z.string())
    .describe(
      'Globs of content files a browser would run (.js, .mjs, .cjs, .html, .htm, .xhtml, .xht) that are published all the same, e.g. ["public/widgets/**"]. Without a glob such a file is left out, with a warning where a page links to it: any author could otherwise serve script from the site\'s own domain (docs/SECURITY.md).',
    ),
  search: search
    .optional()
    .describe('The full-text search: words the site treats as the same when a reader searches (docs/authoring.md, "Search").'),
  markdown: markdown
    .optional()
    .describe(
      'Hooks into the markdown pipeline: syntax extensions and tree transforms (docs/theming.md, "Extending the markdown"). A change of the config then compiles every page again.',
    ),
  labels: labels.describe(
    'Texts of the interface in place of those of the site\'s language (site.lang), e.g. { searchPlaceholder: "Wiki durchsuchen" }. Any key below; containerTitles and calloutTitles change single kinds. `{count}` and `{query}` are filled in where the default has them. An unknown key is an error.',
  ),
})

/** What `wikigen.config.ts` may export: any part of the resolved configuration. */
export const userConfigSchema = z.strictObject({
  site: site.partial().optional(),
  theme: theme.partial().optional(),
  analytics: analytics.partial().optional(),
  redirects: z.array(redirect).optional(),
  redirectMode: z.enum(['files', 'host', 'both']).optional(),
  redirectPublishUrls: z.boolean().optional(),
  precompress: z.boolean().optional(),
  exclude: z.array(z.string()).optional(),
  activeFiles: z.array(z.string()).optional(),
  search: search.optional(),
  markdown: markdown.optional(),
  labels: labels.optional(),
})

export type HeadTag = z.infer<typeof headTag>
export type NavbarItem = z.infer<typeof navbarItem>
export type SidebarItem = z.infer<typeof sidebarItem>
export type SiteData = z.infer<typeof site>
export type ThemeData = z.infer<typeof theme>
/** One slot of `theme.slots`: a component file, or `{ component, client }`. */
export type SlotConfig = z.infer<typeof slot>
export type AnalyticsConfig = z.infer<typeof analytics>
export type RedirectRule = z.infer<typeof redirect>
export type ResolvedConfig = z.infer<typeof resolvedConfigSchema>
export type UserConfig = z.infer<typeof userConfigSchema>
export type SearchConfig = z.infer<typeof search>
/** Sidebars by path prefix, VuePress style: { '/odoo': [...], '/': 'heading' }. The longest matching prefix wins. */
export type SidebarConfig = Exclude<ThemeData['sidebar'], 'heading' | 'folders' | 'tree' | false>

/** A problem of a loaded config: where (the key path) and what. */
export interface ConfigProblem {
  /** An unknown key is a warning (its part is ignored), but in `labels` an error: the text it meant stays unchanged. */
  kind: 'unknown-key' | 'unknown-label' | 'wrong-value'
  path: (string | number)[]
  message: string
  hint: string
}

/**
 * Checks a loaded config against the schema. Returns the config without the parts that do not fit (so defaults take
 * their place) and one problem per misfit: an unknown key, a value of the wrong type.
 */
export function validateConfig(config: unknown): { config: UserConfig; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = []
  let current: unknown = structuredCloneLoose(config)
  for (let round = 0; round < 20; round++) {
    const result = userConfigSchema.safeParse(current)
    if (result.success) return { config: result.data, problems }
    for (const issue of result.error.issues) {
      const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path]
      for (const path of keys) {
        problems.push({
          path: path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
          ...describeIssue(issue, path, valueAt(current, path)),
        })
        // a missing key cannot be left out: the object that lacks it is
        current = removeAt(current, valueAt(current, path) === undefined ? path.slice(0, -1) : path)
      }
    }
  }
  return { config: {}, problems }
}

function describeIssue(issue: z.core.$ZodIssue, path: PropertyKey[], value: unknown): Omit<ConfigProblem, 'path'> {
  const key = path.map(String).join('.') || 'the configuration'
  if (issue.code === 'unrecognized_keys') {
    const close = closeKeys(String(path[path.length - 1]), knownKeysAt(path.slice(0, -1)))
    const hint = close.length > 0 ? `Did you mean ${close.map((k) => `"${k}"`).join(' or ')}? ` : ''
    return {
      kind: path[0] === 'labels' ? 'unknown-label' : 'unknown-key',
      message: `Unknown key "${key}"`,
      hint: `${hint}Check the spelling; docs/config.md lists every key.`,
    }
  }
  const hint = 'The default is used instead; docs/config.md shows the expected form.'
  // a choice among named values: say which, and the nearest to what was written
  const choices = issue.code === 'invalid_union' || issue.code === 'invalid_value' ? choicesAt(path) : undefined
  if (choices && choices.values.length > 0) {
    const close =
      typeof value === 'string'
        ? closeKeys(
            value,
            choices.values.filter((v): v is string => typeof v === 'string'),
          )
        : []
    return {
      kind: 'wrong-value',
      message: `"${key}" should be ${listOf([...choices.values.map(shown), ...choices.others])}, not ${shown(value)}`,
      hint: `${close.length > 0 ? `Did you mean ${shown(close[0])}? ` : ''}${hint}`,
    }
  }
  if (issue.code === 'invalid_type') return { kind: 'wrong-value', message: `"${key}" should be ${article(issue.expected)}`, hint }
  return { kind: 'wrong-value', message: `"${key}": ${issue.message}`, hint }
}

/** The keys the schema allows in the object at `path` of a user config. */
export function knownKeysAt(path: PropertyKey[]): string[] {
  let schema: z.ZodType | undefined = userConfigSchema
  for (const key of path) schema = shapeOf(schema)?.[String(key)]
  return Object.keys(shapeOf(schema) ?? {})
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let current = schema
  while (current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType
  return current instanceof z.ZodObject ? (current.shape as Record<string, z.ZodType>) : undefined
}

/** Up to three known keys close to a misspelt one: a small edit distance, or one containing the other. */
export function closeKeys(wanted: string, known: string[]): string[] {
  const target = wanted.toLowerCase()
  const limit = Math.max(2, Math.floor(target.length / 3))
  return known
    .map((key) => {
      const lower = key.toLowerCase()
      const contains = target.length >= 4 && (lower.includes(target) || target.includes(lower))
      return { key, distance: contains ? 0.5 : editDistance(target, lower, limit) }
    })
    .filter((c) => c.distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.key.localeCompare(b.key))
    .slice(0, 3)
    .map((c) => c.key)
}

/**
 * The values a key allows when the schema names them (an enum, literals, a union of these and other kinds):
 * `theme.sidebar` → 'heading', 'folders', false, and "an object (sidebars by path)" among the others.
 */
export function choicesAt(path: PropertyKey[]): { values: (string | number | boolean)[]; others: string[] } | undefined {
  let schema: z.ZodType | undefined = userConfigSchema
  for (const key of path) {
    schema = unwrapOptional(schema)
    schema = typeof key === 'number' && schema instanceof z.ZodArray ? (schema.element as z.ZodType) : shapeOf(schema)?.[String(key)]
  }
  schema = unwrapOptional(schema)
  const options = schema instanceof z.ZodUnion ? (schema.options as z.ZodType[]) : schema ? [schema] : []
  const values: (string | number | boolean)[] = []
  const others: string[] = []
  for (const option of options.map(unwrapOptional)) {
    if (option instanceof z.ZodLiteral) values.push(...(option.values as Set<string | number | boolean>))
    else if (option instanceof z.ZodEnum) values.push(...(option.options as (string | number)[]))
    else if (option instanceof z.ZodBoolean) values.push(true, false)
    else if (option instanceof z.ZodArray) others.push('a list')
    else if (option instanceof z.ZodObject || option instanceof z.ZodRecord) others.push('an object ({ … })')
    else if (option instanceof z.ZodString) others.push('a text')
    else if (option instanceof z.ZodNumber) others.push('a number')
  }
  return values.length > 0 ? { values: [...new Set(values)], others: [...new Set(others)] } : undefined
}

function unwrapOptional(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) current = current.unwrap() as z.ZodType
  return current
}

/** A value as a message shows it: strings quoted as in the config, others as written. */
const shown = (value: unknown) =>
  typeof value === 'string'
    ? `'${value}'`
    : typeof value === 'object' && value !== null
      ? Array.isArray(value)
        ? 'a list'
        : 'an object'
      : String(value)

/** 'a', 'a or b', 'one of a, b or c'. */
const listOf = (items: string[]) => (items.length <= 2 ? items.join(' or ') : `one of ${items.slice(0, -1).join(', ')} or ${items.at(-1)}`)

const article = (type: string) =>
  type === 'array' ? 'a list' : type === 'object' ? 'an object ({ … })' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value
  for (const key of path)
    current = typeof current === 'object' && current !== null ? (current as Record<PropertyKey, unknown>)[key] : undefined
  return current
}

/** `value` without the part at `path` (the whole value when the path is empty). */
function removeAt(value: unknown, path: PropertyKey[]): unknown {
  if (path.length === 0) return {}
  const [head, ...rest] = path
  if (Array.isArray(value))
    return rest.length === 0 ? value.filter((_, i) => i !== head) : value.map((item, i) => (i === head ? removeAt(item, rest) : item))
  if (typeof value !== 'object' || value === null) return value
  const copy: Record<PropertyKey, unknown> = { ...value }
  if (rest.length === 0) delete copy[head]
  else copy[head] = removeAt(copy[head], rest)
  return copy
}

/** A copy of plain data; functions and other values a config should not hold are kept as they are, for the schema to report. */
function structuredCloneLoose(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneLoose)
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, structuredCloneLoose(item)]))
  }
  return value
}
