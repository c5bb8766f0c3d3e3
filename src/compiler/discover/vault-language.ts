/**
 * The language of a vault, for a site whose config sets no `site.lang`: the language most of its notes declare in
 * their front matter (`lang: en`) or, for notes that declare none, are written in (detected with franc-min). It is
 * decided before the pages compile, since the site's texts (callout titles, footnotes) are part of every page's HTML.
 *
 *     config site.lang: 'de-DE'                          → de-DE (the config always wins)
 *     notes with `lang: en` (most of them)               → en, whatever their text says
 *     notes without `lang`, written in English           → en
 *     notes without `lang`, written in German            → de-CH (the product's language, spec §1)
 *     notes written in French, Spanish, …                → fr, es, … (the page's lang and dates; English texts)
 *     no note, or too little text to tell                → de-CH (the default)
 *
 * Only a sample is read: the heads (first 8 KB) of at most 200 notes, chosen by a hash of their paths, so that a
 * 3 000-page vault costs a few milliseconds and the choice stays put while pages change: adding, removing or editing
 * one note changes at most one note of the sample, so the language changes only when the sample's majority does.
 */
import { createHash } from 'node:crypto'
import { closeSync, openSync, readSync, statSync } from 'node:fs'
import type { ContentRef } from './load.js'

/** Notes read to decide; a vault of up to this many is read whole. */
export const SAMPLE_NOTES = 200

/** Bytes read from the start of each note: its front matter and its first paragraphs. */
const HEAD_BYTES = 8192

/** Characters of prose each note adds to what text detection reads at most: every note counts about the same. */
const SNIPPET_CHARS = 200

/** What franc-min reads at most in one go (its own limit); the prose of the notes is detected in pieces of this size. */
const PIECE_CHARS = 2048

/**
 * Characters detection reads in all: four pieces, some 10 ms. The more notes, the less of each (at least
 * MIN_SNIPPET_CHARS, a sentence), since a larger sample of notes tells more than more words of each.
 */
const TEXT_CHARS = 4 * PIECE_CHARS

/** The least of a note's prose detection reads, some six words: one piece then holds about fifty notes. */
const MIN_SNIPPET_CHARS = 40

/**
 * Below this many characters franc-min's guess among its 82 languages is often wrong ("This wiki describes how we
 * look after our customers." reads as French), so a short text is only asked whether it is German or English: the two
 * languages with texts of their own.
 */
const RELIABLE_CHARS = 400

/**
 * Fewer different words than this tell nothing: notes that hold only their titles ('Start', 'Notiz 1', 'Notiz 2')
 * read as any language.
 */
const MIN_WORDS = 8

/** A note modified less than this long ago may change again unseen by its stamp: its language is not remembered. */
const SETTLE_MS = 2000

/** Changes whenever what decides changes (the sample, the reading, the votes), so no memo of an older way is taken. */
const DECISION_VERSION = 1

/** What one note says about its language. */
export interface NoteEvidence {
  /** The language tag its front matter declares (`lang: en`), canonical (`de-ch` → `de-CH`). */
  declared?: string
  /** Some of its prose, without front matter, markup and code: what text detection reads. */
  text: string
}

/** The language a site is built in and where it came from. */
export interface SiteLanguage {
  /** The tag: `site.lang`. */
  lang: string
  /** `config`: the config sets it; `notes`: the notes told (front matter or text); `default`: nothing told, de-CH. */
  from: 'config' | 'notes' | 'default'
}

/** The language the text of a piece is written in, as franc-min names it (`deu`, `eng`), or undefined. */
export type TextDetector = (text: string) => string | undefined

/**
 * The language decided for the sampled notes as they were (their paths, sizes and modification times, hashed): what a
 * warm build or the dev server takes instead of reading the notes again (cache/language-memo.ts). null: they told none.
 */
export interface LanguageMemo {
  get(key: string): string | null | undefined
  set(key: string, lang: string | null): void
}

/**
 * The language of the notes `refs` (every page source of the content; only `.md` notes are read), or undefined when
 * they tell none (no notes, or too little text): then the site keeps the default. With a memo, unchanged notes are
 * not read again.
 */
export async function detectVaultLanguage(refs: readonly ContentRef[], memo?: LanguageMemo): Promise<string | undefined> {
  const sample = sampleNotes(refs)
  const now = Date.now()
  let settled = true
  const hash = createHash('sha1').update(`${DECISION_VERSION}`)
  for (const ref of sample) {
    const info = statSync(ref.absolute, { throwIfNoEntry: false })
    if (!info || now - info.mtimeMs < SETTLE_MS) settled = false
    hash.update(`\0${ref.path}\0${info?.size}\0${info?.mtimeMs}`)
  }
  const key = hash.digest('hex')
  const known = memo?.get(key)
  if (known !== undefined) return known ?? undefined
  const buffer = Buffer.allocUnsafe(HEAD_BYTES)
  const notes = sample.map((ref) => noteEvidenceOf(readHead(ref.absolute, buffer)))
  const lang = chooseVaultLanguage(notes, needsText(notes) ? await loadDetector() : undefined)
  if (settled) memo?.set(key, lang ?? null)
  return lang
}

/** Where siteLanguageOf looks besides the config. */
export interface SiteLanguageOptions {
  /** The language of a site whose notes tell none: DEFAULT_CONFIG's (de-CH). */
  fallback: string
  memo?: LanguageMemo
}

/** The site's language: the config's `site.lang` when it sets one, else the vault's, else the fallback (de-CH). */
export async function siteLanguageOf(
  configLang: string | undefined,
  refs: readonly ContentRef[],
  options: SiteLanguageOptions,
): Promise<SiteLanguage> {
  if (configLang !== undefined) return { lang: configLang, from: 'config' }
  const lang = await detectVaultLanguage(refs, options.memo)
  return lang === undefined ? { lang: options.fallback, from: 'default' } : { lang, from: 'notes' }
}

/**
 * The notes read, in the order they are read: those of the `SAMPLE_NOTES` smallest hashes of their paths (ties by
 * path). Unlike every n-th note of the sorted list, a note added or removed changes at most one member, and the
 * choice is the same on every machine.
 */
export function sampleNotes<T extends { path: string }>(refs: readonly T[], count = SAMPLE_NOTES): T[] {
  const notes = refs.filter((ref) => /\.md$/i.test(ref.path))
  const byHash = (a: T, b: T) => pathHash(a.path) - pathHash(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
  if (notes.length <= count || notes.length >= POSITIONS) return notes.sort(byHash).slice(0, count)
  // hash and position in one number, sorted natively, without a comparison function called tens of thousands of times
  const keys = new Float64Array(notes.length)
  for (let i = 0; i < notes.length; i++) keys[i] = pathHash(notes[i].path) * POSITIONS + i
  keys.sort()
  // the same notes in the same order whatever order they came in (a build lists them by path, the dev server as they
  // change): equal hashes, as rare as they are, go by path, also for the last place
  const edge = pathHash(notes[keys[count - 1] % POSITIONS].path)
  let end = count
  while (end < keys.length && pathHash(notes[keys[end] % POSITIONS].path) === edge) end++
  return Array.from(keys.subarray(0, end), (key) => notes[key % POSITIONS])
    .sort(byHash)
    .slice(0, count)
}

/** Notes sampleNotes packs a position for beside a hash in a double: 2^32 × 2^21 stays below 2^53. */
const POSITIONS = 2 ** 21

/** FNV-1a over the path's UTF-16 code units: fast and spread well enough to sample by. */
function pathHash(path: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < path.length; i++) {
    hash ^= path.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** The start of a file as text, read into `bytes`; empty when it cannot be read (compiling reports that). */
function readHead(file: string, bytes: Buffer): string {
  let fd: number | undefined
  try {
    fd = openSync(file, 'r')
    const length = readSync(fd, bytes, 0, bytes.length, 0)
    // a character cut at the end becomes U+FFFD, which detection ignores
    return bytes.toString('utf8', 0, length)
  } catch {
    return ''
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** The front matter of a note: `---` on the first line up to the next `---` (or `...`) line. */
const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)(?:^|\r?\n)(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/

/** The top-level `lang` of a front matter, plain or quoted, with a comment after it or not. */
const LANG_KEY = /^lang[ \t]*:[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s#'"][^#\n]*?))[ \t]*(?:#.*)?$/m

/** A language tag as `site.lang` takes it: `en`, `de-CH`, `de_CH`, `zh-Hant-TW`. */
const LANGUAGE_TAG = /^[a-z]{2,3}([-_][a-z0-9]{1,8})*$/i

/**
 * What a note's text (its head) says about its language: the tag its front matter declares, and up to SNIPPET_CHARS
 * of its prose. A tag that is no language tag (`lang: Deutsch`) declares nothing.
 */
export function noteEvidenceOf(head: string): NoteEvidence {
  const match = FRONT_MATTER.exec(head)
  const frontMatter = match ? match[1] : /^\uFEFF?---[ \t]*\r?\n/.test(head) ? head : ''
  const declared = declaredTagOf(frontMatter)
  // an unclosed front matter (longer than the head) leaves no body to read
  const body = match ? head.slice(match[0].length) : frontMatter ? '' : head
  return declared === undefined ? { text: proseOf(body) } : { declared, text: proseOf(body) }
}

/** The canonical tag of a front matter's `lang`, if it has one that is a language tag. */
function declaredTagOf(frontMatter: string): string | undefined {
  const found = LANG_KEY.exec(frontMatter)
  const value = found && (found[1] ?? found[2] ?? found[3])?.trim()
  return value ? canonicalTag(value) : undefined
}

/** `de_ch` → `de-CH`, `EN` → `en`; undefined for what is no language tag. */
export function canonicalTag(value: string): string | undefined {
  if (!LANGUAGE_TAG.test(value)) return undefined
  try {
    return Intl.getCanonicalLocales(value.replace(/_/g, '-'))[0]
  } catch {
    return undefined
  }
}

/**
 * Up to SNIPPET_CHARS of a body's prose: headings, paragraphs, list items, quotes and table cells without their
 * markup; code blocks, math, comments, link targets, URLs, HTML tags and tags left out, since they are in no language.
 */
function proseOf(body: string): string {
  let prose = ''
  let fence: string | undefined
  let block: '$$' | '%%' | '<!--' | undefined
  for (const line of body.split('\n')) {
    if (prose.length >= SNIPPET_CHARS) break
    const trimmed = line.trim()
    if (fence) {
      if (trimmed.startsWith(fence) && /^([`~])\1*$/.test(trimmed)) fence = undefined
      continue
    }
    if (block) {
      if (trimmed.includes(block === '<!--' ? '-->' : block)) block = undefined
      continue
    }
    const opening = /^(?:>\s*)*(`{3,}|~{3,})/.exec(trimmed)
    if (opening) {
      fence = opening[1]
      continue
    }
    const blockStart = (['$$', '%%', '<!--'] as const).find((mark) => trimmed.startsWith(mark))
    if (blockStart) {
      const closer = blockStart === '<!--' ? '-->' : blockStart
      if (!trimmed.slice(blockStart.length).includes(closer)) block = blockStart
      continue
    }
    const words = proseOfLine(trimmed)
    if (words) prose += prose ? ` ${words}` : words
  }
  return prose.slice(0, SNIPPET_CHARS)
}

/** One line's words without markdown: `## [[Odoo|ERP]] *hosting*` → `ERP hosting`. */
function proseOfLine(line: string): string {
  return line
    .replace(/^(?:>\s*)*(?:\[![^\]]*\][-+]?)?/, '') // quote and callout markers
    .replace(/^(?:#{1,6}\s+|[-*+]\s+(?:\[.\]\s+)?|\d+[.)]\s+)/, '') // heading, list and task markers
    .replace(/`[^`]*`/g, ' ') // inline code
    .replace(/%%.*?%%/g, ' ')
    .replace(/!\[\[[^\]]*\]\]|!\[[^\]]*\]\([^)]*\)/g, ' ') // embeds and images
    .replace(
      /\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]/g,
      (_, target: string, alias?: string) => alias ?? target.split('/').pop() ?? '',
    )
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // markdown links: their text
    .replace(/<[^>]*>|\b[a-z][a-z+.-]*:\/\/\S+|(?:^|\s)#[^\s#]+|\^[\w-]+$/gi, ' ') // HTML, URLs, tags, block ids
    .replace(/[|*_~=\\[\]{}<>]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** True when the votes of the declared tags alone do not settle the choice: then the text is read. */
function needsText(notes: readonly NoteEvidence[]): boolean {
  const voters = notes.filter((note) => note.declared !== undefined || note.text.length > 0).length
  const declared = tally(notes.flatMap((note) => (note.declared === undefined ? [] : [[note.declared, 1] as const])))
  return notes.some((note) => note.declared === undefined && note.text.length > 0) && topGroupVotes(declared) * 2 <= voters
}

/**
 * The language of the notes: each note votes for the tag it declares; the notes that declare none vote, piece by piece
 * of their pooled prose, for the language `detect` finds in it (German → de-CH, English → en, any other language its
 * own tag). The language with most votes wins (de-CH, de and de-DE all count for German), and within it its tag with
 * most votes; ties go to the tag first in alphabetical order, so the same notes always give the same answer.
 * Undefined when no note tells (no notes, no declared tags, too little text).
 */
export function chooseVaultLanguage(notes: readonly NoteEvidence[], detect?: TextDetector): string | undefined {
  const votes: (readonly [string, number])[] = []
  for (const note of notes) if (note.declared !== undefined) votes.push([note.declared, 1])
  if (detect) {
    for (const piece of piecesOf(notes.filter((note) => note.declared === undefined && note.text.length > 0))) {
      const tag = tagOfDetected(detect(piece.text))
      if (tag) votes.push([tag, piece.notes])
    }
  }
  const byTag = tally(votes)
  const group = best(tally([...byTag].map(([tag, count]) => [primaryOf(tag), count] as const)))
  return group === undefined ? undefined : best(new Map([...byTag].filter(([tag]) => primaryOf(tag) === group)))
}

/** The undeclared notes' prose in pieces of at most PIECE_CHARS, each with the number of notes in it. */
function piecesOf(notes: readonly NoteEvidence[]): { text: string; notes: number }[] {
  const each = Math.max(MIN_SNIPPET_CHARS, Math.floor(TEXT_CHARS / notes.length))
  const pieces: { text: string; notes: number }[] = []
  let current = { text: '', notes: 0 }
  for (const note of notes) {
    const text = note.text.slice(0, each)
    if (current.notes > 0 && current.text.length + 1 + text.length > PIECE_CHARS) {
      pieces.push(current)
      current = { text: '', notes: 0 }
    }
    current = { text: current.text ? `${current.text} ${text}` : text, notes: current.notes + 1 }
  }
  if (current.notes > 0) pieces.push(current)
  return pieces
}

/** The tag a detected language gives the site: German reads de-CH (the product's language), English en. */
export function tagOfDetected(code: string | undefined): string | undefined {
  if (code === undefined || code === 'und') return undefined
  if (code === 'deu') return 'de-CH'
  if (code === 'eng') return 'en'
  // ISO 639-3 as franc names them; Intl makes them the tags HTML uses (fra → fr, cmn → zh)
  return canonicalTag(code)
}

const primaryOf = (tag: string) => tag.split('-')[0].toLowerCase()

function tally(votes: Iterable<readonly [string, number]>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const [key, count] of votes) counts.set(key, (counts.get(key) ?? 0) + count)
  return counts
}

function topGroupVotes(byTag: Map<string, number>): number {
  return Math.max(0, ...tally([...byTag].map(([tag, count]) => [primaryOf(tag), count] as const)).values())
}

/** The key with most votes; ties go to the key first in alphabetical order. */
function best(counts: Map<string, number>): string | undefined {
  let winner: [string, number] | undefined
  for (const entry of counts) {
    if (!winner || entry[1] > winner[1] || (entry[1] === winner[1] && entry[0] < winner[0])) winner = entry
  }
  return winner?.[0]
}

/**
 * franc-min as a TextDetector, loaded only when a vault's text has to be read: building its tables of 82 languages
 * takes some 30 ms, which sites with a `site.lang` or with declared tags never pay.
 */
export async function loadDetector(): Promise<TextDetector> {
  const { franc } = await import('franc-min')
  return (text) => {
    if (new Set(text.toLowerCase().match(/\p{L}{2,}/gu)).size < MIN_WORDS) return undefined
    const code = text.length < RELIABLE_CHARS ? franc(text, { only: ['deu', 'eng'] }) : franc(text)
    return code === 'und' ? undefined : code
  }
}
