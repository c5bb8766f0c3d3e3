/**
 * Live updates for `wikigen dev` (never part of a production build): listens to the dev server, swaps in the
 * new HTML of the open page keeping the scroll position, and shows content errors in an overlay.
 */
import { DEV_EVENTS_FILE, DEV_UPDATE_EVENT, type DevOverlayLabels, type DevProblem, type DevUpdateMessage } from '../shared/dev-protocol.js'

const OVERLAY_ID = 'wikigen-dev-overlay'

function currentRoute(): string {
  const path = location.pathname
  return path === '/' || path.endsWith('/') || path.endsWith('.html') ? path : `${path}.html`
}

async function refresh(): Promise<void> {
  const scroll = { x: scrollX, y: scrollY }
  const response = await fetch(location.pathname, { cache: 'no-store' })
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html')
  const next = doc.getElementById('app')
  const app = document.getElementById('app')
  if (!next || !app) return location.reload()
  await addStylesheets(doc)
  document.title = doc.title
  app.replaceWith(next)
  document.dispatchEvent(new CustomEvent('wikigen:navigate'))
  scrollTo(scroll.x, scroll.y)
  document.documentElement.dataset.devUpdated = String(Date.now())
}

/**
 * Links the stylesheets the new version of the page has and the shown one lacks (its first formula brings KaTeX's, a
 * new formula may bring new math rules), and waits until they applied: the page is swapped in styled.
 */
async function addStylesheets(doc: Document): Promise<void> {
  const url = (link: Element) => new URL(link.getAttribute('href') ?? '', location.href).href
  const linked = new Set([...document.querySelectorAll('link[rel="stylesheet"]')].map(url))
  const added = [...doc.querySelectorAll('head link[rel="stylesheet"]')]
    .filter((link) => !linked.has(url(link)))
    .map((link) => {
      const element = document.createElement('link')
      element.rel = 'stylesheet'
      element.href = url(link)
      return element
    })
  document.head.append(...added)
  const settled = (link: HTMLLinkElement) =>
    new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true })
      link.addEventListener('error', resolve, { once: true })
    })
  await Promise.all(added.map(settled))
}

function showProblems(problems: DevProblem[], labels: DevOverlayLabels): void {
  document.getElementById(OVERLAY_ID)?.remove()
  if (problems.length === 0) return
  const overlay = document.createElement('div')
  overlay.id = OVERLAY_ID
  overlay.setAttribute('role', 'alertdialog')
  overlay.setAttribute('aria-label', labels.problems)
  overlay.style.cssText =
    'position:fixed;inset:auto 1rem 1rem 1rem;z-index:1000;max-height:50vh;overflow:auto;padding:1rem 1.25rem;' +
    'background:#2b0f0e;color:#ffe4e1;border:2px solid #ff6b5e;border-radius:8px;font:14px/1.5 ui-monospace,monospace;box-shadow:0 8px 30px rgb(0 0 0/40%)'
  const close = document.createElement('button')
  close.type = 'button'
  close.textContent = labels.close
  close.style.cssText = 'float:right;background:none;border:1px solid #ff9c94;color:inherit;border-radius:4px;cursor:pointer'
  close.addEventListener('click', () => overlay.remove())
  overlay.append(close)
  for (const problem of problems) {
    const item = document.createElement('p')
    item.style.margin = '0 0 .75rem'
    const where = document.createElement('strong')
    where.textContent = `${problem.file}:${problem.line}:${problem.column}`
    item.append(where, document.createElement('br'), problem.message)
    if (problem.hint) item.append(document.createElement('br'), labels.hint.replace('{hint}', problem.hint))
    overlay.append(item)
  }
  document.body.append(overlay)
}

// the stream is served next to this script, under the site's base path
const events = new EventSource(new URL(DEV_EVENTS_FILE, import.meta.url))
events.addEventListener(DEV_UPDATE_EVENT, (event) => {
  const update = JSON.parse((event as MessageEvent<string>).data) as DevUpdateMessage
  showProblems(update.problems, update.labels)
  if (update.reload) return location.reload()
  const route = currentRoute()
  if (update.removed.includes(route)) return location.reload()
  if (update.routes.includes(route)) void refresh()
})
