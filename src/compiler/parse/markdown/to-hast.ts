/**
 * mdast to hast for one page. Besides the standard conversion it
 * - gives every heading a unique anchor and collects the header tree (levels 2–3) and all anchors,
 * - replaces every internal link, image and embed with a placeholder and records it in `links`,
 * - marks external links (target, rel, icon), and renders code, diagrams and math.
 * Each custom construct makes its own HTML in its folder: wikilink/, container/, tabs/, callout/, math/.
 */
import { isScriptUrl, sanitizeAuthorHtml, type RawHtmlPolicy } from './safe-html.js'
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast'
import type { Code, Heading as MdHeading, Image, Link, LinkReference, Nodes, Paragraph, PhrasingContent, Root } from 'mdast'
import { toHast, type Handler } from 'mdast-util-to-hast'
import { toHtml } from 'hast-util-to-html'
import { escapeHtml } from '../../html.js'
import { labels as deCH, type Labels } from '../../../shared/labels.js'
import { INDEX_HEADING_LEVELS } from '../../config/constants.js'
import { createHeadingSlugger } from '../slugify.js'
import { placeholderOf, type Anchor, type Fragment, type Heading, type PageLink } from '../page.js'
import { parseBase, type BaseProblem } from '../bases/index.js'
import { parseQuery } from '../query/parse.js'
import { markBlockIds } from './block-ids.js'
import { createCalloutHandler } from './callout/index.js'
import { codeBlock, diagramBlock, fenceProblems, internalLinksOf, parseFenceInfo } from './code/index.js'
import { createContainerHandler } from './container/index.js'
import { element, raw, text, type BodyContext } from './hast.js'
import { markInlineTags, type TagNode } from './tags.js'
import { createWikiLinkHandler, IMAGE_EXTENSIONS } from './wikilink/index.js'
import { createMathHandlers, keepGluedTextWithMath, type MathProblem } from './math/index.js'
import { altText } from './alt-text.js'
import { externalMedia, linkCard, mediaKindOf, NO_DIM, splitSize, webEmbedOf, youtubePlayer } from './media/index.js'
import { runTransforms, type HastTransform, type HookProblem, type MarkdownFile } from './plugins.js'

export interface RenderedBody {
  html: string
  headers: Heading[]
  anchors: Anchor[]
  links: PageLink[]
  externalLinks: { url: string; line: number; column: number }[]
  /** Local paths that raw HTML points at (src, href, data-zoom-src, poster), as written. */
  fileRefs: string[]
  /** Text of the first h1, when there is one. */
  firstH1?: string
  startsWithH1: boolean
  diagrams: { value: string; line: number; column: number }[]
  /** Mistakes in ```base blocks, at their line and column in the file. */
  baseProblems: BaseProblem[]
  /** Unknown languages and impossible line numbers in code fences, at the fence. */
  codeProblems: { message: string; hint: string; line: number; column: number }[]
  /** What of a ```query block cannot be evaluated (the block then shows as its source), at its line and column. */
  queryProblems: { message: string; hint: string; line: number; column: number }[]
  /** Where the first inline tag past MAX_INLINE_TAGS stands; it and the ones after it are shown as text. */
  tagOverflow?: { line: number; column: number }
  /** The parts of `html` that `![[Seite#Überschrift]]` and `![[Seite#^id]]` embed (see Fragment). */
  fragments: Fragment[]
  hasImage: boolean
  hasCode: boolean
  hasTabs: boolean
  /** A YouTube placeholder or a link card is in the body (their addresses stay out of the full-text index). */
  hasWebEmbed: boolean
  /** Formulas KaTeX could not typeset (shown as their source), at the formula. */
  mathProblems: MathProblem[]
  /** The style declarations of the body's formulas, sorted (math/styles.ts); empty without math. */
  mathStyles: string[]
  /** The declarations of the authors' style attributes, now classes (author-styles.ts), sorted; empty without any. */
  authorStyles: string[]
}

export interface RenderOptions {
  /** Show the external-link icon (front matter externalLinkIcon, default true). */
  externalLinkIcon: boolean
  /** The authors' raw HTML: 'safe' (the default) keeps what safe-html.ts allows, 'trusted' passes it as written. */
  rawHtml?: RawHtmlPolicy
  /** Record links here instead of in the result: several bodies of one page (canvas texts) share one list. */
  links?: PageLink[]
  /** The config's hast transforms, run on the body's tree before it becomes HTML; failures go to `hookProblems`. */
  hastTransforms?: { transforms: readonly HastTransform[]; file: MarkdownFile; hookProblems: HookProblem[] }
  /** The site's texts (src/shared/locales.ts); default de-CH. */
  labels?: Labels
}

const SCHEME = /^[a-z][a-z\d+.-]*:/i

/** Renders a parsed page body to HTML with link placeholders. */
export function renderBody(tree: Root, options: RenderOptions): RenderedBody {
  const slugger = createHeadingSlugger()
  const out: RenderedBody = {
    html: '',
    headers: [],
    anchors: [],
    links: [],
    externalLinks: [],
    fileRefs: [],
    startsWithH1:
      tree.children.find((n) => n.type !== 'html' || n.value.trim() !== '')?.type === 'heading' &&
      (tree.children.find((n) => n.type === 'heading') as MdHeading).depth === 1,
    diagrams: [],
    baseProblems: [],
    codeProblems: [],
    queryProblems: [],
    fragments: [],
    hasImage: false,
    hasCode: false,
    hasTabs: false,
    hasWebEmbed: false,
    mathProblems: [],
    mathStyles: [],
    authorStyles: [],
  }
  let tabGroups = 0
  const labels = options.labels ?? deCH
  const context: BodyContext = {
    labels,
    register: (link) => placeholderOf((options.links ?? out.links).push(link) - 1),
    at: (node) => ({ line: node.position?.start.line ?? 0, column: node.position?.start.column ?? 0 }),
    markImage: () => void (out.hasImage = true),
    nextTabGroup: () => {
      out.hasTabs = true
      return ++tabGroups
    },
  }
  const { register, at } = context
  for (const id of markBlockIds(tree)) out.anchors.push({ level: 0, text: `^${id}`, slug: `^${id}` })
  const tagOverflow = markInlineTags(tree)
  if (tagOverflow) out.tagOverflow = tagOverflow
  const tag: Handler = (_state, node: TagNode) => raw(register({ kind: 'tag', syntax: 'wiki', target: node.name, ...at(node as Nodes) }))
  const wikiLink = createWikiLinkHandler(context)
  const container = createContainerHandler(context)
  const callout = createCalloutHandler(context)
  const mathDeclarations = new Set<string>()
  const mathHandlers = createMathHandlers({ at, problems: out.mathProblems, declarations: mathDeclarations })

  const heading: Handler = (state, node: MdHeading, parent) => {
    const text = plainText(node).trim()
    const slug = slugger(text)
    out.anchors.push({ level: node.depth, text, slug })
    if (node.depth === 1 && out.firstH1 === undefined) out.firstH1 = text
    if (parent?.type === 'root' && (INDEX_HEADING_LEVELS as readonly number[]).includes(node.depth)) {
      const entry: Heading = { level: node.depth, title: text, slug, link: `#${slug}`, children: [] }
      const last = out.headers[out.headers.length - 1]
      if (node.depth === 3 && last && last.level === 2) last.children.push(entry)
      else out.headers.push(entry)
    }
    return element(`h${node.depth}`, { id: slug, tabIndex: -1 }, [
      element('a', { className: ['header-anchor'], href: `#${slug}` }, [element('span', {}, state.all(node))]),
    ])
  }

  const link: Handler = (state, node: Link) => {
    const url = node.url
    const children = state.all(node)
    const title = node.title ? { title: node.title } : {}
    // a link that would run script when clicked is shown as its text, in any policy: markdown never needs one
    if (isScriptUrl(url)) return element('span', {}, children)
    if (SCHEME.test(url)) {
      out.externalLinks.push({ url, ...at(node) })
      const web = /^https?:/i.test(url)
      const icon = web && options.externalLinkIcon ? [externalIcon(labels)] : []
      return element(
        'a',
        { href: url, ...title, className: ['external'], ...(web ? { target: '_blank', rel: ['noopener', 'noreferrer'] } : {}) },
        [...children, ...icon],
      )
    }
    const [path, anchor] = splitAnchor(url)
    const href = register({
      kind: 'link',
      syntax: 'markdown',
      target: safeDecode(path),
      anchor: anchor === undefined ? undefined : safeDecode(anchor),
      ...at(node),
    })
    return element('a', { href, ...title }, children)
  }

  const image: Handler = (_state, node: Image, parent) => {
    // Obsidian's sizes, ![Netzplan|320](…) and ![100x145](…): the size is never part of the alt text
    const { text: written, width, height } = splitSize(node.alt ?? '')
    const size = { ...(width ? { width } : {}), ...(height ? { height } : {}) }
    const title = node.title ? { title: node.title } : {}
    if (SCHEME.test(node.url) || node.url.startsWith('data:')) {
      const web = /^https?:/i.test(node.url) ? webEmbedOf(node.url) : undefined
      if (web && web.kind !== 'image') {
        // a player or card is a link itself, and a link holds no other link: inside one (a heading is one, to its
        // anchor), its text stands for it
        if (parent?.type === 'link' || parent?.type === 'linkReference' || parent?.type === 'heading') return text(written || node.url)
        out.hasWebEmbed ||= web.kind === 'youtube' || web.kind === 'card'
        if (web.kind === 'youtube') return youtubePlayer(web, node.url, written || (node.title ?? ''), labels)
        if (web.kind === 'card') return linkCard(web, node.url, written || (node.title ?? ''), labels)
        return externalMedia(web.kind, node.url, written || (node.title ?? ''), size, labels)
      }
      out.hasImage = true
      const noDim = node.url.endsWith(`#${NO_DIM}`) ? { className: [NO_DIM] } : {}
      return element('img', { src: node.url, alt: written, ...size, ...noDim, loading: 'lazy', decoding: 'async', ...title }, [])
    }
    const [path, anchor] = splitAnchor(node.url)
    const target = safeDecode(path)
    if (mediaKindOf(target)) {
      const media: PageLink = { kind: 'media', syntax: 'markdown', target, alt: written || (node.title ?? ''), ...size, ...at(node) }
      return raw(register(anchor === undefined ? media : { ...media, anchor: safeDecode(anchor) }))
    }
    out.hasImage = true
    const alt = altText(written, target, node.title ?? undefined)
    const src = register({ kind: 'image', syntax: 'markdown', target, alt, ...size, ...at(node) })
    // ![Plan](plan.png#no-dim): not dimmed in dark mode
    const noDim = anchor === NO_DIM ? { className: [NO_DIM] } : {}
    return element('img', { src, alt, ...size, ...noDim, loading: 'lazy', decoding: 'async', ...title }, [])
  }

  const code: Handler = (_state, node: Code) => {
    if (node.lang === 'base' && node.position) {
      // the YAML starts on the line after the fence, where the fence is indented
      const { base, problems } = parseBase(node.value, { line: node.position.start.line + 1, column: node.position.start.column })
      out.baseProblems.push(...problems)
      return raw(register({ kind: 'base', syntax: 'wiki', target: '', base, ...at(node) }))
    }
    if (node.lang === 'query' && node.position) {
      // Obsidian's embedded search: its results are those of the build, found once all pages are known
      const { root, problems } = parseQuery(node.value)
      out.queryProblems.push(
        ...problems.map((problem) => ({ ...problem, ...positionIn(node.value, problem.offset, node.position!.start) })),
      )
      if (root) return raw(register({ kind: 'query', syntax: 'wiki', target: '', query: node.value, ...at(node) }))
    }
    if (node.lang === 'mermaid') {
      out.diagrams.push({ value: node.value, ...at(node) })
      // `class A internal-link`: the node links to the note its label names, resolved like a wiki link
      const fence = at(node)
      const links = internalLinksOf(node.value).map((link) => ({
        node: link.node,
        html: raw(
          register({
            kind: 'link',
            syntax: 'wiki',
            target: link.target,
            anchor: link.anchor,
            labelHtml: escapeHtml(link.label),
            line: fence.line + 1 + link.line,
            column: fence.column - 1 + link.column,
          }),
        ),
      }))
      return diagramBlock(node.value, labels.diagramLoading, links)
    }
    out.hasCode = true
    const info = parseFenceInfo(node.lang, node.meta)
    for (const problem of fenceProblems(info, node.value.split('\n').length)) out.codeProblems.push({ ...problem, ...at(node) })
    return codeBlock(node.value, info)
  }

  const linkReference: Handler = (state, node: LinkReference) => {
    const definition = state.definitionById.get(String(node.identifier).toUpperCase())
    if (!definition) return [text(`[${plainText(node)}]`)]
    return link(
      state,
      { type: 'link', url: definition.url, title: definition.title, children: node.children, position: node.position } as Link,
      undefined,
    )
  }

  // An embed alone in its paragraph is a block of its own, not a paragraph holding a block.
  const paragraph: Handler = (state, node: Paragraph) => {
    const content = node.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''))
    const only = content.length === 1 ? content[0] : undefined
    if (only?.type === 'wikiLink' && only.embed && !IMAGE_EXTENSIONS.test(only.target) && !mediaKindOf(only.target)) {
      return wikiLink(state, only, node)
    }
    return element('p', { ...node.data?.hProperties }, state.all(node))
  }

  const handlers = { heading, link, image, wikiLink, code, container, callout, linkReference, paragraph, tag, ...mathHandlers }
  const converted = toHast(tree, {
    allowDangerousHtml: true,
    footnoteLabel: labels.footnotes,
    footnoteBackLabel: labels.footnoteBack,
    handlers: handlers as Record<string, Handler>,
  })
  if (mathDeclarations.size > 0) keepGluedTextWithMath(converted as HastRoot)
  // the authors' HTML is judged before the config's hooks run: those are the site owner's code, trusted as such
  const authorStyles = new Set<string>()
  const hast = options.rawHtml === 'trusted' ? converted : sanitizeAuthorHtml(converted as HastRoot, authorStyles)
  if (authorStyles.size > 0) out.authorStyles = [...authorStyles].sort()
  out.fileRefs = fileRefsOf(tree)
  if (mathDeclarations.size > 0) out.mathStyles = [...mathDeclarations].sort()
  const hooks = options.hastTransforms
  if (hooks) runTransforms('hastTransforms', hooks.transforms, hast as HastRoot, hooks.file, hooks.hookProblems)
  // the body is the HTML of its top-level nodes in a row; where each starts is what section embeds cut at
  labelTaskCheckboxes(hast as HastRoot)
  const nodes = (hast as HastRoot).children
  const parts = nodes.map((child) => toHtml(child, { allowDangerousHtml: true }))
  out.html = parts.join('')
  out.fragments = fragmentsOf(nodes, parts)
  return out
}

/**
 * The checkbox of a task list item (`- [x] Backup prüfen`) is named by the item's own text: a form field without a
 * name is announced as a bare "checkbox". The text right after the box (up to a nested list or the item's next
 * paragraph) is wrapped in a span the box points at with `aria-labelledby`, so the name is what the reader sees, links
 * included (they are still placeholders here), and is not a second copy screen readers read as well.
 *
 * The span's id is `task_<hash>_<n>`: underscores never occur in heading slugs or block ids, and the hash of the
 * page's task texts keeps the ids of a page apart from those of the pages it embeds (and of a canvas's other texts).
 * A page embedded twice repeats its ids, but with the same texts, so every box keeps its own name.
 */
function labelTaskCheckboxes(root: HastRoot): void {
  const found: { box: Element; holder: Element; run: ElementContent[]; at: number }[] = []
  const visit = (node: HastRoot | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue
      if (child.tagName === 'li' && String(child.properties.className ?? '').includes('task-list-item')) {
        const holder = child.children.find((c): c is Element => c.type === 'element' && c.tagName === 'p') ?? child
        const index = holder.children.findIndex((c) => c.type === 'element' && c.tagName === 'input')
        if (index >= 0) {
          let from = index + 1
          while (from < holder.children.length && isBlank(holder.children[from])) from++
          let to = from
          while (to < holder.children.length && !isBlock(holder.children[to])) to++
          while (to > from && isBlank(holder.children[to - 1])) to--
          const run = holder.children.slice(from, to)
          if (run.length > 0) found.push({ box: holder.children[index] as Element, holder, run, at: from })
        }
      }
      visit(child)
    }
  }
  visit(root)
  if (found.length === 0) return
  const prefix = hashOf(found.map(({ run }) => run.map(textOf).join('')).join('\n'))
  found.forEach(({ box, holder, run, at }, n) => {
    const id = `task_${prefix}_${n + 1}`
    // the space between box and text stays outside, as it was
    const first = run[0]
    const lead = first.type === 'text' ? (/^\s+/.exec(first.value)?.[0] ?? '') : ''
    if (lead) run[0] = text(first.type === 'text' ? first.value.slice(lead.length) : '')
    holder.children.splice(at, run.length, ...(lead ? [text(lead)] : []), element('span', { id }, run))
    delete box.properties.ariaLabel
    box.properties.ariaLabelledBy = [id]
  })
}

const BLOCK_TAGS = new Set(['ul', 'ol', 'p', 'div', 'pre', 'blockquote', 'table', 'figure', 'hr', 'section', 'details', 'dl'])
const isBlock = (node: ElementContent) => node.type === 'element' && (BLOCK_TAGS.has(node.tagName) || /^h[1-6]$/.test(node.tagName))
const isBlank = (node: ElementContent) => node.type === 'text' && node.value.trim() === ''
/** The text of a node, link placeholders (raw nodes) included. */
const textOf = (node: ElementContent | { type: 'raw'; value: string }): string =>
  node.type === 'element' ? node.children.map(textOf).join('') : 'value' in node ? node.value : ''

/** FNV-1a of `text`, base 36: short, and the same in every build. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36)
}

/** Attributes of raw HTML that name a file the page shows or offers. */
const FILE_ATTRIBUTE = /\s(?:src|href|data-zoom-src|poster)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi

/** The local paths raw HTML in `tree` points at: what the site must publish for it (no scheme, no `//`, no `#…`). */
function fileRefsOf(tree: Root): string[] {
  const refs = new Set<string>()
  const visit = (node: Nodes) => {
    if (node.type === 'html') {
      for (const match of node.value.matchAll(FILE_ATTRIBUTE)) {
        const value = (match[1] ?? match[2] ?? match[3] ?? '').trim()
        if (value !== '' && !SCHEME.test(value) && !value.startsWith('//') && !value.startsWith('#')) refs.add(value.replace(/[?#].*$/, ''))
      }
    } else if ('children' in node) for (const child of node.children as Nodes[]) visit(child)
  }
  visit(tree)
  return [...refs]
}

/** The sections and id'd blocks of a body whose top-level nodes rendered to `parts` (see Fragment). */
function fragmentsOf(nodes: readonly RootContent[], parts: readonly string[]): Fragment[] {
  const fragments: Fragment[] = []
  const starts: number[] = []
  let offset = 0
  for (const part of parts) {
    starts.push(offset)
    offset += part.length
  }
  const levelOf = (node: RootContent) => (node.type === 'element' && /^h[1-6]$/.test(node.tagName) ? Number(node.tagName[1]) : 0)
  nodes.forEach((node, index) => {
    if (node.type !== 'element') return
    const id = node.properties.id
    const level = levelOf(node)
    if (level > 0 && typeof id === 'string') {
      let end = index + 1
      while (end < nodes.length && !(levelOf(nodes[end]) > 0 && levelOf(nodes[end]) <= level) && !isFootnotes(nodes[end])) end++
      fragments.push({ id, start: starts[index], end: end < nodes.length ? starts[end] : offset })
    } else {
      if (typeof id === 'string' && id.startsWith('^'))
        fragments.push({ id, start: starts[index], end: starts[index] + parts[index].length })
      // a list with an id of its own can hold items with theirs
      for (const block of nestedBlocks(node)) {
        const html = toHtml(block, { allowDangerousHtml: true })
        // a list item embedded alone stays a list item of a list
        fragments.push({ id: block.properties.id as string, html: block.tagName === 'li' ? `<ul>${html}</ul>` : html })
      }
    }
  })
  return fragments
}

/** Elements below `node` that carry a block id. */
function nestedBlocks(node: Element): Element[] {
  const found: Element[] = []
  const stack: ElementContent[] = [...node.children]
  while (stack.length > 0) {
    const current = stack.pop()!
    if (current.type !== 'element') continue
    if (typeof current.properties.id === 'string' && current.properties.id.startsWith('^')) found.push(current)
    stack.push(...current.children)
  }
  return found.reverse()
}

const isFootnotes = (node: RootContent) => node.type === 'element' && node.tagName === 'section' && 'dataFootnotes' in node.properties

function externalIcon(labels: Labels): Element {
  return element('span', { className: ['external-link-icon'] }, [
    element('span', { className: ['sr-only'] }, [text(` (${labels.openInNewWindow})`)]),
  ])
}

/** The visible text of a node: text, code and wikilink labels; raw HTML is left out. */
export function plainText(node: Nodes | PhrasingContent): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'inlineMath':
      return node.value
    case 'wikiLink':
      return node.alias ?? (node.anchor ? `${node.target} > ${node.anchor}` : node.target)
    case 'html':
      return ''
    case 'image':
      return splitSize(node.alt ?? '').text
    case 'break':
      return ' '
    default:
      return 'children' in node ? (node.children as Nodes[]).map(plainText).join('') : ''
  }
}

function splitAnchor(url: string): [string, string | undefined] {
  const hash = url.indexOf('#')
  return hash === -1 ? [url, undefined] : [url.slice(0, hash), url.slice(hash + 1)]
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** The line and column in the file of `offset` in a fenced block's text, whose fence starts at `fence`. */
function positionIn(value: string, offset: number, fence: { line: number; column: number }): { line: number; column: number } {
  const before = value.slice(0, offset).split('\n')
  // the text starts on the line after the fence, indented like it
  return { line: fence.line + before.length, column: fence.column + before[before.length - 1].length }
}
