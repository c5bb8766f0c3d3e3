/**
 * The record of one compiled page: everything later stages need, built from its file alone.
 * It is plain data (structured-clone safe), so it crosses worker threads and sits in the build cache as JSON.
 */
import type { Diagnostic } from '../diagnostics.js'
import type { Frontmatter } from './frontmatter.js'
import type { BaseDefinition } from './bases/index.js'
import type { Slug, SourcePath } from '../paths.js'

/** A heading in the search index and sidebar (spec §3 'Header'): levels 2 and 3, h3s nested under their h2. */
export interface Heading {
  level: number
  title: string
  slug: string
  /** '#' + slug */
  link: string
  children: Heading[]
}

/** Any heading of the page (all levels, nested ones too), for resolving `[[Page#Heading]]` and `#anchor` links. */
export interface Anchor {
  level: number
  text: string
  slug: string
}

/**
 * A reference from this page to something the site must resolve. Its index in `Page.links` is the number in
 * the placeholder `\uE000n\uE001` that stands in the page HTML until the site is linked.
 *
 * - `link` with syntax 'wiki': placeholder is the whole `<a>` element; `labelHtml` is its content.
 * - `link` with syntax 'markdown': placeholder is the href value.
 * - `image` with syntax 'wiki': the whole `<img>`; syntax 'markdown': the src value.
 * - `embed`: the whole embedded page body.
 * - `media`: the whole player of an embedded PDF, video or audio file, in either syntax (`![[clip.mp4]]`,
 *   `![](clip.mp4)`); `anchor` is what follows '#' (`page=3`, `height=400`, `t=10`), `alt` the author's title.
 */
export interface PageLink {
  /**
   * 'tag': an inline `#tag`, whose placeholder is the whole link to the tag's page.
   * 'base': the views of an Obsidian base (a `.base` page or a ```base block), evaluated over the site's pages.
   * 'query': the results of a ```query block (Obsidian's embedded search), evaluated over the site's notes.
   */
  kind: 'link' | 'image' | 'embed' | 'media' | 'tag' | 'base' | 'query'
  syntax: 'wiki' | 'markdown'
  /** Page name, file name, or URL path as written (decoded), without the anchor. '' means this page. */
  target: string
  anchor?: string
  labelHtml?: string
  alt?: string
  width?: string
  height?: string
  /**
   * For an 'image' with syntax 'markdown' drawn in SVG (a canvas group's background): 'src' is its URL like the
   * markdown image's, but empty when the image is missing; 'size' stands for the attributes ` width="…" height="…"` of
   * the image's own size in px (nothing when missing or unknown), and leaves reporting a missing image to 'src'.
   */
  part?: 'src' | 'size'
  /** For 'base': the base, and which of its views (all of them when undefined). */
  base?: BaseDefinition
  view?: number
  /** For 'query': the block's text (parse/query/parse.ts), which link/queries-site.ts evaluates. */
  query?: string
  /** For 'embed': where its placeholder is in the body HTML, to tell which section of the page holds it. */
  offset?: number
  line: number
  column: number
}

export interface Page {
  sourcePath: SourcePath
  slug: Slug
  /** The file's name without '.md' (the folder name for a folder index); wikilinks match it. */
  name: string
  /** From front matter, else the first h1, else the name. */
  title: string
  /** True when the body starts with its own h1, so the theme need not print the title. */
  hasOwnH1: boolean
  frontmatter: Frontmatter
  headers: Heading[]
  anchors: Anchor[]
  links: PageLink[]
  /** Paths of files that raw HTML in the body points at (`<img src="/attachments/karte.svg">`): published with it. */
  fileRefs: string[]
  /** Links with a scheme (https:, mailto:, …), for `check-links --external`. */
  externalLinks: { url: string; line: number; column: number }[]
  /** Body HTML with link placeholders. */
  html: string
  /** The page's text for the full-text index, made with the page (search-data.ts); stored beside the body. */
  searchData: string
  hasDiagram: boolean
  /** Sections and id'd blocks other pages can embed alone (markdown/to-hast.ts). */
  fragments: Fragment[]
  hasImage: boolean
  /**
   * The text of the first paragraph, cut to about 160 characters (summary.ts): the page's description where its front
   * matter has none. Absent with a front matter `description` or without any paragraph of text.
   */
  summary?: string
  /**
   * The first image of the body (summary.ts): the index of its link (a file of the vault) or its https address; the
   * picture of the page's link preview where front matter names none (`image`, `cover`). Absent then, and without images.
   */
  firstImage?: number | string
  hasCode: boolean
  hasTabs: boolean
  /**
   * The style declarations of the page's formulas (markdown/math/styles.ts), sorted; absent without math. The site's
   * math stylesheet holds them all (emit/math-sheet.ts), and a page with math links it and KaTeX's stylesheet.
   */
  mathStyles?: string[]
  /**
   * The declarations of the authors' `style` attributes (markdown/author-styles.ts), sorted; absent without any. They
   * are rules of the same generated stylesheet as the formulas', which such a page links (without KaTeX's).
   */
  authorStyles?: string[]
  /** Hash of the source text and compiler version: the cache key, and the page's identity for embeds. */
  contentHash: string
  diagnostics: Diagnostic[]
}

/**
 * The record the pipeline passes around after compiling: a Page without its body HTML, which waits in the page store
 * (page-store.ts, keyed by `contentHash`) until its route is rendered. Plain data, so it crosses worker threads and is
 * kept in the build cache's index; what links, lists and searches need of a page is here.
 */
export type CompiledPage = Omit<Page, 'html' | 'searchData'>

/** Placeholder text for link number `index`; see PageLink. */
export function placeholderOf(index: number): string {
  return `\uE000${index}\uE001`
}

/** Matches every placeholder in a page's HTML; group 1 is the link index. */
export const PLACEHOLDER = /\uE000(\d+)\uE001/g

/**
 * A part of a page body another page can embed: a heading's section (the heading up to the next heading of the same or
 * a higher level) or a block with an id. Top-level parts are a range of the body HTML; a block inside another (a list
 * item) carries its own HTML.
 */
export type Fragment = { id: string; start: number; end: number } | { id: string; html: string }
