/**
 * The pages Obsidian makes from files other than notes: a base (`Kunden.base`) is a list page whose views are
 * evaluated over the site's notes once the site is linked (bases-site.ts), a canvas (`Plan.canvas`) a drawing made
 * into SVG here. Both are titled by their file name and reached at /{slug}.html like any page (a canvas beside a
 * note of its name at /plan.canvas.html, link/routes.ts); `[[Kunden.base]]` links to them and `![[Plan.canvas]]`
 * embeds them.
 */
import type { RawHtmlPolicy } from './markdown/safe-html.js'
import { parseBase, renderViewTabs, type BaseDefinition, type BaseProblem } from './bases/index.js'
import { parseCanvas, renderCanvas, renderLinkCard } from './canvas/index.js'
import type { CanvasFileNode, CanvasGroupNode, CanvasLinkNode, CanvasTextNode } from './canvas/index.js'
import type { Diagnostic, DiagnosticCode } from '../diagnostics.js'
import { emptyFrontmatter } from './frontmatter.js'
import { escapeHtml } from '../html.js'
import { labels as deCH, type Labels } from '../../shared/labels.js'
import type { SourceFile } from '../discover/load.js'
import { stripComments } from './markdown/comments.js'
import { parseMarkdown } from './markdown/parse.js'
import { softBreaksAsBreaks } from './markdown/soft-breaks.js'
import { renderBody } from './markdown/to-hast.js'
import type { Fragment } from './page.js'
import { IMAGE_EXTENSIONS } from './markdown/wikilink/index.js'
import { placeholderOf, type Anchor, type Heading, type Page, type PageLink } from './page.js'
import { createHeadingSlugger } from './slugify.js'
import { searchDataOf } from './search-data.js'
import type { Slug, SourcePath } from '../paths.js'

const VIEW_LABELS = { table: 'basesTable', cards: 'basesCards', list: 'basesList', map: 'basesMap' } as const

/** The page of a `.base` file: its view, or its views as tabs, filled in after linking. */
export function parseBasePage(source: SourceFile, page: { name: string; slug: Slug }, labels: Labels = deCH): Page {
  const { base, problems } = parseBase(source.text)
  const diagnostics = [...source.diagnostics, ...problems.map((problem) => diagnosticOf(problem, source.path, 'bad-base'))]
  const links: PageLink[] = []
  const headers: Heading[] = []
  const anchors: Anchor[] = []
  const fragments: Fragment[] = []
  const slugger = createHeadingSlugger()
  const viewLink = (view: number | undefined, at: { line: number; column: number }) =>
    placeholderOf(links.push({ kind: 'base', syntax: 'wiki', target: '', base, ...(view === undefined ? {} : { view }), ...at }) - 1)
  let html = ''
  if (base.views.length === 1 && base.views[0].name !== '') {
    // a single named view has no heading, but `![[Kunden.base#Alle]]` still finds it, as in Obsidian
    const slug = slugger(base.views[0].name)
    const placeholder = viewLink(0, { line: 1, column: 1 })
    html = `<div id="${escapeHtml(slug)}">${placeholder}</div>`
    anchors.push({ level: 2, text: base.views[0].name, slug })
    fragments.push({ id: slug, html: placeholder })
  } else if (base.views.length <= 1) html = viewLink(base.views.length === 1 ? 0 : undefined, { line: 1, column: 1 })
  else {
    // several views: one tab each, the first shown, as Obsidian shows one view at a time; each panel has the view's
    // slug as its id, so `[[Kunden.base#Karten]]` opens that tab and `![[Kunden.base#Karten]]` embeds that view
    const panels = base.views.map((view, index) => {
      const title = view.name || `${labels[VIEW_LABELS[view.type]]} ${index + 1}`
      const slug = slugger(title)
      anchors.push({ level: 2, text: title, slug })
      // the outline lists the views; its link's #hash opens the tab (src/client/tabs.ts)
      headers.push({ level: 2, title, slug, link: `#${slug}`, children: [] })
      return { label: title, slug, html: viewLink(index, { line: view.line, column: view.column }) }
    })
    html = renderViewTabs(panels, (i) => panels[i].slug, labels.basesViews)
    for (const panel of panels) fragments.push({ id: panel.slug, html: panel.html })
  }
  return sourcePage(source, page, { html, links, headers, anchors, fragments, diagnostics })
}

/** The page of a `.canvas` file: its drawing as SVG, node texts rendered as markdown, file nodes as links or images. */
export function parseCanvasPage(
  source: SourceFile,
  page: { name: string; slug: Slug },
  labels: Labels = deCH,
  { rawHtml = 'safe', softBreaks = false }: { rawHtml?: RawHtmlPolicy; softBreaks?: boolean } = {},
): Page {
  const { canvas, problems } = parseCanvas(source.text)
  const diagnostics = [...source.diagnostics, ...problems.map((problem) => diagnosticOf(problem, source.path, 'bad-canvas'))]
  // a canvas that cannot be read at all is an error; one with a bad node or edge is drawn without it
  if (!canvas) for (const diagnostic of diagnostics) if (diagnostic.code === 'bad-canvas') diagnostic.severity = 'error'
  const links: PageLink[] = []
  const externalLinks: Page['externalLinks'] = []
  let hasImage = false
  const mathStyles = new Set<string>()
  const authorStyles = new Set<string>()
  const register = (link: PageLink) => placeholderOf(links.push(link) - 1)
  const at = (node: { position?: { line: number; column: number } }) => ({
    line: node.position?.line ?? 1,
    column: node.position?.column ?? 1,
  })
  const html = canvas
    ? renderCanvas(canvas, {
        label: source.path.replace(/^.*\//, ''),
        text(node: CanvasTextNode) {
          const { tree } = parseMarkdown(stripComments(node.text).text)
          if (softBreaks) softBreaksAsBreaks(tree)
          const before = links.length
          const rendered = renderBody(tree, { externalLinkIcon: false, links, labels, rawHtml })
          hasImage ||= rendered.hasImage
          for (const declaration of rendered.mathStyles) mathStyles.add(declaration)
          for (const declaration of rendered.authorStyles) authorStyles.add(declaration)
          for (const problem of rendered.mathProblems) diagnostics.push(diagnosticOf({ ...problem, ...at(node) }, source.path, 'bad-math'))
          for (const link of rendered.externalLinks) externalLinks.push({ url: link.url, ...at(node) })
          // problems with the links of a text node are reported at the node
          for (const link of links.slice(before)) Object.assign(link, at(node))
          return rendered.html
        },
        file(node: CanvasFileNode) {
          const target = node.file.replace(/\.md$/i, '')
          const anchor = node.subpath?.replace(/^#/, '')
          if (IMAGE_EXTENSIONS.test(node.file)) {
            hasImage = true
            return register({ kind: 'image', syntax: 'wiki', target: node.file, alt: '', ...at(node) })
          }
          if (/\.(md|canvas|base)$/i.test(node.file) || !/\.[a-z\d]{1,5}$/i.test(node.file))
            return register({ kind: 'embed', syntax: 'wiki', target, ...(anchor ? { anchor } : {}), ...at(node) })
          return register({
            kind: 'link',
            syntax: 'wiki',
            target: node.file,
            labelHtml: escapeHtml(node.file.replace(/^.*\//, '')),
            ...at(node),
          })
        },
        link(node: CanvasLinkNode) {
          if (/^https?:\/\//i.test(node.url.trim())) externalLinks.push({ url: node.url.trim(), ...at(node) })
          return renderLinkCard(node.url, labels.openInNewWindow)
        },
        background(group: CanvasGroupNode) {
          const image = { kind: 'image', syntax: 'markdown', target: group.background ?? '', alt: '', ...at(group) } as const
          const href = register({ ...image, part: 'src' })
          let size: string | undefined
          return { href, size: () => (size ??= register({ ...image, part: 'size' })) }
        },
      })
    : `<p class="canvas-error">${escapeHtml(`${labels.canvasError}: ${source.path}`)}</p>`
  const hasMath = mathStyles.size > 0
  const result = sourcePage(source, page, { html, links, headers: [], anchors: [], fragments: [], diagnostics, hasMath })
  return {
    ...result,
    externalLinks,
    hasImage,
    ...(hasMath ? { mathStyles: [...mathStyles].sort() } : {}),
    ...(authorStyles.size > 0 ? { authorStyles: [...authorStyles].sort() } : {}),
  }
}

interface PageParts {
  html: string
  links: PageLink[]
  headers: Heading[]
  anchors: Anchor[]
  fragments: Fragment[]
  diagnostics: Diagnostic[]
  /** Canvas text nodes with formulas. */
  hasMath?: boolean
}

function sourcePage(source: SourceFile, page: { name: string; slug: Slug }, parts: PageParts): Page {
  const frontmatter = emptyFrontmatter()
  return {
    sourcePath: source.path,
    slug: page.slug,
    name: page.name,
    title: page.name,
    hasOwnH1: false,
    frontmatter,
    headers: parts.headers,
    anchors: parts.anchors,
    links: parts.links,
    externalLinks: [],
    fileRefs: [],
    html: parts.html,
    searchData: searchDataOf(parts.html, parts.links, page.name, { math: parts.hasMath }),
    hasDiagram: false,
    fragments: parts.fragments,
    hasImage: parts.links.some((link) => link.kind === 'image'),
    hasCode: false,
    hasTabs: false,
    contentHash: source.contentHash,
    diagnostics: parts.diagnostics,
  }
}

/** A warning of `code` in `file` for a problem found at a line and column (a base's, a canvas's, a code fence's). */
export function diagnosticOf(problem: BaseProblem, file: SourcePath, code: DiagnosticCode): Diagnostic {
  return { severity: 'warning', code, file, line: problem.line, column: problem.column, message: problem.message, hint: problem.hint }
}

export type { BaseDefinition }
