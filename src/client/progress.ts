/**
 * The loading bar at the top of the window while a page not yet visited loads (spec §4, §9; nprogress as in
 * the reference): it starts at 8 %, creeps forward every 800 ms, and on arrival runs to 100 % and fades out,
 * each step animated over 200 ms. With `prefers-reduced-motion` it does not creep and CSS drops the animation.
 */
import { pageLabels } from './labels.js'

/** Spec §9 'Progress bar'. */
export const PROGRESS_MINIMUM = 0.08
export const PROGRESS_SPEED_MS = 200
export const PROGRESS_TRICKLE_MS = 800
/** The bar never reaches the end on its own: only arrival completes it. */
const PROGRESS_CEILING = 0.994

/** Clamps a progress value into [minimum, 1]. */
export function clampProgress(value: number): number {
  return Math.min(1, Math.max(PROGRESS_MINIMUM, value))
}

/**
 * How far one trickle moves the bar from `value`: quick at first, ever slower, never past 99.4 %.
 *
 *     0.08 → +0.1 · 0.3 → +0.04 · 0.6 → +0.02 · 0.9 → +0.005 · 0.994 → 0
 */
export function trickleAmount(value: number): number {
  const step = value < 0.2 ? 0.1 : value < 0.5 ? 0.04 : value < 0.8 ? 0.02 : value < 0.99 ? 0.005 : 0
  return Math.max(0, Math.min(step, PROGRESS_CEILING - value))
}

let status: number | undefined
let element: HTMLElement | undefined
let trickleTimer: ReturnType<typeof setInterval> | undefined
const fadeTimers: ReturnType<typeof setTimeout>[] = []

function render(): HTMLElement {
  if (element?.isConnected) return element
  element = document.createElement('div')
  element.id = 'nprogress'
  element.setAttribute('role', 'progressbar')
  element.setAttribute('aria-label', pageLabels().loading)
  element.setAttribute('aria-valuemin', '0')
  element.setAttribute('aria-valuemax', '100')
  const bar = document.createElement('div')
  bar.className = 'bar'
  bar.append(Object.assign(document.createElement('div'), { className: 'peg' }))
  element.append(bar)
  document.body.append(element)
  return element
}

function set(value: number): void {
  status = clampProgress(value)
  const container = render()
  container.style.opacity = '1'
  container.setAttribute('aria-valuenow', String(Math.round(status * 100)))
  const bar = container.firstElementChild
  if (bar instanceof HTMLElement) bar.style.transform = `translate3d(${(status - 1) * 100}%,0,0)`
}

function clearTimers(): void {
  clearInterval(trickleTimer)
  trickleTimer = undefined
  for (const timer of fadeTimers.splice(0)) clearTimeout(timer)
}

/** Shows the bar at its minimum and lets it creep; a bar already running keeps its place. */
export function startProgress(): void {
  if (status !== undefined) return
  clearTimers()
  set(0)
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return
  trickleTimer = setInterval(() => {
    if (status !== undefined) set(status + trickleAmount(status))
  }, PROGRESS_TRICKLE_MS)
}

/** Runs the bar to the end, then fades and removes it; does nothing when no bar runs. */
export function doneProgress(): void {
  if (status === undefined) return
  clearTimers()
  set(1)
  status = undefined
  const container = element
  fadeTimers.push(
    setTimeout(() => {
      if (container) container.style.opacity = '0'
    }, PROGRESS_SPEED_MS),
    setTimeout(() => container?.remove(), PROGRESS_SPEED_MS * 2),
  )
}
