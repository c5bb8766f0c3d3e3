/**
 * The 404 page: shows one of the four messages at random once the client runs (spec §8), and, for an address close
 * to one of the site's pages (another case, a typo), offers that page: 'Meinten Sie <Odoo Hosting>?'. The address is
 * the one in the address bar, so this works alike for a 404 the server answered and for one the router shows after a
 * client navigation. The matcher and the search index (the same file, and the same cached copy, as the search box's)
 * are loaded by not-found-chunk.ts, on this page only.
 */
export function mount(root: HTMLElement): () => void {
  const message = root.querySelector<HTMLElement>('.not-found-message')
  if (message?.dataset.messages) {
    const messages = JSON.parse(message.dataset.messages) as string[]
    message.textContent = messages[Math.floor(Math.random() * messages.length)]
  }
  const suggestion = root.querySelector<HTMLElement>('.not-found-suggestion')
  const home = root.querySelector<HTMLAnchorElement>('.not-found-home')
  const indexHref = suggestion?.dataset.index
  if (!suggestion || !home || !indexHref) return () => {}
  let left = false
  const requested = location.pathname
  import('./not-found-chunk.js')
    .then(({ suggestPage }) => suggestPage(indexHref, requested, home.getAttribute('href') ?? '/'))
    .then(
      (page) => {
        const link = suggestion.querySelector<HTMLAnchorElement>('a')
        if (left || !page || !link) return
        link.href = page.href
        link.textContent = page.text
        suggestion.hidden = false
      },
      // no suggestion is what the page showed before: the search box and the link home still help
      (error: unknown) => console.warn('wikigen: no page could be suggested for this address.', error),
    )
  return () => {
    left = true
  }
}
