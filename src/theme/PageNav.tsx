import { useLabels } from './labels-context.js'
import type { PageProps } from './props.js'

/** Previous/next links at the end of a page (Alt+Left / Alt+Right follow them in the browser). */
export function PageNav({ prev, next }: Pick<PageProps, 'prev' | 'next'>) {
  const labels = useLabels()
  if (!prev && !next) return null
  return (
    <nav className="page-nav" aria-label={`${labels.prev} / ${labels.next}`}>
      {prev ? (
        <a className="page-nav-link prev" href={prev.href} rel="prev">
          <span className="hint">{labels.prev}</span>
          <span className="link">{prev.text}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="page-nav-link next" href={next.href} rel="next">
          <span className="hint">{labels.next}</span>
          <span className="link">{next.text}</span>
        </a>
      )}
    </nav>
  )
}
