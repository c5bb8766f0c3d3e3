/**
 * Full-text search over the index of format.ts: one code path for the search page in the browser and for
 * `wikigen search --full-text`, which differ only in how they load a file.
 *
 * A query's words are folded (text.ts) and stopwords dropped; a run of words the site declares a synonym of others
 * (the config's `search.synonyms`) matches any of them. Each word matches in one of these ways, weighted in this
 * order: the word itself; a word with the same stem (Rechnung ↔ Rechnungen, Parkplatz ↔ Parkplätze); a compound that
 * contains it (fenster → Wartungsfenster, found by the index from the site's own words); for a compound typed as one
 * word that the site writes as two (serverhärtung → Server-Härtung), the pages with both parts; the last word as the
 * start of a longer one (while typing); a word a typo away (one edit from five letters, two from eight, a swapped pair
 * of letters being one). Every page with any word is a candidate, ranked by BM25 over those weighted counts, a title
 * counting five times and a heading twice a body occurrence, so pages with more of the words rank higher; among the
 * pages shown, one titled as the query goes first. Words found only through a typo, and words that matched nothing,
 * get a "did you mean" from the index's vocabulary.
 */
import {
  deltaFile,
  metaFile,
  pageFile,
  shardFile,
  shardKeyOf,
  type FullTextMeta,
  type FullTextPage,
  type FullTextShard,
  type Postings,
} from './format.js'
import { stemsOf } from './stem.js'
import { editDistance, editsAllowed, fold, STOPWORDS, words } from './text.js'

/** Reads one file of the index (parsed JSON); undefined when it does not exist. */
export type FullTextLoader = (file: string) => Promise<unknown>

export interface SnippetPart {
  text: string
  mark: boolean
}

export interface FullTextHit {
  title: string
  href: string
  /** The heading of the section the best match is in, and its anchor ('' for the text before the first heading). */
  heading: string
  anchor: string
  section: string
  kind: string
  score: number
  snippet: SnippetPart[]
  /** The page's other sections that match well, best first (at most two), each with its heading and snippet. */
  more: { heading: string; anchor: string; href: string; snippet: SnippetPart[] }[]
}

export interface FullTextResult {
  query: string
  /** The words searched for, folded, without stopwords. */
  terms: string[]
  total: number
  hits: FullTextHit[]
  /** No page has every word: the hits have the most of them. */
  partial: boolean
  /** The query with each word that matched nothing replaced by the closest word of the index ("did you mean"). */
  suggestions: string[]
}

export interface SearchOptions {
  limit?: number
  offset?: number
  /** Only pages of this section or kind (front matter). */
  section?: string
  kind?: string
}

/** How much a kind of match counts, relative to the word itself. */
const WEIGHT = { exact: 1, stem: 0.8, part: 0.6, prefix: 0.6, fuzzy: 0.35, fuzzy2: 0.2 } as const
const K1 = 1.2
const B = 0.75
const MAX_EXPANSIONS = 40
/** The shortest part a typed compound is split into ("raci" of "racimatrix"). */
const MIN_PART = 3
const SNIPPET_LENGTH = 180
/** A page's other sections shown beneath it: at most this many. */
const MORE_SECTIONS = 2

interface TermMatch {
  /** Per page: weighted count, and per section the weighted count there. */
  docs: Map<number, { weight: number; sections: Map<number, number>; words: Set<string> }>
  /** Found only through words a typo away: the query shows "did you mean". */
  typo: boolean
}

export function createFullTextSearch(load: FullTextLoader) {
  let meta: Promise<FullTextMeta | undefined> | undefined
  const shards = new Map<string, Promise<FullTextShard | undefined>>()
  const pages = new Map<number, Promise<FullTextPage | undefined>>()
  // an index of another version (a page open while the site was published again) is no index
  const loadMeta = () =>
    (meta ??= (load(metaFile()) as Promise<FullTextMeta | undefined>).then((found) => (found?.version === 3 ? found : undefined)))
  const loadFile = (file: string) => {
    let shard = shards.get(file)
    if (!shard) shards.set(file, (shard = load(file) as Promise<FullTextShard | undefined>))
    return shard
  }
  const loadPage = (doc: number) => {
    let page = pages.get(doc)
    if (!page) pages.set(doc, (page = load(pageFile(doc)) as Promise<FullTextPage | undefined>))
    return page
  }
  /**
   * The shards a term's words are in, of the base and of the delta, those that exist; for the prefix of a word being
   * typed that is shorter than the base's keys, every shard of the base under it.
   */
  const loadShards = async (term: string, known: FullTextMeta, prefix = false): Promise<FullTextShard[]> => {
    const split = new Set(known.split)
    const key = shardKeyOf(term, split)
    const baseKeys = known.shards.filter(
      (name) => name === key || (prefix && split.has(term) && name.length === 3 && name.startsWith(term)),
    )
    const deltaKey = term.slice(0, 2)
    const found = await Promise.all([
      ...baseKeys.map((name) => loadFile(shardFile(name))),
      known.delta.includes(deltaKey) ? loadFile(deltaFile(deltaKey)) : undefined,
    ])
    return found.filter((shard): shard is FullTextShard => shard !== undefined)
  }

  /**
   * A compound typed as one word that the site writes in two ("serverhärtung" for "Server-Härtung", "gästewlan" for
   * "Gäste-WLAN"): the longest start that is a word of the site, and a rest that is one too, as the index splits the
   * site's own compounds. Looks at two shards at most: the term's own (where every start of it is) and the rest's.
   */
  async function splitCompound(term: string, known: FullTextMeta, own: FullTextShard[]): Promise<[string, string] | undefined> {
    const isWord = (shards: FullTextShard[], word: string) =>
      shards.some((shard) => shard.words[word] !== undefined || stemsOf(word).some((stem) => shard.stems[stem] !== undefined))
    let tries = 0
    for (let cut = term.length - MIN_PART; cut >= MIN_PART && tries < 2; cut--) {
      const start = term.slice(0, cut)
      // a joint "s" (Wartungsfenster) belongs to neither word
      const left = isWord(own, start) ? start : start.endsWith('s') && isWord(own, start.slice(0, -1)) ? start.slice(0, -1) : undefined
      if (!left) continue
      tries++
      const rest = term.slice(cut)
      if (isWord(await loadShards(rest, known), rest)) return [left, rest]
    }
    return undefined
  }

  async function match(term: string, prefix: boolean, known: FullTextMeta, depth = 0): Promise<TermMatch> {
    const result: TermMatch = { docs: new Map(), typo: false }
    const add = (postings: Postings, weight: number, word: string) => {
      let doc = 0
      for (let i = 0; i < postings.length; i += 3) {
        doc += postings[i]
        // a page of the base that changed or is gone since: its words are in the delta, or nowhere
        if (!known.docs[doc]) continue
        const section = postings[i + 1]
        const value = weight * postings[i + 2]
        let entry = result.docs.get(doc)
        if (!entry) result.docs.set(doc, (entry = { weight: 0, sections: new Map(), words: new Set() }))
        entry.weight += value
        entry.sections.set(section, (entry.sections.get(section) ?? 0) + value)
        entry.words.add(word)
      }
    }
    const shards = await loadShards(term, known, prefix)
    const seen = new Set<string>()
    const use = (word: string, weight: number) => {
      if (seen.has(word)) return
      seen.add(word)
      for (const shard of shards) if (shard.words[word]) add(shard.words[word], weight, word)
    }
    const has = (word: string) => shards.some((shard) => shard.words[word] !== undefined)
    if (has(term)) use(term, WEIGHT.exact)
    for (const stem of stemsOf(term)) for (const shard of shards) for (const word of shard.stems[stem] ?? []) use(word, WEIGHT.stem)
    // compounds: the parts table lives in the shard of the part
    // (a compound is listed under a part by the base and by the delta, each with its pages: both count, once each)
    const listedBy = new Map<string, Set<FullTextShard>>()
    for (const part of new Set([term, ...stemsOf(term)])) {
      for (const shard of shards) {
        for (const [word, postings] of shard.parts[part] ?? []) {
          if (seen.has(word)) continue
          let shardsOfWord = listedBy.get(word)
          if (!shardsOfWord) listedBy.set(word, (shardsOfWord = new Set()))
          if (shardsOfWord.has(shard)) continue
          shardsOfWord.add(shard)
          add(postings, WEIGHT.part, word)
        }
      }
    }
    for (const word of listedBy.keys()) seen.add(word)
    // a compound the site writes as two words: the pages with both parts
    if (result.docs.size === 0 && depth === 0 && term.length >= 2 * MIN_PART) {
      const parts = await splitCompound(term, known, shards)
      if (parts) {
        const [left, right] = await Promise.all(parts.map((part) => match(part, false, known, depth + 1)))
        for (const [doc, a] of left.docs) {
          const b = right.docs.get(doc)
          if (!b) continue
          const sections = new Map(a.sections)
          for (const [section, value] of b.sections) sections.set(section, (sections.get(section) ?? 0) + value)
          result.docs.set(doc, { weight: WEIGHT.part * Math.min(a.weight, b.weight), sections, words: new Set([...a.words, ...b.words]) })
        }
      }
    }
    const edits = editsAllowed(term.length)
    const direct = result.docs.size > 0
    if (prefix || edits > 0) {
      let expansions = 0
      for (const shard of shards) {
        for (const word of Object.keys(shard.words)) {
          if (seen.has(word) || expansions >= MAX_EXPANSIONS) continue
          if (prefix && word.startsWith(term)) {
            use(word, WEIGHT.prefix)
            expansions++
          } else if (edits > 0 && Math.abs(word.length - term.length) <= edits) {
            const distance = editDistance(word, term, edits)
            if (distance > edits) continue
            use(word, distance === 1 ? WEIGHT.fuzzy : WEIGHT.fuzzy2)
            expansions++
          }
        }
      }
    }
    result.typo = !direct && result.docs.size > 0
    return result
  }

  /** The pages with every one of `group`'s words (a synonym of several words), each word matched as a query word is. */
  async function allOfWords(group: readonly string[], known: FullTextMeta): Promise<TermMatch> {
    const found = await Promise.all(group.map((word) => match(word, false, known)))
    if (found.length === 1) return found[0]
    const result: TermMatch = { docs: new Map(), typo: found.some((one) => one.typo) }
    for (const [doc, first] of found[0].docs) {
      const rest = found.slice(1).map((one) => one.docs.get(doc))
      if (rest.some((entry) => !entry)) continue
      const entries = [first, ...(rest as (typeof first)[])]
      const sections = new Map<number, number>()
      for (const entry of entries)
        for (const [section, value] of entry.sections) sections.set(section, (sections.get(section) ?? 0) + value)
      result.docs.set(doc, {
        weight: Math.min(...entries.map((entry) => entry.weight)),
        sections,
        words: new Set(entries.flatMap((entry) => [...entry.words])),
      })
    }
    return result
  }

  async function suggest(term: string, known: FullTextMeta): Promise<string | undefined> {
    let best: { word: string; distance: number; count: number } | undefined
    for (const shard of await loadShards(term, known)) {
      for (const [word, postings] of Object.entries(shard.words)) {
        const distance = editDistance(word, term, 2)
        if (distance > 2 || word === term) continue
        const count = postings.length / 3
        if (!best || distance < best.distance || (distance === best.distance && count > best.count)) best = { word, distance, count }
      }
    }
    return best?.word
  }

  return {
    /** Sections and kinds of the site's pages, for filters. */
    async facets(): Promise<{ sections: string[]; kinds: string[] }> {
      const known = await loadMeta()
      const sorted = (list: readonly string[] = []) => list.filter(Boolean).sort((a, b) => a.localeCompare(b, 'de'))
      return { sections: sorted(known?.sections), kinds: sorted(known?.kinds) }
    },

    async search(query: string, options: SearchOptions = {}): Promise<FullTextResult> {
      const known = await loadMeta()
      const typing = !/\s$/.test(query)
      const all = words(query)
      const terms = [...new Set(all.filter((word) => !STOPWORDS.has(word)))]
      const empty: FullTextResult = { query, terms, total: 0, hits: [], partial: false, suggestions: [] }
      if (!known || terms.length === 0) return empty
      const allOf = (group: readonly string[]) => allOfWords(group, known)
      const lastTyped = (i: number) => typing && i === terms.length - 1 && terms[i] === all[all.length - 1]
      const slots = synonymSlots(terms, known.synonyms ?? [])
      const matches = await Promise.all(
        slots.map(async (slot) => {
          const own =
            slot.end - slot.start === 1 ? match(terms[slot.start], lastTyped(slot.start), known) : allOf(terms.slice(slot.start, slot.end))
          return anyOf([await own, ...(await Promise.all(slot.others.map(allOf)))])
        }),
      )
      const n = known.pages
      const allowed = (doc: number) => {
        const entry = known.docs[doc]
        return (
          entry !== null &&
          entry !== undefined &&
          (!options.section || known.sections[entry[1]] === options.section) &&
          (!options.kind || known.kinds[entry[2]] === options.kind)
        )
      }

      // every page with how many of the terms it has, and its score
      const scores = new Map<number, { terms: number; score: number; sections: Map<number, number>; words: Set<string> }>()
      matches.forEach((termMatch) => {
        const idf = Math.log(1 + (n - termMatch.docs.size + 0.5) / (termMatch.docs.size + 0.5))
        for (const [doc, entry] of termMatch.docs) {
          if (!allowed(doc)) continue
          const length = known.docs[doc]![0] || known.averageLength
          const saturated = (entry.weight * (K1 + 1)) / (entry.weight + K1 * (1 - B + (B * length) / known.averageLength))
          let score = scores.get(doc)
          if (!score) scores.set(doc, (score = { terms: 0, score: 0, sections: new Map(), words: new Set() }))
          score.terms++
          score.score += idf * saturated
          for (const [section, value] of entry.sections) score.sections.set(section, (score.sections.get(section) ?? 0) + idf * value)
          for (const word of entry.words) score.words.add(word)
        }
      })
      const most = Math.max(0, ...[...scores.values()].map((s) => s.terms))
      const partial = most > 0 && most < slots.length
      // every page with any of the words is a candidate; covering more of the query counts for much
      const ranked = [...scores]
        .map(([doc, s]) => [doc, { ...s, score: s.score * coverageFactor(s.terms, slots.length) }] as const)
        .sort((a, b) => b[1].score - a[1].score || a[0] - b[0])
      const slotOf = terms.map((_, i) => slots.findIndex((slot) => slot.start <= i && i < slot.end))
      const corrected = await Promise.all(
        terms.map((term, i) => {
          const found = matches[slotOf[i]]
          return found.docs.size === 0 || found.typo ? suggest(term, known) : undefined
        }),
      )
      const suggestions = corrected.some(Boolean) ? [terms.map((term, i) => corrected[i] ?? term).join(' ')] : []

      const offset = options.offset ?? 0
      const limit = options.limit ?? 10
      // a page titled as the query is the answer: it goes first when it is among the first results, which are loaded
      // to be shown anyway (no page file more than the results need)
      if (offset === 0) await titleFirst(ranked, limit, terms, loadPage)
      const shown = ranked.slice(offset, offset + limit)
      const hits = await Promise.all(
        shown.map(async ([doc, score]): Promise<FullTextHit> => {
          const [, section, kind] = known.docs[doc]!
          const page = await loadPage(doc)
          const href = page?.href ?? ''
          const bySection = [...score.sections].sort((a, b) => b[1] - a[1] || a[0] - b[0])
          const best = bySection[0]?.[0] ?? 0
          const [anchor, heading, text] = page?.sections[best] ?? ['', '', '']
          const sectionHref = (id: string) => (id ? `${href}#${encodeURIComponent(id)}` : href)
          // the page's other sections where its words stand, beneath it: one page, one result, however many of its
          // sections match (counted in the page's own text, which is loaded to show the result anyway)
          const more = (page?.sections ?? [])
            .map(([id, title, body], at) => ({ id, title, body, at, count: at === best ? 0 : matchCount(body, score.words, terms) }))
            .filter((entry) => entry.count > 0)
            .sort((a, b) => b.count - a.count || a.at - b.at)
            .slice(0, MORE_SECTIONS)
            .map((entry) => ({
              heading: entry.title,
              anchor: entry.id,
              href: sectionHref(entry.id),
              snippet: snippetOf(entry.body, score.words, terms),
            }))
          return {
            title: page?.title ?? '',
            href: sectionHref(anchor),
            heading,
            anchor,
            section: known.sections[section] ?? '',
            kind: known.kinds[kind] ?? '',
            score: Math.round(score.score * 1000) / 1000,
            snippet: snippetOf(text, score.words, terms),
            more,
          }
        }),
      )
      return { query, terms, total: ranked.length, hits, partial, suggestions }
    },
  }
}

/** A query's words in slots: each word alone, or a run of words that is a member of a synonym group, with the others. */
interface Slot {
  start: number
  end: number
  /** The group's other members, each as its words. */
  others: string[][]
}

/**
 * The query's words as slots, the longest run of words that is a member of a group of `synonyms` taken first:
 * ['maintenance', 'window', 'nextcloud'] with [['maintenance window', 'wartungsfenster']] →
 * [{ 0–2, others [['wartungsfenster']] }, { 2–3, others [] }]. At most 8 alternatives per slot.
 */
export function synonymSlots(terms: readonly string[], synonyms: readonly string[][]): Slot[] {
  const slots: Slot[] = []
  for (let i = 0; i < terms.length;) {
    let found: Slot | undefined
    for (let end = Math.min(terms.length, i + 3); end > i && !found; end--) {
      const run = terms.slice(i, end).join(' ')
      const groups = synonyms.filter((group) => group.includes(run))
      if (groups.length > 0) {
        const others = [...new Set(groups.flat())].filter((member) => member !== run).slice(0, 8)
        found = { start: i, end, others: others.map((member) => member.split(' ')) }
      }
    }
    slots.push(found ?? { start: i, end: i + 1, others: [] })
    i = slots[slots.length - 1].end
  }
  return slots
}

/** Pages matched by any of `alternatives`, each with the best weight it has in one of them. */
function anyOf(alternatives: readonly TermMatch[]): TermMatch {
  if (alternatives.length === 1) return alternatives[0]
  const result: TermMatch = { docs: new Map(), typo: alternatives.every((one) => one.typo || one.docs.size === 0) }
  for (const alternative of alternatives) {
    for (const [doc, entry] of alternative.docs) {
      const known = result.docs.get(doc)
      if (!known) result.docs.set(doc, { weight: entry.weight, sections: new Map(entry.sections), words: new Set(entry.words) })
      else {
        known.weight = Math.max(known.weight, entry.weight)
        for (const [section, value] of entry.sections) known.sections.set(section, Math.max(known.sections.get(section) ?? 0, value))
        for (const word of entry.words) known.words.add(word)
      }
    }
  }
  if (result.docs.size === 0) result.typo = false
  return result
}

/**
 * Moves the pages among the first `count` of `ranked` whose title is the query to the front: first those titled
 * exactly so (its words, stopwords aside, in any order and form: "Backup" for "backups"), then those whose title
 * starts with it ("Spesenreglement" for "spesen", before "Talwerk Cloud Spesenreglement 2020"); each group and the
 * rest keep their order.
 */
async function titleFirst(
  ranked: (readonly [number, { score: number }])[],
  count: number,
  terms: readonly string[],
  loadPage: (doc: number) => Promise<FullTextPage | undefined>,
): Promise<void> {
  const query = terms.join('')
  const stems = new Set(terms.flatMap((term) => [term, ...stemsOf(term)]))
  const first = ranked.slice(0, count)
  const tiers = await Promise.all(
    first.map(async ([doc]) => {
      const title = words((await loadPage(doc))?.title ?? '').filter((word) => !STOPWORDS.has(word))
      if (title.length === 0) return 0
      const joined = title.join('')
      const same =
        joined === query ||
        (title.length === terms.length && title.every((word) => stems.has(word) || stemsOf(word).some((stem) => stems.has(stem))))
      return same ? 2 : query.length >= 4 && joined.startsWith(query) ? 1 : 0
    }),
  )
  if (!tiers.some(Boolean)) return
  const reordered = first.map((entry, i) => ({ entry, tier: tiers[i], i })).sort((a, b) => b.tier - a.tier || a.i - b.i)
  ranked.splice(0, first.length, ...reordered.map(({ entry }) => entry))
}

/** How much a page's score keeps when it has `found` of the query's `total` words: all of it with every word. */
export function coverageFactor(found: number, total: number): number {
  // measured on the 175 questions of tests/fixtures/fulltext-queries.ts: BM25's sum over the words already rewards
  // covering more of them; any further factor ranked worse (share² 0.886/0.795, share^0.25 0.903/0.805, none 0.914/0.815)
  return found > 0 && total > 0 ? 1 : 0
}

/** How many words of `text` are ones the page matched with, or start with a query term (as snippets mark them). */
export function matchCount(text: string, matched: ReadonlySet<string>, terms: readonly string[]): number {
  let count = 0
  for (const [token] of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const folded = fold(token)
    if (matched.has(folded) || terms.some((term) => term.length >= 3 && folded.startsWith(term))) count++
  }
  return count
}

/**
 * A window of the section text around the first matched word, the matched words marked. A word is marked when its
 * folded form is one the page matched with, or starts with a query term.
 */
export function snippetOf(text: string, matched: ReadonlySet<string>, terms: readonly string[]): SnippetPart[] {
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+/gu)]
  const isMatch = (token: string) => {
    const folded = fold(token)
    return matched.has(folded) || terms.some((term) => term.length >= 3 && folded.startsWith(term))
  }
  const first = tokens.find((token) => isMatch(token[0]))
  const center = first?.index ?? 0
  let start = Math.max(0, center - SNIPPET_LENGTH / 3)
  let end = Math.min(text.length, start + SNIPPET_LENGTH)
  // whole words at both ends
  if (start > 0) start = text.indexOf(' ', start) + 1 || start
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end
  const parts: SnippetPart[] = []
  let at = start
  for (const token of tokens) {
    const index = token.index ?? 0
    if (index < start || index + token[0].length > end || !isMatch(token[0])) continue
    if (index > at) parts.push({ text: text.slice(at, index), mark: false })
    parts.push({ text: token[0], mark: true })
    at = index + token[0].length
  }
  if (at < end) parts.push({ text: text.slice(at, end), mark: false })
  if (start > 0) parts.unshift({ text: '… ', mark: false })
  if (end < text.length) parts.push({ text: ' …', mark: false })
  return parts
}
