/**
 * Folding in the reading view, as Obsidian folds (`theme.folding`), loaded as its own chunk by folding.ts: each heading h2–h6 of the page content with
 * something under it, and each list item with a nested list, gets an arrow button beside it. A folded heading hides
 * its section (fold-ranges.ts), a folded item its nested lists, by a class (the site's CSP allows no inline styles).
 * Nothing is remembered: every page starts unfolded. Following a link to an anchor in a folded part unfolds it first,
 * and printing unfolds everything.
 */
import { foldRange, foldsHiding, hiddenByFolds, type FoldItem } from './fold-ranges.js'
import type { Labels } from '../shared/labels.js'

const TOGGLE = 'fold-toggle'
/** On the children of a folded heading's container that its section holds. */
const IN_SECTION = 'folded-section'
/** On the nested lists of a folded list item. */
const IN_ITEM = 'folded-list'

function levelOf(element: Element): number {
  const heading = /^H([1-6])$/.exec(element.tagName)
  if (heading) return element.classList.contains('sr-only') ? 1 : Number(heading[1])
  // the footnotes close the last section
  return element.matches('section[data-footnotes]') ? 1 : 0
}

function toggleOf(element: Element): HTMLButtonElement | null {
  return element.querySelector(`:scope > .${TOGGLE}`)
}

function itemsOf(children: readonly Element[]): FoldItem[] {
  return children.map((child) => ({ level: levelOf(child), folded: toggleOf(child)?.getAttribute('aria-expanded') === 'false' }))
}

/** Hides and shows the children of `container` by its folded headings. */
function applySections(container: Element): void {
  const children = [...container.children]
  hiddenByFolds(itemsOf(children)).forEach((hidden, i) => children[i].classList.toggle(IN_SECTION, hidden))
}

function setFolded(toggle: HTMLButtonElement, folded: boolean): void {
  const owner = toggle.parentElement
  if (!owner) return
  toggle.setAttribute('aria-expanded', String(!folded))
  owner.classList.toggle('folded', folded)
  if (owner.tagName === 'LI') {
    for (const list of owner.querySelectorAll(':scope > ul, :scope > ol')) list.classList.toggle(IN_ITEM, folded)
  } else if (owner.parentElement) {
    applySections(owner.parentElement)
  }
}

/** Unfolds whatever hides `target`, in every container up to the page content; true when something unfolded. */
function reveal(target: Element | null): boolean {
  let unfolded = false
  for (let node = target; node?.parentElement && !node.hasAttribute('data-content'); node = node.parentElement) {
    const container = node.parentElement
    if (node.classList.contains(IN_ITEM)) {
      const toggle = toggleOf(container)
      if (toggle) setFolded(toggle, false)
      unfolded = true
    }
    if (node.classList.contains(IN_SECTION)) {
      const children = [...container.children]
      for (const i of foldsHiding(itemsOf(children), children.indexOf(node))) {
        const toggle = toggleOf(children[i])
        if (toggle) setFolded(toggle, false)
      }
      unfolded = true
    }
  }
  return unfolded
}

function createToggle(label: string): HTMLButtonElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.className = TOGGLE
  button.setAttribute('aria-expanded', 'true')
  button.setAttribute('aria-label', label)
  button.title = label
  return button
}

/** The same page as now, with a hash: a link the browser (or the router) answers by scrolling to an anchor. */
function anchorOnThisPage(href: string): string | undefined {
  const url = new URL(href, location.href)
  return url.hash && url.pathname === location.pathname && url.search === location.search ? url.hash : undefined
}

/**
 * What the chunk takes from the main bundle as arguments rather than imports, so that the modules they live in stay
 * in the main bundle instead of moving to chunks of their own, which every page would then load.
 */
export interface FoldingContext {
  labels: Pick<Labels, 'foldSection' | 'foldList'>
  /** The element a `#hash` names (router.ts). */
  hashTarget: (hash: string) => HTMLElement | null
}

/** Adds the fold buttons to the page content in `root`; the cleanup unfolds everything and takes them away. */
export function attachFolding(root: HTMLElement, { labels, hashTarget }: FoldingContext): () => void {
  const toggles: HTMLButtonElement[] = []
  const named: Element[] = []
  const add = (owner: Element, label: string) => {
    const toggle = createToggle(label)
    // a heading's name is its text, not its text and the button's: it keeps the name it had, for the outline of a
    // screen reader and for every link or test that finds it by name
    if (/^H[2-6]$/.test(owner.tagName) && !owner.hasAttribute('aria-label')) {
      const text = owner.textContent?.replace(/\s+/g, ' ').trim()
      if (text) {
        owner.setAttribute('aria-label', text)
        named.push(owner)
      }
    }
    owner.classList.add('foldable')
    owner.prepend(toggle)
    toggles.push(toggle)
  }
  const containers = new Set<Element>()
  for (const heading of root.querySelectorAll('[data-content] :is(h2, h3, h4, h5, h6)')) {
    if (heading.parentElement && !heading.closest('.canvas')) containers.add(heading.parentElement)
  }
  for (const container of containers) {
    const children = [...container.children]
    const siblings = itemsOf(children)
    siblings.forEach(({ level }, i) => {
      // a heading with nothing under it has nothing to fold
      if (level > 1 && !toggleOf(children[i]) && foldRange(siblings, i).length > 0) add(children[i], labels.foldSection)
    })
  }
  // no `li:has(> ul)`: Firefox before 121 cannot read it
  for (const list of root.querySelectorAll('[data-content] li > :is(ul, ol)')) {
    const item = list.parentElement
    if (item && !item.closest('.canvas') && !toggleOf(item)) add(item, labels.foldList)
  }
  if (toggles.length === 0) return () => {}

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null
    const toggle = target?.closest<HTMLButtonElement>(`.${TOGGLE}`)
    if (toggle && toggles.includes(toggle)) {
      setFolded(toggle, toggle.getAttribute('aria-expanded') === 'true')
      return
    }
    // before the browser's own jump: an anchor inside a folded part has no place to scroll to
    const link = target?.closest<HTMLAnchorElement>('a[href]')
    const hash = link && anchorOnThisPage(link.href)
    if (hash) reveal(hashTarget(hash))
  }
  const onNavigate = (event: Event) => {
    const hash = anchorOnThisPage((event as CustomEvent<{ to: string }>).detail.to)
    if (hash) reveal(hashTarget(hash))
  }
  const onHashChange = () => {
    const target = hashTarget(location.hash)
    if (reveal(target)) target?.scrollIntoView()
  }
  const unfoldAll = () => {
    for (const toggle of toggles) if (toggle.getAttribute('aria-expanded') === 'false') setFolded(toggle, false)
  }
  root.addEventListener('click', onClick)
  document.addEventListener('wikigen:before-navigate', onNavigate)
  addEventListener('hashchange', onHashChange)
  addEventListener('beforeprint', unfoldAll)
  return () => {
    root.removeEventListener('click', onClick)
    document.removeEventListener('wikigen:before-navigate', onNavigate)
    removeEventListener('hashchange', onHashChange)
    removeEventListener('beforeprint', unfoldAll)
    unfoldAll()
    for (const toggle of toggles) {
      toggle.parentElement?.classList.remove('foldable')
      toggle.remove()
    }
    for (const heading of named) heading.removeAttribute('aria-label')
  }
}
