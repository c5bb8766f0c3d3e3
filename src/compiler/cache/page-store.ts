/**
 * Where compiled pages live between the compile and render phases, keyed by content hash.
 *
 * The disk store is also the build cache. Its layout:
 *
 *     bodies/<pack>.html   the body HTML of one compile batch, page after page (one file per batch, not per page:
 *                          creating files is what writing the cache cost)
 *     pages.jsonl          the metadata of every page of the last finished build, each with where its body is: a
 *                          version line, then one page per line, as ASCII (see `asciiJson`); a later line of a content
 *                          hash wins. A line is `[where, record]`, a tab, the length of the rest and the kinds of the
 *                          page's links, a tab, and the fields a warm build reads only of the pages it compiles,
 *                          renders or links anew (DEFERRED)
 *
 * A build reads pages.jsonl once, compiles what it does not find there, and after succeeding adds the lines of the pages
 * it compiled at the end of the file, and deletes the packs no page points into any more. Lines of pages the build no
 * longer has stay (a page's record is a function of its content hash: such a line is right for whoever brings that
 * content back) until they are a fifth of the file, which is then written anew with the build's pages alone: a warm
 * build of one changed page writes one line, not the whole index. A body is read only when its page is rendered.
 * The memory store serves builds without a cache.
 */
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import type { CompiledPage, Page } from '../parse/page.js'
import { DEFAULT_FRONTMATTER, defaultFrontmatter, type Frontmatter } from '../parse/frontmatter.js'
import { knowLinkKinds, linkKindsOf } from '../link/link-kinds.js'

/** Where a stored body is: a byte range of a pack file. Private to the store. */
interface BodyRef {
  pack: string
  start: number
  /** Bytes of the body HTML; the page's full-text data follows it, after a NUL, up to `end`. */
  length: number
  end: number
}

/**
 * Where some bodies are, as one thread's store tells another's (a worker's compile result, a render task): opaque
 * outside the store.
 */
export type StoredBodies = { readonly __storedBodies: unique symbol }

export interface PageStore {
  /** The stored page with this content hash (from the last finished build), if any. */
  meta(contentHash: string): CompiledPage | undefined
  /** Stores compiled pages; returns them without their bodies. */
  put(pages: readonly Page[]): CompiledPage[]
  /** Where the bodies of these pages are, for another thread's store. */
  locationsOf(contentHashes: Iterable<string>): StoredBodies
  /** Learns where bodies are that another thread's store holds. */
  adopt(bodies: StoredBodies): void
  /** Body HTML of a stored page; throws if it is missing (a bug: every rendered page was compiled first). */
  body(contentHash: string): string
  /** The full-text data of a stored page (search-data.ts), kept in the same place as its body. */
  searchData(contentHash: string): string
  /** Keeps these pages for the next build; pages not among them may be forgotten. */
  commit(pages: readonly CompiledPage[]): void
}

export function createMemoryStore(): PageStore {
  const bodies = new Map<string, string>()
  return {
    meta: () => undefined,
    put(pages) {
      return pages.map((page) => {
        bodies.set(page.contentHash, joinStored(page.html, page.searchData))
        return recordOf(page)
      })
    },
    locationsOf: () => ({}) as StoredBodies,
    adopt() {},
    body(hash) {
      const stored = bodies.get(hash)
      if (stored === undefined) throw new Error(`Page ${hash} was never compiled`)
      return splitStored(stored)[0]
    },
    searchData(hash) {
      const stored = bodies.get(hash)
      if (stored === undefined) throw new Error(`Page ${hash} was never compiled`)
      return splitStored(stored)[1]
    },
    commit() {},
  }
}

const INDEX_VERSION = 7
const NEWLINE = 0x0a
const TAB = 0x09
const NEWLINE_BYTES = Buffer.from('\n')
/** Stale index lines always allowed before the index is written anew (beyond a quarter of the pages kept). */
const MIN_STALE_LINES = 64
/** Packs kept in memory per thread while rendering: render batches mostly read the packs of a few compile batches. */
const OPEN_PACKS = 8

/** A line of the index: a compiled page and where its body is. */
interface IndexEntry {
  page: CompiledPage
  body: BodyRef
}

/**
 * The fields of a record that a warm build reads only of the pages it compiles, renders or links anew: the links, the
 * sidebar's headings, the anchors and the embeddable sections. They are two thirds of an index line's bytes, and most of
 * its parsing, so a line keeps them apart, and a record read from the index parses them when one of them is first read.
 * What every page is asked of its links, whether it holds a base or a query, the line tells beside them (link-kinds.ts).
 * Every record the store gives out has them last (recordOf), so that one read from the index has its keys in the same
 * order.
 */
const DEFERRED = ['links', 'headers', 'anchors', 'fragments'] as const
const IS_DEFERRED: ReadonlySet<string> = new Set(DEFERRED)

export function createDiskStore(dir: string): PageStore {
  const packDir = join(dir, 'bodies')
  const indexFile = join(dir, 'pages.jsonl')
  const packFile = (pack: string) => join(packDir, `${pack}.html`)
  const refs = new Map<string, BodyRef>()
  const packs = new Map<string, Buffer>()
  /** Open packs, for reading the full-text data of pages without their bodies. */
  const packFds = new Map<string, number>()
  const packExists = new Map<string, boolean>()
  let index: Map<string, IndexEntry> | undefined
  /**
   * The index line of each page read from it, written again as it is: its bytes in the file as read (or as last
   * written), so that an unchanged page costs no conversion when the index is written anew.
   */
  const lines = new Map<string, Buffer>()
  /** Page lines in the index file as read or last written, stale ones included; undefined while it is not known. */
  let linesInFile: number | undefined
  let packCount = 0

  const readIndex = (): Map<string, IndexEntry> => {
    const pages = new Map<string, IndexEntry>()
    let bytes: Buffer
    try {
      // ASCII read as latin1: decoding 8 MB of UTF-8 took longer than parsing the JSON
      bytes = readFileSync(indexFile)
      const end = bytes.indexOf(NEWLINE)
      if (end === -1 || (JSON.parse(bytes.toString('latin1', 0, end)) as { version: number }).version !== INDEX_VERSION) return pages
    } catch {
      // none yet, or foreign: compile everything
      return pages
    }
    let count = 0
    for (let start = bytes.indexOf(NEWLINE) + 1, end = start; start < bytes.length; start = end + 1) {
      end = bytes.indexOf(NEWLINE, start)
      if (end === -1) end = bytes.length
      if (end === start) continue
      const entry = indexEntryOf(bytes, start, end)
      // a line torn by a build that was killed while adding it, or of another shape (edited by hand), is no page: it is
      // compiled again
      if (!entry) continue
      count++
      pages.set(entry.page.contentHash, entry)
      lines.set(entry.page.contentHash, bytes.subarray(start, end))
    }
    linesInFile = count
    return pages
  }
  const hasPack = (pack: string) => {
    let known = packExists.get(pack)
    if (known === undefined) packExists.set(pack, (known = existsSync(packFile(pack))))
    return known
  }
  const readPack = (pack: string): Buffer => {
    let bytes = packs.get(pack)
    if (bytes) {
      packs.delete(pack)
    } else {
      bytes = readFileSync(packFile(pack))
      if (packs.size >= OPEN_PACKS) packs.delete(packs.keys().next().value!)
    }
    packs.set(pack, bytes) // most recently used last
    return bytes
  }

  /** The body (`search` false) or the full-text data (true) of a stored page, decoding only that part of the pack. */
  const stored = (hash: string, search: boolean): string => {
    const ref = refs.get(hash)
    if (!ref) throw new Error(`Page ${hash} is missing from the build cache`)
    try {
      const bytes = readPack(ref.pack)
      return search
        ? bytes.toString('utf8', ref.start + ref.length + 1, ref.end)
        : bytes.toString('utf8', ref.start, ref.start + ref.length)
    } catch {
      throw new Error(`Page ${hash} is missing from the build cache`)
    }
  }

  return {
    meta(hash) {
      index ??= readIndex()
      const entry = index.get(hash)
      if (!entry || !hasPack(entry.body.pack)) return undefined
      refs.set(hash, entry.body)
      return entry.page
    },
    put(pages) {
      if (pages.length === 0) return []
      const pack = `${process.pid}-${Date.now().toString(36)}-${(packCount++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`
      const parts: Buffer[] = []
      let start = 0
      const metas = pages.map((page) => {
        const meta = recordOf(page)
        const body = Buffer.from(page.html)
        const search = Buffer.from(`\u0000${page.searchData}`)
        parts.push(body, search)
        refs.set(meta.contentHash, { pack, start, length: body.length, end: start + body.length + search.length })
        lines.delete(meta.contentHash) // an index line read earlier points at the pack this page was missing from
        start += body.length + search.length
        return meta
      })
      mkdirSync(packDir, { recursive: true })
      // a pack is complete before any index names it: the index is written after the build that made it
      writeFileSync(packFile(pack), Buffer.concat(parts))
      return metas
    },
    locationsOf(hashes) {
      const bodies: Record<string, BodyRef> = {}
      for (const hash of hashes) {
        const ref = refs.get(hash)
        if (ref) bodies[hash] = ref
      }
      return bodies as unknown as StoredBodies
    },
    adopt(bodies) {
      const known = bodies as unknown as Record<string, BodyRef>
      for (const hash in known) refs.set(hash, known[hash])
    },
    body(hash) {
      return stored(hash, false)
    },
    searchData(hash) {
      // read just these bytes: the index merges the data of every page, and reading whole packs would read every body
      const ref = refs.get(hash)
      if (!ref) throw new Error(`Page ${hash} is missing from the build cache`)
      const cached = packs.get(ref.pack)
      if (cached) return cached.toString('utf8', ref.start + ref.length + 1, ref.end)
      try {
        let fd = packFds.get(ref.pack)
        if (fd === undefined) packFds.set(ref.pack, (fd = openSync(packFile(ref.pack), 'r')))
        const bytes = Buffer.allocUnsafe(ref.end - ref.start - ref.length - 1)
        readSync(fd, bytes, 0, bytes.length, ref.start + ref.length + 1)
        return bytes.toString('utf8')
      } catch {
        throw new Error(`Page ${hash} is missing from the build cache`)
      }
    },
    commit(pages) {
      for (const fd of packFds.values()) closeSync(fd)
      packFds.clear()
      const kept = pages.flatMap((page): IndexEntry[] => {
        const body = refs.get(page.contentHash)
        return body ? [{ page, body }] : []
      })
      mkdirSync(dir, { recursive: true })
      const added: Buffer[] = []
      const keptLines = kept.map((entry) => {
        const known = lines.get(entry.page.contentHash)
        if (known) return known
        const line = indexLineOf(entry)
        added.push(line)
        return line
      })
      if (linesInFile !== undefined && linesInFile + added.length <= kept.length + Math.max(MIN_STALE_LINES, kept.length / 4)) {
        // each line on its own, after a newline: a line torn by a killed build before it stays one line, and is skipped
        const parts: Buffer[] = []
        for (const line of added) parts.push(NEWLINE_BYTES, line)
        if (added.length > 0) appendFileSync(indexFile, Buffer.concat([...parts, NEWLINE_BYTES]))
        linesInFile += added.length
      } else {
        const parts: Buffer[] = [Buffer.from(JSON.stringify({ version: INDEX_VERSION }), 'latin1')]
        for (const line of keptLines) parts.push(NEWLINE_BYTES, line)
        parts.push(NEWLINE_BYTES)
        const temp = `${indexFile}.${process.pid}.tmp`
        writeFileSync(temp, Buffer.concat(parts))
        renameSync(temp, indexFile)
        linesInFile = keptLines.length
      }
      index = new Map(kept.map((entry) => [entry.page.contentHash, entry]))
      lines.clear()
      kept.forEach((entry, i) => lines.set(entry.page.contentHash, keptLines[i]))
      const used = new Set(kept.map((entry) => `${entry.body.pack}.html`))
      for (const file of existsSync(packDir) ? readdirSync(packDir) : []) {
        if (!used.has(file)) rmSync(join(packDir, file), { force: true })
      }
      packExists.clear()
    },
  }
}

/** A page's record: the page without its body and full-text data, with the deferred fields last. */
function recordOf(page: Page): CompiledPage {
  const record: Record<string, unknown> = {}
  for (const key in page) {
    if (key !== 'html' && key !== 'searchData' && !IS_DEFERRED.has(key)) record[key] = page[key as keyof Page]
  }
  for (const key of DEFERRED) record[key] = page[key]
  return record as unknown as CompiledPage
}

/** A page's index line (see the store's layout). */
function indexLineOf({ page, body }: IndexEntry): Buffer {
  const record: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(page)) {
    if (!IS_DEFERRED.has(key)) record[key] = key === 'frontmatter' ? compactFrontmatter(value as Frontmatter) : value
  }
  const rest = asciiJson(DEFERRED.map((key) => page[key]))
  const kinds = [...linkKindsOf(page)].join(',')
  return Buffer.from(`${asciiJson([body, record])}\t${rest.length} ${kinds}\t${rest}`, 'latin1')
}

/** The page of the index line at `bytes[start, end)`, or undefined for a line torn or of another shape. */
function indexEntryOf(bytes: Buffer, start: number, end: number): IndexEntry | undefined {
  const tab = bytes.indexOf(TAB, start)
  const lengthEnd = tab === -1 ? -1 : bytes.indexOf(TAB, tab + 1)
  if (lengthEnd === -1 || lengthEnd >= end) return undefined
  const [length, kinds] = bytes.toString('latin1', tab + 1, lengthEnd).split(' ')
  // the deferred part is parsed later: a line cut short is known by its length
  if (kinds === undefined || end - lengthEnd - 1 !== Number(length)) return undefined
  let entry: [BodyRef, CompiledPage] | undefined
  try {
    entry = JSON.parse(bytes.toString('latin1', start, tab)) as [BodyRef, CompiledPage]
  } catch {
    return undefined
  }
  if (!Array.isArray(entry)) return undefined
  const [body, page] = entry
  if (typeof body?.pack !== 'string' || typeof page?.contentHash !== 'string') return undefined
  if (typeof page.frontmatter !== 'object' || page.frontmatter === null) return undefined
  if (COMPACT in page.frontmatter) page.frontmatter = expandedFrontmatter(page.frontmatter)
  // added at the end, as recordOf puts them, the same way on every record: they keep the records' shape shared
  deferredParts.set(page, bytes.subarray(lengthEnd + 1, end))
  Object.defineProperties(page, DEFERRED_FIELDS)
  let known = kindSets.get(kinds)
  if (!known) kindSets.set(kinds, (known = new Set(kinds === '' ? [] : kinds.split(','))))
  knowLinkKinds(page, known)
  return { page, body }
}

/** The kinds of links of the records read, by how a line writes them: most pages share a few. */
const kindSets = new Map<string, ReadonlySet<string>>()

/** The deferred part of the index line of each record read from it, until one of its deferred fields is read. */
const deferredParts = new WeakMap<object, Buffer>()

/**
 * The deferred fields of a record read from the index: the first read (or write) of one parses the line's deferred
 * part, and they become plain fields. Spreading or cloning the record reads them, so every reader sees it whole.
 */
const DEFERRED_FIELDS: PropertyDescriptorMap = Object.fromEntries(
  DEFERRED.map((key) => [
    key,
    {
      get(this: CompiledPage) {
        return filled(this)[key]
      },
      set(this: CompiledPage, value: unknown) {
        filled(this)[key] = value
      },
      enumerable: true,
      configurable: true,
    },
  ]),
)

function filled(page: CompiledPage): Record<string, unknown> {
  const part = deferredParts.get(page)
  // only a record the index made has these fields, and it is filled once
  if (!part) throw new Error(`Page ${page.contentHash}: a deferred field was read through another object`)
  let values: unknown[]
  try {
    values = JSON.parse(part.toString('latin1')) as unknown[]
  } catch {
    // the length was right but the text was not: edited by hand, which the build cannot mend halfway through
    throw new Error(`Page ${page.contentHash} is damaged in the build cache; delete the cache folder and build again`)
  }
  deferredParts.delete(page)
  DEFERRED.forEach((key, i) => Object.defineProperty(page, key, { value: values[i], writable: true, enumerable: true, configurable: true }))
  return page as unknown as Record<string, unknown>
}

/** A page's body and its full-text data as one stored text: the body never holds a NUL (the loader rejects them). */
function joinStored(html: string, searchData: string): string {
  return searchData === '' ? html : `${html}\u0000${searchData}`
}

function splitStored(stored: string): [html: string, searchData: string] {
  const at = stored.indexOf('\u0000')
  return at === -1 ? [stored, ''] : [stored.slice(0, at), stored.slice(at + 1)]
}

/**
 * Front matter as an index line keeps it: without the keys that hold their default (most of them, on most pages),
 * marked so. Only front matter that begins with every default key in DEFAULT_FRONTMATTER's order, as the parser makes
 * it, is made compact: expanding it gives the same keys in the same order.
 */
const COMPACT = '~defaults'
const DEFAULT_KEYS = Object.keys(DEFAULT_FRONTMATTER) as (keyof Frontmatter)[]
const DEFAULT_JSON = new Map(DEFAULT_KEYS.map((key) => [key, JSON.stringify(DEFAULT_FRONTMATTER[key])]))

function compactFrontmatter(frontmatter: Frontmatter): Frontmatter {
  const keys = Object.keys(frontmatter)
  if (DEFAULT_KEYS.some((key, i) => keys[i] !== key)) return frontmatter
  const own: Record<string, unknown> = { [COMPACT]: 1 }
  for (const key of keys) {
    const value = frontmatter[key as keyof Frontmatter]
    if (JSON.stringify(value) !== DEFAULT_JSON.get(key as keyof Frontmatter)) own[key] = value
  }
  return own as unknown as Frontmatter
}

function expandedFrontmatter(compact: Frontmatter): Frontmatter {
  // a fresh object of the defaults' shape, set key by key: spreading the frozen defaults took 15 µs a page
  const frontmatter = defaultFrontmatter() as unknown as Record<string, unknown>
  const own = compact as unknown as Record<string, unknown>
  for (const key in own) if (key !== COMPACT) frontmatter[key] = own[key]
  return frontmatter as unknown as Frontmatter
}

/** JSON with every character beyond ASCII written as a `\uXXXX` escape: the same value, readable as latin1. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
