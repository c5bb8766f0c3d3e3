/**
 * Link resolution: what one link of a page leads to (a page, a heading, a file, an image, an embed, a tag), with a
 * warning and a suggestion for a dead link or anchor; and which files of the content folder the site publishes.
 */
import picomatch from 'picomatch'
import type { HeadTag, ResolvedConfig } from '../config/config.js'
import type { Diagnostic } from '../diagnostics.js'
import type { ImageSize } from '../discover/image-size.js'
import { isPublicFile, outputPathOf, type ContentRef } from '../discover/load.js'
import type { CompiledPage, PageLink } from '../parse/page.js'
import { NO_DIM } from '../parse/markdown/media/index.js'
import { hrefOf, safeDecodeURI } from '../paths.js'
import { previewImageOf } from '../parse/preview-image.js'
import { createAssetFinder, leavesContentFolder, vaultFavicon } from './asset-finder.js'
import { deadLinkHintOf } from './dead-link-hint.js'
import { resolveMedia } from './media.js'
import { tagHrefOf } from './page-relations.js'
import { isAssetTarget, type LinkIndex } from './resolve-links.js'
import type { EmbedResolution, Resolved } from './site.js'
import { guidePath } from '../package-files.js'

/** What resolving the links of a site's pages shares: the lookup, the base, and what it found so far. */
export interface ResolveContext {
  index: LinkIndex
  base: string
  hrefOfPage: (page: CompiledPage) => string
  diagnostics: Diagnostic[]
  /** The files of the content folder the links lead to: what the site publishes. */
  used: Set<ContentRef>
  /** False for a file a browser would run that the config's `activeFiles` does not list (see isPublishable). */
  publishable: (asset: ContentRef) => boolean
}

/** Files a browser runs or shows as a document of their own: scripts and HTML pages. */
const ACTIVE_FILE = /\.(?:m?js|cjs|html?|xhtml|xht)$/i

/**
 * Whether a content file may be published: anything but a file a browser would run (ACTIVE_FILE), and such a file
 * only when a glob of the config's `activeFiles` names it. Pages are written by every employee; a script or HTML file
 * among the attachments would run on the site's own domain.
 *
 *     attachments/plan.pdf                              → true
 *     attachments/tool.html, public/widget.js           → false
 *     public/widget.js with activeFiles: ['public/**']  → true
 */
export function createPublishable(config: ResolvedConfig): (asset: ContentRef) => boolean {
  const listed = config.activeFiles.length > 0 ? picomatch(config.activeFiles, { dot: true }) : () => false
  return (asset) => !ACTIVE_FILE.test(asset.path) || listed(asset.path)
}

/** What `link` of `page` leads to; a target that does not exist is reported and resolves to 'missing'. */
export function resolveLink(
  link: PageLink,
  page: CompiledPage,
  { index, base, hrefOfPage, diagnostics, used, publishable }: ResolveContext,
): Resolved {
  const report = (code: Diagnostic['code'], message: string, hint: string, suggestion?: string, target = link.target) => {
    diagnostics.push({
      severity: 'warning',
      code,
      file: page.sourcePath,
      line: link.line,
      column: link.column,
      message,
      hint,
      target,
      ...(suggestion ? { suggestion } : {}),
    })
  }

  const activeFile = (asset: ContentRef): Resolved => {
    report(
      'active-file',
      `File "${asset.path}" is one a browser would run; it is not published`,
      `Link to a page or a document instead, or list the file in the config's activeFiles, e.g. activeFiles: [${JSON.stringify(asset.path)}] (${guidePath('SECURITY.md')}).`,
    )
    return { kind: 'missing', syntax: link.syntax, link: link.kind, target: link.target, href: link.target, alt: link.alt }
  }

  /** The link to the content file the link names, when there is one: refused for a file a browser would run. */
  const linkToFile = (): Resolved | undefined => {
    const asset = index.findAsset(link, page)
    if (!asset) return undefined
    if (!publishable(asset)) return activeFile(asset)
    used.add(asset)
    return { kind: 'asset', syntax: link.syntax, href: hrefOf(`${base}${outputPathOf(asset)}`), labelHtml: link.labelHtml }
  }

  if (link.kind === 'tag') return { kind: 'tag', tag: link.target, href: tagHrefOf(base, link.target) }
  if (link.kind === 'base') return { kind: 'base', html: '' }
  if (link.kind === 'query') return { kind: 'query', html: '' }

  // ![[plan.pdf]], ![[clip.mp4]], ![](ton.mp3): the file in a player (media.ts)
  if (link.kind === 'media') {
    const asset = index.findAsset(link, page)
    if (!asset) {
      report(
        'dead-link',
        `File "${link.target}" does not exist`,
        'Put the file into the attachments folder or beside the page, and check the spelling of its name.',
      )
      return { kind: 'missing', syntax: link.syntax, link: 'media', target: link.target, href: link.target, alt: link.alt }
    }
    if (!publishable(asset)) return activeFile(asset)
    used.add(asset)
    const { media, problem } = resolveMedia(link, asset, hrefOf(`${base}${outputPathOf(asset)}`))
    if (problem) report('dead-anchor', problem.message, problem.hint, undefined, `${link.target}#${link.anchor}`)
    return media
  }

  const missingImage = (): Resolved => ({
    kind: 'missing',
    syntax: link.syntax,
    link: link.kind,
    target: link.target,
    href: link.target,
    alt: link.alt,
    ...(link.part ? { part: link.part } : {}),
  })

  // [x](plan.pdf): the file; [x](Odoo.sh): a page whose name looks like a file name, when no such file exists
  const fileLike = link.kind === 'link' && link.syntax === 'markdown' && isAssetTarget(link.target)
  if (fileLike) {
    const linked = linkToFile()
    if (linked) return linked
  }
  if (link.kind === 'image' || (fileLike && !index.findPage(link, page))) {
    const drawing = DRAWING.exec(link.target)
    const asset = drawing ? findDrawingExport(drawing[1], link, page, index) : index.findAsset(link, page)
    if (drawing && !asset) {
      report(
        'missing-drawing-export',
        `Drawing "${link.target}" has no exported image (${drawing[1]}.excalidraw.svg or .png) beside it`,
        'Turn on "Auto-export SVG" in the settings of the Excalidraw plugin, open the drawing once, and commit the .svg it saves.',
      )
      return { kind: 'missing', syntax: link.syntax, link: 'image', target: link.target, href: link.target, alt: link.alt }
    }
    const part = link.part ? { part: link.part } : {}
    if (asset && !publishable(asset)) return link.part === 'size' ? missingImage() : { ...activeFile(asset), ...part }
    if (asset) used.add(asset)
    const src = asset ? hrefOf(`${base}${outputPathOf(asset)}`) : undefined
    // the size of an image is reported with its src
    if (!asset && link.part !== 'size') {
      report(
        link.kind === 'image' ? 'missing-image' : 'dead-link',
        `${link.kind === 'image' ? 'Image' : 'File'} "${link.target}" does not exist`,
        'Put the file into the attachments folder or beside the page, and check the spelling of its name.',
      )
    }
    if (!asset || !src) return missingImage()
    if (link.kind !== 'image') return { kind: 'asset', syntax: 'markdown', href: src }
    if (link.part === 'size') return { kind: 'image', syntax: 'markdown', src, alt: '', ...part, ...sizeOf(link, asset.size) }
    if (link.syntax === 'markdown') return { kind: 'image', syntax: 'markdown', src, alt: link.alt ?? '', ...part }
    const noDim = link.anchor === NO_DIM ? { className: NO_DIM } : {}
    return { kind: 'image', syntax: 'wiki', src, alt: link.alt ?? '', ...sizeOf(link, asset.size), ...noDim }
  }

  // [[plan.pdf]], [[kontakt.vcf]]: a wiki link to a file of the content folder links to its copy, as in Obsidian
  // (a page whose name looks like a file name, such as "Odoo.sh", is looked up as a page when no such file exists)
  if (link.kind === 'link' && link.syntax === 'wiki' && isAssetTarget(link.target)) {
    const linked = linkToFile()
    if (linked) return linked
  }

  const target = index.findPage(link, page)
  // a link to an HTML file of the content folder that no page answers for: the file, when it may be published
  if (!target && /\.html?$/i.test(link.target)) {
    const linked = linkToFile()
    if (linked) return linked
  }
  if (!target) {
    const { hint, suggestion } = deadLinkHintOf(link, page, index, hrefOfPage)
    report('dead-link', `Link target "${link.target}" does not exist`, hint, suggestion)
    const href = link.target.replace(/\.md$/i, '.html') + (link.anchor !== undefined ? `#${link.anchor}` : '')
    return { kind: 'missing', syntax: link.syntax, link: link.kind, target: link.target, href, labelHtml: link.labelHtml }
  }
  if (link.kind === 'embed') {
    const embed: EmbedResolution = { kind: 'embed', embed: target.contentHash, title: target.title, href: hrefOfPage(target), resolved: [] }
    if (link.anchor === undefined || link.anchor === '') return embed
    const anchor = index.findAnchor(target, link.anchor)
    const fragment = anchor && target.fragments.find((f) => f.id === anchor.slug)
    if (!anchor || !fragment) {
      const suggestion = index.suggestAnchor(target, link.anchor)
      report(
        'dead-anchor',
        `${link.anchor.startsWith('^') ? 'Block' : 'Heading'} "${link.anchor}" does not exist on page "${target.title}"`,
        suggestion ? `Did you mean "${suggestion}"?` : `Embed one of the headings or blocks of "${target.title}", written as it appears.`,
        suggestion,
        `${link.target}#${link.anchor}`,
      )
      return { kind: 'missing', syntax: link.syntax, link: 'embed', target: `${link.target}#${link.anchor}`, href: '' }
    }
    return {
      ...embed,
      title: anchor.level > 0 ? `${target.title} › ${anchor.text}` : target.title,
      href: `${embed.href}#${anchor.slug}`,
      fragment,
    }
  }

  let hash = ''
  if (link.anchor !== undefined && link.anchor !== '') {
    const anchor = index.findAnchor(target, link.anchor)
    if (anchor) hash = `#${anchor.slug}`
    else if (!link.anchor.startsWith('^')) {
      const suggestion = index.suggestAnchor(target, link.anchor)
      report(
        'dead-anchor',
        `Heading "${link.anchor}" does not exist on page "${target.title}"`,
        suggestion ? `Did you mean "${suggestion}"?` : `Link to one of the headings of "${target.title}", written as it appears.`,
        suggestion,
        `${link.target}#${link.anchor}`,
      )
      hash = `#${link.anchor}`
    }
  }
  const own = target.sourcePath === page.sourcePath && hash !== ''
  return {
    kind: own ? 'anchor' : 'page',
    syntax: link.syntax,
    href: own ? hash : `${hrefOfPage(target)}${hash}`,
    labelHtml: link.labelHtml,
  }
}

/**
 * What the site publishes of the content folder's files: those its links used, the images named by front matter and
 * config (found as page-routes.ts finds them), and everything in `public/`, in path order.
 */
export function publishedAssets(
  assets: readonly ContentRef[],
  pages: readonly CompiledPage[],
  config: ResolvedConfig,
  { used, index, diagnostics, publishable }: ResolveContext,
): ContentRef[] {
  const find = createAssetFinder(assets)
  const named = [
    config.theme.logo,
    config.theme.logoDark,
    config.site.image,
    config.site.icon || undefined,
    // the site's icon when the config names none (emit/site-icon.ts)
    config.site.icon === undefined ? vaultFavicon(assets)?.path : undefined,
    ...config.theme.styles,
    ...pages.flatMap((p) => [p.frontmatter.heroImage, p.frontmatter.heroImageDark, previewImageOf(p)]),
  ]
  for (const name of named) {
    const asset = name && !leavesContentFolder(name) ? find(name) : undefined
    if (asset) used.add(asset)
  }
  // files that head tags (config and front matter) and raw HTML point at: '/attachments/logo.svg', 'bilder/karte.svg'
  const base = config.site.base
  const refer = (path: string | true | undefined, from: CompiledPage | undefined) => {
    if (typeof path !== 'string' || /^[a-z][a-z\d+.-]*:|^\/\//i.test(path) || leavesContentFolder(path)) return
    const decoded = safeDecodeURI(path)
    const target = decoded.startsWith(base) ? `/${decoded.slice(base.length)}` : decoded
    const probe: PageLink = { kind: 'image', syntax: 'markdown', target, line: 0, column: 0 }
    const asset = from ? index.findAsset(probe, from) : find(target)
    if (asset) used.add(asset)
  }
  const headPaths = (tags: readonly HeadTag[]) => tags.flatMap(([, attributes]) => [attributes.href, attributes.src])
  for (const path of headPaths(config.site.head)) refer(path, undefined)
  // the config's own head is the site owner's: a script it names is published as listed
  const ownerNamed = new Set(used)
  for (const page of pages) {
    for (const path of headPaths(page.frontmatter.head)) refer(path, page)
    for (const path of page.fileRefs) refer(path, page)
  }
  return assets.filter((asset) => {
    if (!used.has(asset) && !isPublicFile(asset)) return false
    if (ownerNamed.has(asset) || publishable(asset)) return true
    diagnostics.push({
      severity: 'warning',
      code: 'active-file',
      file: asset.path,
      line: 0,
      column: 0,
      message: `"${asset.path}" is a file a browser would run; it is not published`,
      hint: `List it in the config's activeFiles to publish it, e.g. activeFiles: [${JSON.stringify(asset.path)}] (${guidePath('SECURITY.md')}).`,
    })
    return false
  })
}

/** An Excalidraw drawing as embedded: `Plan.excalidraw` or `Plan.excalidraw.md`; group 1 is the name without them. */
const DRAWING = /^(.*)\.excalidraw(?:\.md)?$/i

/** The image the Excalidraw plugin exports beside a drawing: SVG first, the light variant, then PNG. */
function findDrawingExport(name: string, link: PageLink, page: CompiledPage, index: LinkIndex): ContentRef | undefined {
  for (const file of [`${name}.excalidraw.svg`, `${name}.svg`, `${name}.excalidraw.light.svg`, `${name}.excalidraw.png`, `${name}.png`]) {
    const asset = index.findAsset({ ...link, target: file }, page)
    if (asset) return asset
  }
  return undefined
}

/** The size of a wiki image: the author's, completed from the file's own proportions. */
function sizeOf(link: PageLink, intrinsic: ImageSize | undefined): { width?: number; height?: number } {
  let width = link.width ? Number(link.width) : undefined
  let height = link.height ? Number(link.height) : undefined
  if (intrinsic && width === undefined && height === undefined) ({ width, height } = intrinsic)
  else if (intrinsic && width !== undefined && height === undefined) height = Math.round((width * intrinsic.height) / intrinsic.width)
  return { ...(width ? { width } : {}), ...(height ? { height } : {}) }
}
