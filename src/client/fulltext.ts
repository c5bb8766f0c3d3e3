/**
 * The full-text search page: reads the query (`?q=`, and the filters `section`, `kind`) from the address, runs it with
 * the shared engine (fulltext-chunk.ts, loaded on this page only) and lists the hits: title, the heading of the
 * section found (linking to it) and a snippet with the words marked. The form submits to the page itself, so each
 * search is an address of its own that the back button returns to. The live region announces the count.
 */
import type { FullTextHit, FullTextResult } from '../shared/fulltext/search.js'
import { fillLabel, type Labels } from '../shared/labels.js'
import { pageLabels } from './labels.js'
import { preload } from './preload.js'

type Chunk = typeof import('./fulltext-chunk.js')
let chunk: Promise<Chunk | undefined> | undefined
const engines = new Map<string, ReturnType<Chunk['createSiteSearch']>>()

const PAGE_SIZE = 10

/** The texts of the results, in the site's language (src/client/labels.ts). */
function textsOf(labels: Labels) {
  return {
    hits: (n: number, q: string) => fillLabel(n === 1 ? labels.fullTextHit : labels.fullTextHits, { count: n, query: q }),
    none: (q: string) => fillLabel(labels.fullTextNone, { query: q }),
    partial: labels.fullTextPartial,
    didYouMean: labels.fullTextDidYouMean,
    more: labels.fullTextMore,
    failed: labels.fullTextFailed,
  }
}

export function mount(root: HTMLElement): () => void {
  const form = root.querySelector<HTMLFormElement>('form[data-fulltext]')
  const status = root.querySelector<HTMLElement>('.fulltext-status')
  const list = root.querySelector<HTMLOListElement>('.fulltext-results')
  if (!form || !status || !list) return () => {}
  const texts = textsOf(pageLabels())
  const params = new URL(location.href).searchParams
  const query = params.get('q') ?? ''
  const options = { section: params.get('section') || undefined, kind: params.get('kind') || undefined }
  for (const [name, value] of [
    ['q', query],
    ['section', options.section ?? ''],
    ['kind', options.kind ?? ''],
  ]) {
    const field = form.elements.namedItem(name)
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value
  }
  // a search is an address of its own, without the filters left at "all"
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault()
    const url = new URL(form.action)
    for (const [name, value] of new FormData(form))
      if (typeof value === 'string' && value.trim() !== '') url.searchParams.set(name, value.trim())
    location.assign(url.href)
  }
  form.addEventListener('submit', onSubmit)
  if (query.trim() === '') {
    form.querySelector<HTMLInputElement>('input[name="q"]')?.focus()
    return () => form.removeEventListener('submit', onSubmit)
  }
  let left = false
  const base = form.dataset.fulltext ?? '/'
  const run = async (offset: number) => {
    chunk ??= preload(() => import('./fulltext-chunk.js'))
    const loaded = await chunk
    if (!loaded) throw new Error('search chunk')
    let engine = engines.get(base)
    if (!engine) engines.set(base, (engine = loaded.createSiteSearch(base)))
    return engine.search(query, { ...options, offset, limit: PAGE_SIZE })
  }
  const show = (result: FullTextResult, offset: number) => {
    if (left) return
    if (offset === 0) list.replaceChildren()
    list.querySelector('.fulltext-more')?.remove()
    if (result.total === 0) {
      status.replaceChildren(texts.none(query))
      if (result.suggestions.length > 0) status.append(' ', didYouMean(result, form.action, texts.didYouMean))
      return
    }
    status.textContent = result.partial ? `${texts.hits(result.total, query)}. ${texts.partial}` : texts.hits(result.total, query)
    // words found only through a typo: the results are there, and so is the word they were taken for
    if (offset === 0 && result.suggestions.length > 0) status.append(' ', didYouMean(result, form.action, texts.didYouMean))
    for (const hit of result.hits) list.append(hitItem(hit))
    const next = offset + result.hits.length
    if (next < result.total) {
      const item = document.createElement('li')
      item.className = 'fulltext-more'
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = texts.more
      button.addEventListener('click', () => {
        void run(next).then((more) => {
          show(more, next)
          list.querySelectorAll<HTMLAnchorElement>('.fulltext-title')[next]?.focus()
        })
      })
      item.append(button)
      list.append(item)
    }
  }
  void run(0).then(
    (result) => show(result, 0),
    () => {
      if (!left) status.textContent = texts.failed
    },
  )
  return () => {
    left = true
    form.removeEventListener('submit', onSubmit)
  }
}

function hitItem(hit: FullTextHit): HTMLLIElement {
  const item = document.createElement('li')
  item.className = 'fulltext-hit'
  const link = document.createElement('a')
  link.className = 'fulltext-title'
  link.href = hit.href
  link.textContent = hit.title
  if (hit.heading) {
    const heading = document.createElement('span')
    heading.className = 'fulltext-heading'
    heading.textContent = ` › ${hit.heading}`
    link.append(heading)
  }
  item.append(link, snippetOf(hit.snippet))
  if (hit.more.length > 0) {
    // the page's other sections that match, beneath it
    const sections = document.createElement('ul')
    sections.className = 'fulltext-sections'
    for (const more of hit.more) {
      const entry = document.createElement('li')
      const to = document.createElement('a')
      to.href = more.href
      to.textContent = more.heading || hit.title
      entry.append(to, snippetOf(more.snippet))
      sections.append(entry)
    }
    item.append(sections)
  }
  const meta = [hit.section, hit.kind].filter(Boolean).join(' · ')
  if (meta) {
    const small = document.createElement('p')
    small.className = 'fulltext-meta'
    small.textContent = meta
    item.append(small)
  }
  return item
}

/** A snippet with its matched words marked. */
function snippetOf(parts: FullTextHit['snippet']): HTMLParagraphElement {
  const snippet = document.createElement('p')
  snippet.className = 'fulltext-snippet'
  for (const part of parts) {
    if (part.mark) {
      const mark = document.createElement('mark')
      mark.textContent = part.text
      snippet.append(mark)
    } else snippet.append(part.text)
  }
  return snippet
}

/** "Meinten Sie: rechnung?", linking to the corrected query. */
function didYouMean(result: FullTextResult, action: string, label: string): HTMLElement {
  const span = document.createElement('span')
  span.append(`${label}: `)
  result.suggestions.forEach((query, i) => {
    const link = document.createElement('a')
    link.href = `${action}?q=${encodeURIComponent(query)}`
    link.textContent = query
    if (i > 0) span.append(', ')
    span.append(link)
  })
  span.append('?')
  return span
}
