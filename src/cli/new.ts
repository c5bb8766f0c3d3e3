/**
 * `wikigen new <template> "Title"`: creates a page from a template in templates/pages/, fills its front matter,
 * prints the URL the page will have, and never overwrites a page.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { requireRoot } from '../compiler/discover.js'
import { discoverContent } from '../compiler/load.js'
import { pageNameOf } from '../compiler/parse-page.js'
import { hrefOf, routePathOf } from '../compiler/paths.js'
import { slugifyPageName } from '../compiler/slugify.js'
import { resolveConfig } from '../compiler/config.js'
import { loadConfig } from './load-config.js'
import { createReporter, type Reporter } from './output.js'

export interface NewPageOptions {
  template: string
  title: string
  root: string
  /** Folder inside the content root; default: the root itself. */
  dir?: string
  /** Where templates live (default: the package's templates/pages). */
  templatesDir?: string
  /** Date shown in the page, default today (dd.mm.yyyy). */
  today?: Date
}

const DEFAULT_TEMPLATES = fileURLToPath(new URL('../templates/pages/', import.meta.url))

export function listTemplates(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .map((f) => f.replace(/\.md$/, ''))
        .sort()
    : []
}

/** Fills `{{title}}`, `{{date}}` and `{{section}}` of a template; the title is quoted for YAML when needed. */
export function fillPageTemplate(template: string, values: { title: string; date: string; section: string }): string {
  const yamlTitle =
    /^[\w\säöüÄÖÜéèàç.-]+$/.test(values.title) && !/^\s|\s$/.test(values.title) ? values.title : JSON.stringify(values.title)
  return template
    .replace(/^title: \{\{title\}\}$/m, `title: ${yamlTitle}`)
    .replace(/\{\{title\}\}/g, values.title)
    .replace(/\{\{date\}\}/g, values.date)
    .replace(/\{\{section\}\}/g, values.section)
}

export async function run(options: NewPageOptions, reporter: Reporter = createReporter()): Promise<number> {
  const c = reporter.colors
  // a page goes into an existing wiki: a mistyped --root (or a command run in the wrong folder) is one line, not a
  // new folder
  requireRoot(options.root)
  const templatesDir = options.templatesDir ?? findTemplatesDir()
  const templates = listTemplates(templatesDir)
  const template = templates.find((t) => t.toLowerCase() === options.template.toLowerCase())
  if (!template) {
    reporter.err(`${c.red('error')}  there is no template "${options.template}"`)
    reporter.err(`  ${c.dim('hint:')} use one of ${templates.map((t) => `"${t}"`).join(', ')}.`)
    return 2
  }
  const title = options.title.trim()
  const fileName = `${title.replace(/[\\/]/g, '-')}.md`
  const folder = join(options.root, options.dir ?? '')
  const file = join(folder, fileName)
  const slug = slugifyPageName(basename(fileName, '.md'))
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
  const date = `${String(today.getDate()).padStart(2, '0')}.${String(today.getMonth() + 1).padStart(2, '0')}.${today.getFullYear()}`
  const section = options.dir ? basename(options.dir) : template
  const text = fillPageTemplate(readFileSync(join(templatesDir, `${template}.md`), 'utf8'), { title, date, section })
  mkdirSync(folder, { recursive: true })
  writeFileSync(file, text, { flag: 'wx' })
  const config = resolveConfig((await loadConfig(options.root)).config)
  reporter.out(`${c.green('✓')} ${relative(process.cwd(), file)} created from "${template}"`)
  reporter.out(`  URL: ${c.cyan(hrefOf(routePathOf(slug, config.site.base)))}`)
  return 0
}

/** templates/pages beside the bundle (lib/ → ../templates) or the source (src/cli → ../../templates). */
function findTemplatesDir(): string {
  const candidates = [DEFAULT_TEMPLATES, fileURLToPath(new URL('../../templates/pages/', import.meta.url))]
  return candidates.find((dir) => existsSync(dir)) ?? DEFAULT_TEMPLATES
}
