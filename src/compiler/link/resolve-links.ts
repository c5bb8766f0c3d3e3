/**
 * Finds what a page's links point at: pages by file name, title or path (case-insensitive, NFC/NFD-safe),
 * routes, assets beside the page or in an attachments folder, and headings inside pages.
 */
import { posix } from 'node:path'
import { closestMatch } from '../config/closest.js'
import type { Anchor, CompiledPage, PageLink } from '../parse/page.js'
import { safeDecodeURI, type SourcePath } from '../paths.js'
import { slugifyHeading, slugifyPageName } from '../parse/slugify.js'
import type { ContentRef } from '../discover/load.js'

/** Key under which names are compared: NFC, lower-case, single spaces. */
export function nameKey(name: string): string {
  let key = nameKeys.get(name)
  if (key === undefined) {
    key = name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()
    // the same names and link targets come up in every page; the cap keeps a long dev session from hoarding them
    if (nameKeys.size >= MAX_NAME_KEYS) nameKeys.clear()
    nameKeys.set(name, key)
  }
  return key
}
const nameKeys = new Map<string, string>()
const MAX_NAME_KEYS = 100_000

export interface LinkIndex {
  findPage(link: PageLink, from: CompiledPage): CompiledPage | undefined
  findAsset(link: PageLink, from: CompiledPage): ContentRef | undefined
  findAnchor(page: CompiledPage, anchor: string): Anchor | undefined
  /** A 'did you mean' for a page target that was not found. */
  suggestPage(target: string): string | undefined
  suggestAnchor(page: CompiledPage, anchor: string): string | undefined
}

const ATTACHMENT_FOLDERS = ['attachments', 'Attachments', 'assets', 'images', 'bilder', 'Bilder']

/** Builds the lookup tables for a set of pages and assets. */
export function createLinkIndex(
  pages: readonly CompiledPage[],
  assets: readonly ContentRef[],
  base: string,
  /** The vault's attachment folder (`.obsidian/app.json` attachmentFolderPath), searched before the usual ones. */
  attachmentFolder?: string,
): LinkIndex {
  const attachmentFolders = attachmentFolder ? [attachmentFolder, ...ATTACHMENT_FOLDERS] : ATTACHMENT_FOLDERS
  const byName = new Map<string, CompiledPage>()
  const bySource = new Map<string, CompiledPage>()
  const bySlug = new Map<string, CompiledPage>()
  // A name without extension is a note's, as Obsidian adds '.md' ([[Plan]] is Plan.md); a canvas or base is named
  // with its extension ([[Plan.canvas]], [[Kunden.base]]), and by its name alone only where nothing else has that name
  const isNote = (page: CompiledPage) => /\.md$/i.test(page.sourcePath)
  const notes = pages.filter(isNote)
  const others = notes.length === pages.length ? [] : pages.filter((page) => !isNote(page))
  // As Obsidian resolves: the name exactly as written first ('docker' finds docker.md before Docker.md)
  const byExactName = new Map<string, CompiledPage>()
  for (const page of notes) if (page.name !== '' && !byExactName.has(page.name)) byExactName.set(page.name, page)
  for (const page of others) {
    const file = posix.basename(page.sourcePath)
    if (!byExactName.has(file)) byExactName.set(file, page)
  }
  // Then, case-insensitive: file name, path without extension, the shortest unique end of a path ('HR/FAQ' for
  // 'Team/HR/FAQ.md'), title, aliases, slug. Earlier entries win.
  const addName = (key: string, page: CompiledPage) => {
    if (key !== '' && !byName.has(key)) byName.set(key, page)
  }
  for (const page of notes) addName(nameKey(page.name), page)
  for (const page of others) addName(nameKey(posix.basename(page.sourcePath)), page)
  for (const page of pages) addName(nameKey(page.sourcePath.replace(/\.md$/i, '')), page)
  for (const [key, page] of pathEnds(pages)) addName(key, page)
  for (const page of notes) addName(nameKey(page.title), page)
  for (const page of pages) for (const alias of page.frontmatter.aliases) addName(nameKey(alias), page)
  for (const page of pages) {
    bySource.set(page.sourcePath.toLowerCase(), page)
    if (!bySlug.has(page.slug)) bySlug.set(page.slug, page)
    addName(page.slug, page)
  }
  // Last, a canvas or base by its name alone ([[Plan]] for Plan.canvas where no note is called Plan)
  const otherByExactName = new Map<string, CompiledPage>()
  const otherByName = new Map<string, CompiledPage>()
  for (const page of others) {
    if (!otherByExactName.has(page.name)) otherByExactName.set(page.name, page)
    if (!otherByName.has(nameKey(page.name))) otherByName.set(nameKey(page.name), page)
  }
  const assetByPath = new Map<string, ContentRef>()
  const assetByName = new Map<string, ContentRef>()
  for (const asset of assets) {
    assetByPath.set(asset.path.toLowerCase(), asset)
    const name = nameKey(posix.basename(asset.path))
    if (!assetByName.has(name)) assetByName.set(name, asset)
  }

  const directory = (page: CompiledPage) => posix.dirname(page.sourcePath)

  // the pages of a folder link to the same files over and over: each (folder, path) is looked up once
  const byPath = new Map<string, CompiledPage | undefined>()
  const findByPath = (path: string, from: CompiledPage): CompiledPage | undefined => {
    const key = `${path.startsWith('/') ? '' : directory(from)}\0${path}`
    if (!byPath.has(key)) byPath.set(key, lookUpPath(path, from))
    return byPath.get(key)
  }
  const lookUpPath = (path: string, from: CompiledPage): CompiledPage | undefined => {
    const joined = path.startsWith('/') ? path.slice(1) : posix.join(directory(from), path)
    const normal = posix.normalize(joined).normalize('NFC').toLowerCase()
    if (normal.startsWith('..')) return undefined
    const direct = bySource.get(normal)
    if (direct) return direct
    // a folder link or README.md/index.md: the folder index
    const folder = normal.replace(/\/?(readme|index)\.md$/, '').replace(/\/$/, '')
    for (const name of ['readme.md', 'index.md']) {
      const index = bySource.get(folder === '' || folder === '.' ? name : `${folder}/${name}`)
      if (index) return index
    }
    return undefined
  }

  /** As a wiki link finds a page: the name as written, then without case, by path, path end, title, alias, slug. */
  const findByName = (name: string): CompiledPage | undefined => {
    const target = name.replace(/\.md$/i, '')
    return (
      byExactName.get(target.normalize('NFC')) ??
      byName.get(nameKey(target)) ??
      byName.get(slugifyPageName(target)) ??
      otherByExactName.get(target.normalize('NFC')) ??
      otherByName.get(nameKey(target))
    )
  }

  const findByRoute = (path: string): CompiledPage | undefined => {
    let route = safeDecodeURI(path)
    if (route.startsWith(base)) route = route.slice(base.length)
    else if (route.startsWith('/')) route = route.slice(1)
    route = route.replace(/\.html$/i, '').replace(/\/$/, '')
    return bySlug.get(route.normalize('NFC').toLowerCase())
  }

  return {
    findPage(link, from) {
      if (link.target === '') return from
      if (link.syntax === 'wiki') return findByName(link.target)
      const target = link.target
      if (/\.md$/i.test(target) || target.endsWith('/'))
        return findByPath(target, from) ?? findByName(target) ?? byName.get(nameKey(posix.basename(target).replace(/\.md$/i, '')))
      if (target.startsWith('/')) return findByRoute(target)
      if (/\.html$/i.test(target)) return findByRoute(`/${posix.normalize(posix.join(directory(from), target))}`)
      // [x](My%20Note), [x](Folder/My%20Note): as Obsidian, the page a wiki link with that text finds; `./` and `../`
      // name a path from the page
      if (/^\.\.?\//.test(target)) return findByPath(`${target}.md`, from)
      return findByName(target) ?? findByPath(`${target}.md`, from)
    },
    findAsset(link, from) {
      const target = link.target.replace(/^\.\//, '')
      const candidates = target.startsWith('/')
        ? [target.slice(1)]
        : [posix.join(directory(from), target), target, ...attachmentFolders.map((f) => `${f}/${target}`)]
      for (const candidate of candidates) {
        const asset = assetByPath.get(posix.normalize(candidate).normalize('NFC').toLowerCase())
        if (asset) return asset
      }
      // Obsidian resolves a bare file name anywhere in the vault
      return link.syntax === 'wiki' || !target.includes('/') ? assetByName.get(nameKey(posix.basename(target))) : undefined
    },
    findAnchor(page, anchor) {
      // [[Seite#Kapitel#Abschnitt]]: Obsidian's path of headings; the last one is the target
      if (anchor.includes('#') && !anchor.startsWith('^')) anchor = anchor.slice(anchor.lastIndexOf('#') + 1)
      const lookup = anchorLookupOf(page)
      const wanted = nameKey(anchor)
      const byText = lookup.byText.get(wanted)
      // most links name a heading as written: the slug is made only for the others
      if (byText) return byText
      const slug = slugifyHeading(anchor)
      return (
        lookup.bySlug.get(slug) ??
        lookup.bySlug.get(wanted) ??
        // anchors written for VuePress, which strips diacritics: '#ubersicht' finds 'Übersicht'
        foldedAnchorsOf(page, lookup).get(foldDiacritics(slug))
      )
    },
    suggestPage(target) {
      return closestMatch(
        target,
        pages.map((p) => p.name),
      )
    },
    suggestAnchor(page, anchor) {
      return closestMatch(
        anchor,
        page.anchors.map((a) => a.text),
      )
    },
  }
}

/**
 * The ends of page paths that are two or more segments long, each under the page with the shortest path that ends so
 * (pages in site order break ties): 'HR/FAQ' for 'Team/HR/FAQ.md' unless 'HR/FAQ.md' exists. One pass over the
 * folders of each page.
 */
function pathEnds(pages: readonly CompiledPage[]): Map<string, CompiledPage> {
  const ends = new Map<string, { page: CompiledPage; depth: number }>()
  for (const page of pages) {
    const parts = page.sourcePath.replace(/\.md$/i, '').split('/')
    for (let from = parts.length - 2; from > 0; from--) {
      const key = nameKey(parts.slice(from).join('/'))
      const known = ends.get(key)
      if (!known || parts.length < known.depth) ends.set(key, { page, depth: parts.length })
    }
  }
  return new Map([...ends].map(([key, { page }]) => [key, page]))
}

interface AnchorLookup {
  byText: Map<string, Anchor>
  bySlug: Map<string, Anchor>
  /** Made when first needed: most anchors are found by text or slug. */
  byFolded?: Map<string, Anchor>
}

/** The anchors of a page by heading text, slug and slug without diacritics (the first of each wins); made once a page. */
const anchorLookups = new WeakMap<CompiledPage, AnchorLookup>()
function anchorLookupOf(page: CompiledPage): AnchorLookup {
  let lookup = anchorLookups.get(page)
  if (lookup) return lookup
  lookup = { byText: new Map(), bySlug: new Map() }
  for (const anchor of page.anchors) {
    setFirst(lookup.byText, nameKey(anchor.text), anchor)
    setFirst(lookup.bySlug, anchor.slug, anchor)
  }
  anchorLookups.set(page, lookup)
  return lookup
}

function foldedAnchorsOf(page: CompiledPage, lookup: AnchorLookup): Map<string, Anchor> {
  if (!lookup.byFolded) {
    lookup.byFolded = new Map()
    for (const anchor of page.anchors) setFirst(lookup.byFolded, foldDiacritics(anchor.slug), anchor)
  }
  return lookup.byFolded
}

function setFirst(map: Map<string, Anchor>, key: string, anchor: Anchor): void {
  if (!map.has(key)) map.set(key, anchor)
}

/** 'übersicht' → 'ubersicht': the anchor spelling of VuePress and VitePress. */
function foldDiacritics(slug: string): string {
  return slug.normalize('NFKD').replace(/\p{M}/gu, '')
}

/** True for a markdown link target that points at a file rather than a page or route. */
export function isAssetTarget(target: string): boolean {
  return /\.[a-z\d]{1,5}$/i.test(target) && !/\.(md|html?)$/i.test(target)
}

export type { SourcePath }
