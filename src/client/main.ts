/**
 * Browser entry: mounts one module per behaviour on the page and re-mounts them after each navigation
 * ('wikigen:navigate'). Each module returns its cleanup.
 */
import { mount as colorMode } from './color-mode.js'
import { mount as copyCode } from './copy-code.js'
import { mount as notFound } from './not-found.js'
import { mount as sidebar } from './sidebar.js'
import { mount as tabs } from './tabs.js'

type Mount = (root: HTMLElement) => () => void

const modules: Mount[] = [colorMode, sidebar, tabs, copyCode, notFound]
let cleanups: (() => void)[] = []

function mountAll(): void {
  for (const cleanup of cleanups) cleanup()
  const root = document.getElementById('app')
  if (!root) return
  cleanups = modules.map((mount) => mount(root))
}

document.addEventListener('wikigen:navigate', mountAll)
mountAll()
