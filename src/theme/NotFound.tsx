import { Island } from './Island.js'
import { SearchBox } from './SearchBox.js'
import { useLabels } from './labels-context.js'
import type { SiteProps } from './props.js'
import { Slot } from './Slot.js'
import type { SlotHtml, SlotName } from '../shared/theme-slots.js'

/**
 * 404 layout. The static HTML always shows the first message; the client picks one of the four at random
 * once it runs (spec §8), like the reference theme does after mounting.
 *
 * Beyond the spec's message and link, the page helps the reader on: a search box of its own (the hotkeys focus it
 * rather than the navbar's), and a 'Meinten Sie …' line, hidden until the client has found a page whose address is
 * close to the one asked for (client/not-found.ts, shared/search/closest-page.ts). The line's words come from here,
 * in the site's language; the client fills in only the link.
 */
export function NotFound({
  site,
  slots,
}: {
  site: Pick<SiteProps, 'home' | 'searchIndexHref' | 'fullText'>
  /** The theme's slots `notFound`, below the message and the link (never instead of them), and `footer`. */
  slots?: Partial<Record<SlotName, SlotHtml>>
}) {
  const labels = useLabels()
  return (
    <main className="not-found" id="main-content" tabIndex={-1} data-route-focus="">
      <h1>404</h1>
      <blockquote className="not-found-message" data-messages={JSON.stringify(labels.notFound)}>
        {labels.notFound[0]}
      </blockquote>
      <p className="not-found-suggestion" data-index={site.searchIndexHref} hidden>
        {`${labels.fullTextDidYouMean} `}
        <a className="not-found-suggestion-link" />?
      </p>
      <Island
        name="SearchBox"
        component={SearchBox}
        props={{ indexHref: site.searchIndexHref, locale: '/', fullText: site.fullText, variant: 'page' as const }}
      />
      <a className="not-found-home" href={site.home}>
        {labels.backToHome}
      </a>
      <Slot name="notFound" slot={slots?.notFound} />
      {slots?.footer && (
        <div className="footer">
          <Slot name="footer" slot={slots.footer} />
        </div>
      )}
    </main>
  )
}
