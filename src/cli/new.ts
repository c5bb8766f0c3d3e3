/**
 * `wikigen new <template> "Title"`: creates a page from a template, fills its front matter, prints the URL the page
 * will have, and never overwrites a page. Templates come first from the vault's own templates folder (the folder of
 * `.obsidian/templates.json`, else `templates/`, as publish-rules.ts finds it), then from those wikigen ships in
 * the site's language (templates/pages/de/ for German sites, templates/pages/en/ for any other; without `site.lang`
 * the language of the notes).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { requireRoot } from '../compiler/discover/discover.js'
import { contains, realPathOf } from '../compiler/discover/folder-identity.js'
import { discoverContent } from '../compiler/discover/load.js'
import { pageNameOf } from '../compiler/parse/parse-page.js'
import { hrefOf, routePathOf } from '../compiler/paths.js'
import { slugifyPageName } from '../compiler/parse/slugify.js'
import { MAX_NAME_BYTES } from '../compiler/output/output-claims.js'
import { DEFAULT_CONFIG, resolveConfig, withSiteLanguage } from '../compiler/config/config.js'
import { siteLanguageOf } from '../compiler/discover/vault-language.js'
import { readPublishRules } from '../compiler/discover/publish-rules.js'
import { localeOf } from '../shared/locales.js'
import { loadConfig } from './load-config.js'
import { createReporter, type Reporter } from './output.js'

export interface NewPageOptions {
  template: string
  title: string
  root: string
  /** Folder inside the content root; default: the root itself. */
  dir?: string
  /** Where the shipped templates live, one folder per language (default: the package's templates/pages). */
  templatesDir?: string
  /** Date shown in the page, default today: dd.mm.yyyy on German sites, yyyy-mm-dd on others. */
  today?: Date
}

const DEFAULT_TEMPLATES = fileURLToPath(new URL('../templates/pages/', import.meta.url))

/** A folder of templates: the vault's own, or wikigen's in one language. */
export interface TemplateFolder {
  dir: string
  /** How the folder is named to the user: its path from the content root, or 'wikigen (en)'. */
  name: string
}

/** The folders `wikigen new` takes templates from, in order: the vault's templates folder, then wikigen's. */
export function templateFolders(root: string, lang: string, shipped: string = findTemplatesDir()): TemplateFolder[] {
  const language = localeOf(lang).name.startsWith('de') ? 'de' : 'en'
  const own = readPublishRules(root).templatesFolder
  return [
    ...(own !== undefined && existsSync(join(root, own)) ? [{ dir: join(root, own), name: own }] : []),
    { dir: join(shipped, language), name: `wikigen (${language})` },
  ]
}

export function listTemplates(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .map((f) => f.replace(/\.md$/, ''))
        .sort()
    : []
}

/**
 * Fills `{{title}}`, `{{date}}`, `{{time}}` (Obsidian's template variables) and `{{section}}` of a template; the title
 * is quoted for YAML when needed.
 */
export function fillPageTemplate(template: string, values: { title: string; date: string; section: string; time?: string }): string {
  const yamlTitle =
    /^[\w\säöüÄÖÜéèàç.-]+$/.test(values.title) && !/^\s|\s$/.test(values.title) ? values.title : JSON.stringify(values.title)
  return template
    .replace(/^title: \{\{title\}\}$/m, `title: ${yamlTitle}`)
    .replace(/\{\{title\}\}/g, values.title)
    .replace(/\{\{date\}\}/g, values.date)
    .replace(/\{\{section\}\}/g, values.section)
    .replace(/\{\{time\}\}/g, values.time ?? '')
}

export async function run(options: NewPageOptions, reporter: Reporter = createReporter()): Promise<number> {
  const c = reporter.colors
  // a page goes into an existing wiki: a mistyped --root (or a command run in the wrong folder) is one line, not a
  // new folder
  requireRoot(options.root)
  const user = (await loadConfig(options.root)).config
  // the site's language as a build finds it: without `site.lang`, an English vault gets English templates
  const language =
    user.site?.lang ??
    (await siteLanguageOf(undefined, (await discoverContent(options.root)).markdown, { fallback: DEFAULT_CONFIG.site.lang })).lang
  const config = withSiteLanguage(resolveConfig(user), language)
  const german = localeOf(config.site.lang).name.startsWith('de')
  const folders = templateFolders(options.root, config.site.lang, options.templatesDir)
  const found = folders
    .map((folder) => ({ folder, name: listTemplates(folder.dir).find((t) => t.toLowerCase() === options.template.toLowerCase()) }))
    .find((candidate) => candidate.name !== undefined)
  if (!found) {
    const known = [...new Set(folders.flatMap((folder) => listTemplates(folder.dir)))]
    reporter.err(`${c.red('error')}  there is no template "${options.template}"`)
    reporter.err(`  ${c.dim('hint:')} use one of ${known.map((t) => `"${t}"`).join(', ')}.`)
    return 2
  }
  const template = found.name!
  const title = options.title.trim()
  const fileName = `${title.replace(/[\\/]/g, '-')}.md`
  const folder = join(options.root, options.dir ?? '')
  const file = join(folder, fileName)
  const slug = slugifyPageName(basename(fileName, '.md'))
  // real paths: a symbolic link inside the root that leads out of it counts as outside
  if (!contains(realPathOf(options.root), realPathOf(folder))) {
    reporter.err(`${c.red('error')}  the folder "${options.dir}" is outside the content folder ${options.root}`)
    reporter.err(`  ${c.dim('hint:')} name a folder inside it, e.g. --dir Anleitungen.`)
    return 2
  }
  // the file and the page's route are names on a file system: at most 255 bytes each
  const longest = Math.max(Buffer.byteLength(fileName), Buffer.byteLength(`${slug}.html`))
  if (longest > MAX_NAME_BYTES) {
    reporter.err(`${c.red('error')}  the title is too long for a file name (${longest} bytes, at most ${MAX_NAME_BYTES})`)
    reporter.err(`  ${c.dim('hint:')} use a shorter title; a longer one can stand in the page's front matter as title.`)
    return 2
  }
  if (slug === '') {
    reporter.err(`${c.red('error')}  the title "${title}" gives no usable URL`)
    reporter.err(`  ${c.dim('hint:')} use a title with letters or digits.`)
    return 2
  }
  const existing = existsSync(options.root)
    ? (await discoverContent(options.root)).markdown.find((ref) => pageNameOf(ref.path).slug === slug)
    : undefined
  if (existsSync(file) || existing) {
    reporter.err(`${c.red('error')}  a page with this URL already exists: ${existing ? join(options.root, existing.path) : file}`)
    reporter.err(`  ${c.dim('hint:')} choose another title, or edit the existing page.`)
    return 1
  }
  const today = options.today ?? new Date()
  const [day, month, year] = [String(today.getDate()).padStart(2, '0'), String(today.getMonth() + 1).padStart(2, '0'), today.getFullYear()]
  const date = german ? `${day}.${month}.${year}` : `${year}-${month}-${day}`
  const section = options.dir ? basename(options.dir) : template
  const text = fillPageTemplate(readFileSync(join(found.folder.dir, `${template}.md`), 'utf8'), {
    title,
    date,
    section,
    time: `${String(today.getHours()).padStart(2, '0')}:${String(today.getMinutes()).padStart(2, '0')}`,
  })
  mkdirSync(folder, { recursive: true })
  writeFileSync(file, text, { flag: 'wx' })
  reporter.out(`${c.green('✓')} ${relative(process.cwd(), file)} created from "${template}" (${found.folder.name})`)
  reporter.out(`  URL: ${c.cyan(hrefOf(routePathOf(slug, config.site.base)))}`)
  return 0
}

/** templates/pages beside the bundle (lib/ → ../templates) or the source (src/cli → ../../templates). */
function findTemplatesDir(): string {
  const candidates = [DEFAULT_TEMPLATES, fileURLToPath(new URL('../../templates/pages/', import.meta.url))]
  return candidates.find((dir) => existsSync(dir)) ?? DEFAULT_TEMPLATES
}
