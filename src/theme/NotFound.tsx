import { useLabels } from './labels-context.js'

/**
 * 404 layout. The static HTML always shows the first message; the client picks one of the four at random
 * once it runs (spec §8), like the reference theme does after mounting.
 */
export function NotFound({ home }: { home: string }) {
  const labels = useLabels()
  return (
    <main className="not-found" id="main-content" tabIndex={-1} data-route-focus="">
      <h1>404</h1>
      <blockquote className="not-found-message" data-messages={JSON.stringify(labels.notFound)}>
        {labels.notFound[0]}
      </blockquote>
      <a className="not-found-home" href={home}>
        {labels.backToHome}
      </a>
    </main>
  )
}
