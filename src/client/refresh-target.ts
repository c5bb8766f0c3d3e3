/**
 * Reads the target of a static redirect page: wikigen writes one at every legacy URL
 * (`<meta http-equiv="refresh" content="0; url=/navigation.html">`, templates/redirect.html), and the router
 * follows it as a host with real redirects would. DOM-free, so it is unit-tested with literals.
 */

const REFRESH = /^\s*\d*(?:\.\d*)?\s*[;,]?\s*(?:url\s*=\s*)?(['"]?)(.*?)\1\s*$/i

/**
 * Where a `<meta http-equiv="refresh">` content points, resolved against the page's URL:
 *
 *     '0; url=/navigation.html'  → https://site/navigation.html
 *     '0;URL=\'/a b.html\''      → https://site/a%20b.html
 *     '5'                        → undefined (a plain reload timer, not a redirect)
 */
export function refreshTarget(content: string, base: URL): URL | undefined {
  const target = REFRESH.exec(content)?.[2]
  if (!target) return undefined
  try {
    return new URL(target, base)
  } catch {
    return undefined
  }
}
