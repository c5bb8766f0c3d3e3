/**
 * Keeps the document head in step with the page shown after a client navigation: title, `<html lang>`, and
 * the head tags a page brings (meta description, front matter `head`, the site's tags, KaTeX's stylesheet on a
 * page with math). Tags both pages share stay untouched, so stylesheets are not reloaded. Scripts are never added
 * again: the client is already running, and a page's scripts must not run twice.
 */

/**
 * Head tags the router manages; the title is not among them, nor are scripts, but for a page's data for search engines
 * (its JSON-LD breadcrumbs), which is never run and changes with the page as its canonical link does.
 */
export function isPageTag(element: Pick<Element, 'localName' | 'getAttribute'>): boolean {
  if (element.localName === 'script') return element.getAttribute('type') === 'application/ld+json'
  return element.localName !== 'title'
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

/** Longest wait for the next page's new stylesheets before it is shown without them. */
const STYLESHEET_WAIT_MS = 3000

/**
 * Brings title, language and head tags of `next` (a fetched page) into the live document, in two steps. First the tags
 * only `next` has are added, and the returned promise waits until its new stylesheets applied (or failed, or
 * STYLESHEET_WAIT_MS passed): a page that needs a stylesheet the current one did not (KaTeX's, on a page with math) is
 * never shown unstyled. Then the function it resolves to removes the tags only the current page had and sets title and
 * language; call it when the new page goes in. A navigation that is cancelled between the two leaves the added tags
 * among the managed ones, and the next navigation's plan removes them if it does not want them either.
 *
 * `initial` is the head as the server wrote it for the first page, taken before any module added styles of its own:
 * only server tags are ever removed, so a lazily loaded stylesheet survives navigation.
 */
export async function syncHead(next: Document, initial: readonly Element[]): Promise<() => void> {
  managed ??= initial.filter(isPageTag)
  const current = managed
  const wanted = [...next.head.children].filter(isPageTag)
  const plan = planHeadUpdate(
    current.map((e) => e.outerHTML),
    wanted.map((e) => e.outerHTML),
  )
  const removed = new Set(plan.remove.map((index) => current[index]))
  const added = plan.add.map((index) => document.importNode(wanted[index], true))
  document.head.append(...added)
  managed = [...current, ...added]
  await stylesheetsApplied(added)
  return () => {
    for (const element of removed) element.remove()
    managed = managed!.filter((e) => !removed.has(e))
    document.title = next.title
    if (next.documentElement.lang) document.documentElement.lang = next.documentElement.lang
    else document.documentElement.removeAttribute('lang')
  }
}

/** Resolves when the stylesheets among `elements` loaded or failed, or after STYLESHEET_WAIT_MS. */
function stylesheetsApplied(elements: readonly Element[]): Promise<void> {
  const sheets = elements.filter((e): e is HTMLLinkElement => e.localName === 'link' && (e as HTMLLinkElement).rel === 'stylesheet')
  if (sheets.length === 0) return Promise.resolve()
  const each = sheets.map(
    (link) =>
      new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true })
        link.addEventListener('error', () => resolve(), { once: true })
      }),
  )
  return Promise.race([Promise.all(each).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, STYLESHEET_WAIT_MS))])
}
