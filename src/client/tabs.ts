/**
 * Tab groups (spec §4): click, Enter/Space select, arrow keys move with wrap; groups with an id remember the
 * chosen tab in localStorage, and every group with the same id follows. A `#hash` naming a panel, or something in
 * one, opens that panel (a link to a view of a base: /kunden.html#karten).
 */
import { hashTarget } from './router.js'

export const TAB_STORE_KEY = 'VUEPRESS_TAB_STORE'

function readStore(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(TAB_STORE_KEY) ?? '{}') as Record<string, string>
  } catch {
    return {}
  }
}

function select(group: HTMLElement, index: number, focus = false): void {
  const tabs = [...group.querySelectorAll<HTMLButtonElement>(':scope > .tabs-list > [role="tab"]')]
  const panels = [...group.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')]
  tabs.forEach((tab, i) => {
    tab.setAttribute('aria-selected', String(i === index))
    tab.tabIndex = i === index ? 0 : -1
    panels[i]?.classList.toggle('active', i === index)
  })
  if (focus) tabs[index]?.focus()
}

export function mount(root: HTMLElement): () => void {
  const groups = [...root.querySelectorAll<HTMLElement>('.tabs')]
  const applyStore = () => {
    const store = readStore()
    for (const group of groups) {
      const id = group.dataset.tabsId
      if (!id || !store[id]) continue
      const index = [...group.querySelectorAll<HTMLElement>(':scope > .tabs-list > [role="tab"]')].findIndex(
        (t) => t.dataset.tab === store[id],
      )
      if (index >= 0) select(group, index)
    }
  }
  const choose = (group: HTMLElement, tab: HTMLElement, focus: boolean) => {
    const tabs = [...group.querySelectorAll<HTMLElement>(':scope > .tabs-list > [role="tab"]')]
    select(group, tabs.indexOf(tab), focus)
    const id = group.dataset.tabsId
    if (!id) return
    const store = readStore()
    store[id] = tab.dataset.tab ?? ''
    try {
      localStorage.setItem(TAB_STORE_KEY, JSON.stringify(store))
    } catch {
      // storage disabled
    }
    applyStore()
  }
  const onClick = (e: Event) => {
    const tab = (e.target as HTMLElement).closest<HTMLElement>('[role="tab"]')
    const group = tab?.closest<HTMLElement>('.tabs')
    if (tab && group) choose(group, tab, false)
  }
  const onKey = (e: KeyboardEvent) => {
    const tab = (e.target as HTMLElement).closest<HTMLElement>('[role="tab"]')
    const group = tab?.closest<HTMLElement>('.tabs')
    if (!tab || !group) return
    const tabs = [...group.querySelectorAll<HTMLElement>(':scope > .tabs-list > [role="tab"]')]
    const i = tabs.indexOf(tab)
    const next = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i - 1 + tabs.length) % tabs.length : -1
    if (next >= 0) {
      e.preventDefault()
      choose(group, tabs[next], true)
    }
  }
  const onStorage = (e: StorageEvent) => {
    if (e.key === TAB_STORE_KEY) applyStore()
  }
  const applyHash = () => {
    const target = hashTarget(location.hash)
    const panel = target?.closest<HTMLElement>('[role="tabpanel"]')
    const group = panel?.parentElement
    if (!panel || !group?.classList.contains('tabs') || !root.contains(group)) return
    const index = [...group.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')].indexOf(panel)
    if (index >= 0 && !panel.classList.contains('active')) {
      select(group, index)
      target!.scrollIntoView()
    }
  }
  applyStore()
  applyHash()
  window.addEventListener('hashchange', applyHash)
  root.addEventListener('click', onClick)
  root.addEventListener('keydown', onKey)
  window.addEventListener('storage', onStorage)
  return () => {
    root.removeEventListener('click', onClick)
    root.removeEventListener('keydown', onKey)
    window.removeEventListener('storage', onStorage)
    window.removeEventListener('hashchange', applyHash)
  }
}
