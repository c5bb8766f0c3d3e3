/**
 * Browser entry: mounts one module per behaviour on the page and re-mounts them after each navigation
 * ('wikigen:navigate', fired after first load and after each client navigation). Each module returns its
 * cleanup. Heavy parts (React for the islands, mermaid, medium-zoom, canvas zoom, the YouTube player, the page preview) are loaded by
 * their modules on demand.
 */
import { mount as backToTop } from './back-to-top.js'
import { mount as canvas } from './canvas.js'
import { mount as colorMode } from './color-mode.js'
import { mount as copyCode } from './copy-code.js'
import { mount as diagrams } from './diagrams.js'
import { mount as folding } from './folding.js'
import { mount as fullText } from './fulltext.js'
import { mount as hoverPreview } from './hover-preview.js'
import { mount as imageViewer } from './image-viewer.js'
import { mount as islands } from './islands.js'
import { mount as legacyAnchors } from './legacy-anchors.js'
import { mount as navbarOverflow } from './navbar-overflow.js'
import { mount as notFound } from './not-found.js'
import { mount as pageNavKeys } from './page-nav-keys.js'
import { mount as router } from './router.js'
import { mount as scrollRegions } from './scroll-regions.js'
import { mount as scrollSpy } from './scroll-spy.js'
import { mount as searchHotkeys } from './search-hotkeys.js'
import { mount as sidebar } from './sidebar.js'
import { mount as slotIslands } from './slot-islands.js'
import { mount as tabs } from './tabs.js'
import { mount as youtube } from './youtube.js'
import { mount as zoom } from './zoom.js'

type Mount = (root: HTMLElement) => () => void

const modules: Mount[] = [
  islands,
  searchHotkeys,
  colorMode,
  sidebar,
  navbarOverflow,
  tabs,
  copyCode,
  folding,
  notFound,
  // before the router, which restores the scroll position of a reload: diagrams reserve their height first
  diagrams,
  router,
  legacyAnchors,
  backToTop,
  scrollSpy,
  pageNavKeys,
  zoom,
  imageViewer,
  canvas,
  youtube,
  scrollRegions,
  fullText,
  hoverPreview,
  slotIslands,
]
let cleanups: (() => void)[] = []

function mountAll(): void {
  for (const cleanup of cleanups) cleanup()
  const root = document.getElementById('app')
  if (!root) return
  cleanups = modules.map((mount) => mount(root))
}

document.addEventListener('wikigen:navigate', mountAll)
mountAll()
