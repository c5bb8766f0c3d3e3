/**
 * Raw HTML that authors write (in markdown, canvas texts and the front matter's `footerHtml`) kept to what a wiki
 * needs and nothing that runs: a company wiki is written by every employee and read by customers on the company's own
 * domain, so the trust boundary is the reader's browser, not the author.
 *
 *     <details><summary>Mehr</summary>…</details>   → kept
 *     <kbd>Ctrl</kbd>, <mark>, <abbr title="…">      → kept
 *     <script>alert(1)</script>                      → removed, with its content
 *     <img src="x" onerror="alert(1)">               → <img src="x">
 *     <a href="JaVaScRiPt:alert(1)">x</a>            → <a>x</a>
 *     <span style="color: teal">                     → <span class="k-…">  (a rule of the site's sheet)
 *     <iframe src="https://…">                        → kept, sandboxed, loaded lazily, without referrer
 *     <iframe srcdoc="…">, <form>, <base>, <meta>    → removed
 *
 * The author's raw HTML is parsed as a browser would (hast-util-raw, over the whole body, so a `<details>` opened in
 * one block and closed in another stays one element), then every element that came from it passes the allow-list of
 * hast-util-sanitize (GitHub's schema, widened below by what wikis use). The elements wikigen made itself (links,
 * embeds, diagrams, code) are marked before parsing with a mark no author can forge, and kept as they are.
 * `markdown.rawHtml: 'trusted'` in the config skips all of this (docs/SECURITY.md says what that risks).
 */
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { raw } from 'hast-util-raw'
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize'
import { toHtml } from 'hast-util-to-html'
import { authorDeclarations } from './author-styles.js'
import { mathClassOf } from './math/styles.js'

/** What the build does with raw HTML: 'safe' (the default) allows what is listed here; 'trusted' passes it all. */
export type RawHtmlPolicy = 'safe' | 'trusted'

const extraTags = ['mark', 'abbr', 'u', 'small', 'cite', 'dfn', 'figure', 'figcaption', 'caption', 'colgroup', 'col', 'wbr']
const mediaTags = ['video', 'audio', 'track']

/**
 * GitHub's schema (hast-util-sanitize's default) with what wikis use besides: `mark`, `abbr`, `u`, `figure`, captions,
 * `video`/`audio` from http(s) or the site, classes on every element (they style, they never run), and ids kept as
 * written so that `[…](#anker)` reaches an author's `<a id="anker">`. URLs: http(s), mailto and tel for links, http(s)
 * for media, and relative paths; anything else (`javascript:`, `data:`, `vbscript:`, in any spelling) is dropped.
 */
export const SAFE_HTML_SCHEMA: Schema = {
  ...defaultSchema,
  // an author's <input> would be a form field; the only ones a page has are the task list's, which wikigen makes
  tagNames: [...(defaultSchema.tagNames ?? []).filter((tag) => tag !== 'input'), ...extraTags, ...mediaTags],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'className'],
    a: [...(defaultSchema.attributes?.a ?? []).filter((a) => !Array.isArray(a) || a[0] !== 'className'), 'target', 'rel'],
    // spec §7: the zoomed image comes from the image's zoom-source attribute
    img: [...(defaultSchema.attributes?.img ?? []), 'dataZoomSrc'],
    abbr: ['title'],
    video: ['src', 'poster', 'controls', 'loop', 'muted', 'playsInline', 'preload'],
    audio: ['src', 'controls', 'loop', 'muted', 'preload'],
    source: [...(defaultSchema.attributes?.source ?? []), 'src', 'type'],
    track: ['src', 'kind', 'srcLang', 'label', 'default'],
  },
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto', 'tel'],
    src: ['http', 'https'],
    poster: ['http', 'https'],
    dataZoomSrc: ['http', 'https'],
  },
  // the structure is the browser parser's already (hast-util-raw); each element is judged on its own here
  ancestors: {},
  clobber: [],
  strip: ['script', 'style'],
}

/** Elements whose content goes with them: what they hold is code, a document or a form, never the page's text. */
const REMOVED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'textarea',
  'select',
  'title',
  'head',
  'base',
  'meta',
  'link',
  'svg',
  'math',
])

/** The property that marks an element as wikigen's own while the author's HTML is parsed around it. */
const OWN = 'dataWikigenOwn'

/**
 * True for a URL that runs script or shows a document of its own when followed: `javascript:`, `vbscript:` and `data:`
 * in any case, with the control characters and spaces a browser skips before and inside the scheme.
 *
 *     JaVaScRiPt:alert(1), ' java\tscript:x', 'DATA:text/html,…'   → true
 *     https://example.ch, mailto:a@b.ch, /seite.html, ssh://host     → false
 */
export function isScriptUrl(url: string): boolean {
  return /^(?:javascript|vbscript|data):/i.test(url.replace(/[\u0000-\u0020]/g, ''))
}

/** True when `root` holds raw HTML of an author (wikigen's own link placeholders aside). */
export function hasAuthorHtml(root: Root): boolean {
  let found = false
  const visit = (node: Root | RootContent): void => {
    if (found) return
    if (node.type === 'raw' && !isPlaceholder(node.value)) found = true
    else if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(root)
  return found
}

/**
 * Parses the author's raw HTML in `root` and keeps of it what SAFE_HTML_SCHEMA allows; wikigen's own elements stay as
 * they are. The declarations of the authors' `style` attributes that author-styles.ts allows become classes, and are
 * added to `styles` for the site's stylesheet. Returns the new tree (the input is not used afterwards).
 */
export function sanitizeAuthorHtml(root: Root, styles?: Set<string>): Root {
  if (!hasAuthorHtml(root)) return root
  const own: OwnElements = { mark: crypto.randomUUID(), properties: [], styles }
  markOwn(root, own)
  const parsed = raw(root) as Root
  return { ...parsed, children: cleanChildren(parsed.children, own) as RootContent[] }
}

/**
 * wikigen's own elements while the author's HTML is parsed around them: each carries `mark:n`, and its properties as
 * they were are kept in `properties[n]` (the parser would write `data-footnote-ref` as `data-footnote-ref=""`).
 */
interface OwnElements {
  /** A random mark, new for every page: an author cannot write it. */
  mark: string
  properties: Properties[]
  /** Where the declarations of the authors' style attributes go; without it, style attributes are dropped. */
  styles?: Set<string>
}

/** An HTML text written by an author (front matter's footer with `footerHtml: true`), made safe the same way. */
export function sanitizeHtmlText(html: string): string {
  const tree = fromHtml(html, { fragment: true })
  return toHtml({ ...tree, children: cleanChildren(tree.children, undefined) as RootContent[] })
}

function markOwn(node: Root | Element, own: OwnElements): void {
  for (const [i, child] of node.children.entries()) {
    if (child.type === 'element') {
      const properties = child.properties
      child.properties = { ...properties, [OWN]: `${own.mark}:${own.properties.push(properties) - 1}` }
      markOwn(child, own)
    } else if (child.type === 'raw' && isPlaceholder(child.value)) {
      // a link placeholder of wikigen's: text to the parser, the same characters in the output
      node.children[i] = { type: 'text', value: child.value }
    }
  }
}

function cleanChildren(children: readonly (RootContent | ElementContent)[], own: OwnElements | undefined): ElementContent[] {
  const kept: ElementContent[] = []
  for (const child of children) {
    if (child.type === 'text') kept.push(child)
    else if (child.type === 'element') kept.push(...cleanElement(child, own))
    // comments, doctypes and anything else of the author's stay out of the page
  }
  return kept
}

function cleanElement(element: Element, own: OwnElements | undefined): ElementContent[] {
  const marked = element.properties[OWN]
  if (own && typeof marked === 'string' && marked.startsWith(`${own.mark}:`)) {
    const properties = own.properties[Number(marked.slice(own.mark.length + 1))]
    return [{ ...element, properties, children: cleanChildren(element.children, own) }]
  }
  if (element.tagName === 'iframe') return webFrame(element)
  if (REMOVED_WITH_CONTENT.has(element.tagName)) return []
  const allowed = allowedShell(element)
  const children = cleanChildren(element.children, own)
  if (allowed && own?.styles && typeof element.properties.style === 'string') styleAsClasses(allowed, element.properties.style, own.styles)
  return allowed ? [{ ...allowed, children }] : children
}

/** The allowed declarations of `style` as classes on `element`, their rules recorded in `styles`. */
function styleAsClasses(element: Element, style: string, styles: Set<string>): void {
  const classes: string[] = []
  for (const declaration of authorDeclarations(style)) {
    const name = mathClassOf(declaration)
    if (!name) continue
    classes.push(name)
    styles.add(declaration)
  }
  if (classes.length === 0) return
  const current = element.properties.className
  element.properties.className = [...(Array.isArray(current) ? current.map(String) : []), ...classes]
}

/**
 * An author's `<iframe>` (Obsidian's way to embed a web page): kept only with an https address, sandboxed so the
 * framed page cannot navigate, script or read the wiki (it keeps its own origin, which it needs to work), loaded
 * when it scrolls near and sent no referrer. YouTube's player is asked for without cookies. Without an https `src`
 * (a `srcdoc`, a `javascript:` or a path of the site) nothing is kept.
 *
 *     <iframe src="https://www.youtube.com/embed/ID" width="560" height="315" allowfullscreen>
 *       → <iframe class="web-frame" src="https://www.youtube-nocookie.com/embed/ID" width="560" height="315"
 *           sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation"
 *           loading="lazy" referrerpolicy="no-referrer" allowfullscreen>
 */
const FRAME_FEATURES = new Set(['fullscreen', 'autoplay', 'picture-in-picture', 'encrypted-media', 'clipboard-write'])

function webFrame(element: Element): ElementContent[] {
  const src = typeof element.properties.src === 'string' ? element.properties.src.trim() : ''
  if (!/^https:\/\/[^\s"'<>\\]+$/i.test(src)) return []
  const properties: Properties = {
    className: ['web-frame'],
    src: src.replace(/^https:\/\/(?:www\.)?youtube\.com\/embed\//i, 'https://www.youtube-nocookie.com/embed/'),
  }
  for (const key of ['width', 'height'] as const) {
    const value = String(element.properties[key] ?? '')
    if (/^\d{1,4}%?$/.test(value)) properties[key] = value
  }
  const title = element.properties.title
  if (typeof title === 'string' && title.trim() !== '') properties.title = title.trim()
  properties.sandbox = ['allow-scripts', 'allow-same-origin', 'allow-popups', 'allow-forms', 'allow-presentation']
  properties.loading = 'lazy'
  properties.referrerPolicy = 'no-referrer'
  // of the features a frame may ask for, the ones a player needs; never camera, microphone, location or payment
  const allow = String(element.properties.allow ?? '')
    .split(';')
    .map((feature) => feature.trim().split(/\s/)[0].toLowerCase())
    .filter((feature) => FRAME_FEATURES.has(feature))
  if (allow.length > 0) properties.allow = [...new Set(allow)].join('; ')
  if (element.properties.allowFullScreen !== undefined && element.properties.allowFullScreen !== false) properties.allowFullScreen = true
  return [{ type: 'element', tagName: 'iframe', properties, children: [] }]
}

/** The element without its children as the schema allows it, or undefined when the schema does not allow the tag. */
function allowedShell(element: Element): Element | undefined {
  const { [OWN]: _forged, ...properties } = element.properties
  const shell: Element = { type: 'element', tagName: element.tagName, properties: properties as Properties, children: [] }
  const result = sanitize({ type: 'root', children: [shell] }, SAFE_HTML_SCHEMA)
  const first = result.type === 'root' ? result.children[0] : undefined
  return first?.type === 'element' && first.tagName === element.tagName ? first : undefined
}

/** Placeholders stand for resolved links (parse/page.ts placeholderOf): private-use characters around a number. */
function isPlaceholder(value: string): boolean {
  return /^\uE000\d+\uE001$/.test(value)
}
