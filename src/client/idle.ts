/** Runs `callback` when the browser is idle (or after a short delay where idle callbacks do not exist); returns a cancel function. */
export function whenIdle(callback: () => void, timeout = 1500): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(callback, { timeout })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(callback, 200)
  return () => clearTimeout(id)
}
