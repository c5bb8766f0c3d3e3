/**
 * One content file to one Page: front matter, markdown, headings, links and body HTML.
 * Needs nothing but the file itself, so it runs on any worker and its result can be cached by content hash.
 */
import { MAX_INLINE_TAGS } from './markdown/tags.js'
import type { RawHtmlPolicy } from './markdown/safe-html.js'
import { MAX_DIAGRAM_TEXT } from '../config/constants.js'
import { readFrontmatter } from './frontmatter.js'
import { parseMarkdown } from './markdown/parse.js'
import { softBreaksAsBreaks } from './markdown/soft-breaks.js'
import { guardStructure, MAX_NESTING } from './markdown/guard.js'
import { overBudget } from './markdown/page-budget.js'
import { stripComments } from './markdown/comments.js'
import { guardFloods, MAX_BRACKETS, MAX_DELIMITERS, MAX_TABLE_COLUMNS } from './markdown/flood-guard.js'
import type { Diagnostic } from '../diagnostics.js'
import type { Frontmatter } from './frontmatter.js'
import { escapeHtml } from '../html.js'
import type { Node } from 'unist'
import { renderBody } from './markdown/to-hast.js'
import { messageOf, runTransforms, type HookProblem, type MarkdownFile, type MarkdownPlugins } from './markdown/plugins.js'
import type { SourceFile } from '../discover/load.js'
import { PLACEHOLDER, type Page, type PageLink } from './page.js'
import type { SourcePath } from '../paths.js'
import { slugifyPageName } from './slugify.js'
import { diagnosticOf, parseBasePage, parseCanvasPage } from './source-pages.js'
import { labels as deCH, type Labels } from '../../shared/labels.js'
import { searchDataOf } from './search-data.js'
import { firstImageOf, summaryOf } from './summary.js'
import { previewImageOf } from './preview-image.js'
import type { Slug } from '../paths.js'

const INDEX_FILE = /(^|\/)(readme|index)\.md$/i

/**
 * The page name and slug a file path gives:
 *
 *     'Odoo/Odoo Hosting.md' → { name: 'Odoo Hosting', slug: 'odoo-hosting' }
 *     'index.md', 'README.md' → { name: '', slug: '' }          (the home page)
 *     'Odoo/README.md'        → { name: 'Odoo', slug: 'odoo' }  (a folder index)
 */
export function pageNameOf(path: SourcePath): { name: string; slug: Slug } {
  const parts = path.split('/')
  const name = INDEX_FILE.test(path) ? (parts[parts.length - 2] ?? '') : parts[parts.length - 1].replace(/\.(md|base|canvas)$/i, '')
  return { name, slug: slugifyPageName(name) }
}

/** How the site's pages are parsed, beyond their text: from the config and the vault's settings. */
export interface ParseSettings {
  /** The config's `markdown.rawHtml`; default 'safe'. */
  rawHtml?: RawHtmlPolicy
  /** Single line breaks show as breaks (config `markdown.lineBreaks`, else the vault's Obsidian setting). */
  softBreaks?: boolean
}

/**
 * Compiles one source file into a Page. Content mistakes become diagnostics on the page; this never throws for them.
 * `labels` are the site's texts; `plugins` are the config's markdown hooks (plugins.ts); one that throws is an error on the page, built without it.
 */
export function parsePage(source: SourceFile, labels: Labels = deCH, plugins?: MarkdownPlugins, settings: ParseSettings = {}): Page {
  const rawHtml = settings.rawHtml ?? 'safe'
  if (/\.base$/i.test(source.path)) return parseBasePage(source, pageNameOf(source.path), labels)
  if (/\.canvas$/i.test(source.path)) return parseCanvasPage(source, pageNameOf(source.path), labels, settings)
  const { frontmatter, body, diagnostics } = readFrontmatter(source.text, source.path)
  diagnostics.unshift(...source.diagnostics)
  if (body.length > MAX_PAGE_CHARS) {
    return plainTextPage(source, frontmatter, body, diagnostics, {
      code: 'page-too-large',
      message: `Page has ${body.length} characters of markdown, more than the ${MAX_PAGE_CHARS} wikigen formats; it is shown as plain text`,
    })
  }
  const over = overBudget(body)
  if (over) {
    return plainTextPage(source, frontmatter, body, diagnostics, {
      code: 'page-too-complex',
      message: `Page has ${over.count} ${over.what}, more than the ${over.limit} wikigen formats on one page; it is shown as plain text`,
    })
  }
  const uncommented = stripComments(body)
  if (uncommented.unclosedLine !== undefined) {
    diagnostics.push({
      severity: 'warning',
      code: 'unclosed-comment',
      file: source.path,
      line: uncommented.unclosedLine,
      column: 1,
      message: 'A comment ("%%") is never closed: the rest of the page is hidden, as in Obsidian',
      hint: 'Close the comment with a second "%%", or write "\\%%" for a literal "%%".',
    })
  }
  const guarded = guardStructure(uncommented.text)
  if (guarded.cappedLine !== undefined) {
    diagnostics.push({
      severity: 'warning',
      code: 'too-deep',
      file: source.path,
      line: guarded.cappedLine,
      column: 1,
      message: `Quotes or lists are nested more than ${MAX_NESTING} levels deep`,
      hint: 'Deeper levels are shown at the deepest allowed one; flatten the structure.',
    })
  }
  const floods = guardFloods(guarded.text)
  for (const line of floods.delimiterFloods) {
    diagnostics.push({
      severity: 'warning',
      code: 'too-many-delimiters',
      file: source.path,
      line,
      column: 1,
      message: `Paragraph holds more than ${MAX_DELIMITERS} "*", "_" and "~"; they are shown as written, without emphasis`,
      hint: 'Put such text into a code block (```), or split the paragraph.',
    })
  }
  for (const line of floods.bracketFloods) {
    diagnostics.push({
      severity: 'warning',
      code: 'too-many-brackets',
      file: source.path,
      line,
      column: 1,
      message: `Paragraph holds more than ${MAX_BRACKETS} "["; its brackets are shown as written, without links`,
      hint: 'Put such text into a code block (```), or split the paragraph.',
    })
  }
  for (const { line, columns } of floods.wideTables) {
    diagnostics.push({
      severity: 'warning',
      code: 'table-too-wide',
      file: source.path,
      line,
      column: 1,
      message: `Table has ${columns} columns, more than the ${MAX_TABLE_COLUMNS} a page can show; it is shown as text`,
      hint: 'Split the table, or attach the data as a CSV file and link it.',
    })
  }
  const hookProblems: HookProblem[] = []
  const file: MarkdownFile = { path: source.path, frontmatter }
  const { tree, problems } = parseWithPlugins(floods.text, plugins, hookProblems)
  if (guarded.lineMap) remapLines(tree, guarded.lineMap)
  if (settings.softBreaks) softBreaksAsBreaks(tree)
  if (plugins) runTransforms('mdastTransforms', plugins.mdastTransforms, tree, file, hookProblems)
  for (const problem of problems) {
    diagnostics.push({
      severity: 'warning',
      code: problem.code,
      file: source.path,
      line: problem.position?.start.line ?? 0,
      column: problem.position?.start.column ?? 0,
      message: problem.message,
      hint: problem.hint,
    })
  }
  const rendered = renderBody(tree, {
    externalLinkIcon: frontmatter.externalLinkIcon,
    labels,
    rawHtml,
    ...(plugins && plugins.hastTransforms.length > 0 ? { hastTransforms: { transforms: plugins.hastTransforms, file, hookProblems } } : {}),
  })
  for (const problem of hookProblems) {
    diagnostics.push({
      severity: 'error',
      code: 'markdown-hook-failed',
      file: source.path,
      line: 0,
      column: 0,
      message: `The config's ${problem.hook} failed on this page: ${problem.message}`,
      hint: 'Fix the hook in wikigen.config.ts (the page is built without it meanwhile).',
    })
  }
  for (const problem of rendered.baseProblems) diagnostics.push(diagnosticOf(problem, source.path, 'bad-base'))
  for (const problem of rendered.codeProblems) diagnostics.push(diagnosticOf(problem, source.path, 'code-fence'))
  for (const problem of rendered.queryProblems) diagnostics.push(diagnosticOf(problem, source.path, 'bad-query'))
  for (const problem of rendered.mathProblems) diagnostics.push(diagnosticOf(problem, source.path, 'bad-math'))
  if (rendered.tagOverflow) {
    diagnostics.push({
      severity: 'warning',
      code: 'too-many-tags',
      file: source.path,
      ...rendered.tagOverflow,
      message: `Page has more than ${MAX_INLINE_TAGS} inline tags; this one and the ones after it are shown as text`,
      hint: "Give the page fewer tags, or list the rest in the front matter's tags.",
    })
  }
  for (const diagram of rendered.diagrams) {
    if (diagram.value.length > MAX_DIAGRAM_TEXT) {
      diagnostics.push({
        severity: 'warning',
        code: 'diagram-too-large',
        file: source.path,
        line: diagram.line,
        column: diagram.column,
        message: `Diagram text has ${diagram.value.length} characters, more than the maximum of ${MAX_DIAGRAM_TEXT}`,
        hint: 'Split the diagram into smaller ones; readers see "Maximum text size in diagram exceeded" instead.',
      })
    }
  }
  const { name, slug } = pageNameOf(source.path)
  return {
    sourcePath: source.path,
    slug,
    name,
    title: frontmatter.title ?? rendered.firstH1 ?? name,
    hasOwnH1: rendered.startsWithH1,
    frontmatter,
    headers: rendered.headers,
    anchors: rendered.anchors,
    links: withEmbedOffsets(rendered.links, rendered.html),
    externalLinks: rendered.externalLinks,
    fileRefs: rendered.fileRefs,
    html: rendered.html,
    searchData: searchDataOf(rendered.html, rendered.links, frontmatter.title ?? rendered.firstH1 ?? name, {
      webEmbeds: rendered.hasWebEmbed,
      math: rendered.mathStyles.length > 0,
    }),
    hasDiagram: rendered.diagrams.length > 0,
    fragments: rendered.fragments,
    hasImage: rendered.hasImage,
    ...previewOf(rendered.html, rendered.links, frontmatter, rendered.hasImage),
    hasCode: rendered.hasCode,
    hasTabs: rendered.hasTabs,
    ...(rendered.mathStyles.length > 0 ? { mathStyles: rendered.mathStyles } : {}),
    ...(rendered.authorStyles.length > 0 ? { authorStyles: rendered.authorStyles } : {}),
    contentHash: source.contentHash,
    diagnostics,
  }
}

/**
 * What a link preview shows of a page whose front matter does not say it (summary.ts): the first paragraph's text and
 * the first image, each looked for only when front matter names none.
 */
function previewOf(
  html: string,
  links: readonly PageLink[],
  frontmatter: Frontmatter,
  hasImage: boolean,
): Pick<Page, 'summary' | 'firstImage'> {
  const summary = frontmatter.description === undefined ? summaryOf(html, links) : ''
  const firstImage = hasImage && previewImageOf({ frontmatter }) === undefined ? firstImageOf(html, links) : undefined
  return { ...(summary ? { summary } : {}), ...(firstImage !== undefined ? { firstImage } : {}) }
}

/** Notes where each embed's placeholder is in the body HTML (PageLink.offset); pages without embeds are not scanned. */
function withEmbedOffsets(links: PageLink[], html: string): PageLink[] {
  if (!links.some((link) => link.kind === 'embed')) return links
  for (const match of html.matchAll(PLACEHOLDER)) {
    const link = links[Number(match[1])]
    if (link?.kind === 'embed') link.offset = match.index
  }
  return links
}

/** Parses with the config's syntax extensions; when they throw, a problem and the page parsed without them. */
function parseWithPlugins(text: string, plugins: MarkdownPlugins | undefined, hookProblems: HookProblem[]) {
  if (!plugins || (plugins.micromarkExtensions.length === 0 && plugins.mdastExtensions.length === 0)) return parseMarkdown(text)
  try {
    return parseMarkdown(text, plugins)
  } catch (error) {
    hookProblems.push({ hook: 'markdown.micromarkExtensions / markdown.mdastExtensions', message: messageOf(error) })
    return parseMarkdown(text)
  }
}

/**
 * Most characters of markdown a page may have. Parsing costs far more memory than the text (up to 500 bytes per
 * character for a page of short paragraphs: 8 MB took 37 s and 3.9 GB), so a larger page, which is never a note
 * someone wrote but a pasted log or export, is shown as its text.
 */
export const MAX_PAGE_CHARS = 6 << 20

/** A page too large or too complex to format (MAX_PAGE_CHARS, page-budget.ts): its text, escaped and preformatted, with a warning. */
function plainTextPage(
  source: SourceFile,
  frontmatter: Frontmatter,
  body: string,
  diagnostics: Diagnostic[],
  why: { code: 'page-too-large' | 'page-too-complex'; message: string },
): Page {
  diagnostics.push({
    severity: 'warning',
    code: why.code,
    file: source.path,
    line: 1,
    column: 1,
    message: why.message,
    hint: 'Split the page, or attach the text as a file and link it.',
  })
  const { name, slug } = pageNameOf(source.path)
  return {
    sourcePath: source.path,
    slug,
    name,
    title: frontmatter.title ?? name,
    hasOwnH1: false,
    frontmatter,
    headers: [],
    anchors: [],
    links: [],
    externalLinks: [],
    fileRefs: [],
    html: `<pre class="page-text">${escapeHtml(body)}</pre>`,
    searchData: '',
    hasDiagram: false,
    fragments: [],
    hasImage: false,
    hasCode: false,
    hasTabs: false,
    contentHash: source.contentHash,
    diagnostics,
  }
}

/** Puts the author's line numbers back into a tree parsed from guarded text with inserted lines. */
function remapLines(node: Node, lineMap: readonly number[]): void {
  const stack: Node[] = [node]
  while (stack.length > 0) {
    const current = stack.pop()!
    if (current.position) {
      current.position.start.line = lineMap[current.position.start.line - 1] ?? current.position.start.line
      current.position.end.line = lineMap[current.position.end.line - 1] ?? current.position.end.line
    }
    if ('children' in current) stack.push(...(current.children as Node[]))
  }
}
