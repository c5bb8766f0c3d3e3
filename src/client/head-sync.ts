/**
 * Keeps the document head in step with the page shown after a client navigation: title, `<html lang>`, and
 * the head tags a page brings (meta description, front matter `head`, the site's tags). Tags both pages share
 * stay untouched, so stylesheets are not reloaded. Scripts are never added again: the client is already
 * running, and a page's scripts must not run twice.
 */

/** Head tags the router manages; scripts and the title are not among them. */
function isPageTag(element: Element): boolean {
  return element.localName !== 'script' && element.localName !== 'title'
}

/** What to change in the head: indexes into the current tags to remove, and into the next tags to add. */
export interface HeadPlan {
  remove: number[]
  add: number[]
}

/**
 * Compares the head tags of two pages by their markup and returns the smallest change: a tag present in both
 * (same markup) stays, every other current tag goes, every other next tag comes. Duplicates are matched one
 * to one.
 *
 *     current ['<meta name="description" content="A">', '<link rel="stylesheet" href="/s.css">']
 *     next    ['<meta name="description" content="B">', '<link rel="stylesheet" href="/s.css">']
 *     → { remove: [0], add: [0] }
 */
export function planHeadUpdate(current: readonly string[], next: readonly string[]): HeadPlan {
  const unmatched = new Map<string, number[]>()
  current.forEach((markup, index) => unmatched.set(markup, [...(unmatched.get(markup) ?? []), index]))
  const add: number[] = []
  next.forEach((markup, index) => {
    const kept = unmatched.get(markup)
    if (kept && kept.length > 0) kept.shift()
    else add.push(index)
  })
  const remove = [...unmatched.values()].flat().sort((a, b) => a - b)
  return { remove, add }
}

/** The head tags of the page shown that came from the server (not from client modules). */
let managed: Element[] | undefined

/**
 * Brings title, language and head tags of `next` (a fetched page) into the live document. `initial` is the
 * head as the server wrote it for the first page, taken before any module added styles of its own: only
 * server tags are ever removed, so a lazily loaded stylesheet survives navigation.
 */
export function syncHead(next: Document, initial: readonly Element[]): void {
  managed ??= initial.filter(isPageTag)
  const current = managed
  const wanted = [...next.head.children].filter(isPageTag)
  const plan = planHeadUpdate(
    current.map((e) => e.outerHTML),
    wanted.map((e) => e.outerHTML),
  )
  for (const index of plan.remove) current[index].remove()
  const removed = new Set(plan.remove.map((index) => current[index]))
  const added = plan.add.map((index) => document.importNode(wanted[index], true))
  document.head.append(...added)
  managed = [...current.filter((e) => !removed.has(e)), ...added]
  document.title = next.title
  if (next.documentElement.lang) document.documentElement.lang = next.documentElement.lang
  else document.documentElement.removeAttribute('lang')
}
