import { useLabels } from './labels-context.js'
import type { PageProps } from './props.js'

/**
 * The meta footer of a page: the links to its source (edit in the repository, open in Obsidian), the last-updated
 * time, contributors and (when enabled) the changelog.
 */
export function PageMeta({ page }: { page: PageProps }) {
  const labels = useLabels()
  const { editLink, obsidianLink, lastUpdated, contributors, changelog } = page
  if (!editLink && !obsidianLink && !lastUpdated && contributors.length === 0 && changelog.length === 0) return null
  return (
    <footer className="page-meta">
      {(editLink || obsidianLink) && (
        <div className="meta-item edit-link">
          {editLink && (
            <a href={editLink.href} className="external" target="_blank" rel="noopener noreferrer">
              {editLink.label}
              <span className="external-link-icon">
                <span className="sr-only"> ({labels.openInNewWindow})</span>
              </span>
            </a>
          )}
          {editLink && obsidianLink && <span aria-hidden="true"> · </span>}
          {obsidianLink && (
            <a href={obsidianLink.href} className="obsidian-link">
              {obsidianLink.label}
            </a>
          )}
        </div>
      )}
      {lastUpdated && (
        <div className="meta-item last-updated">
          <span className="meta-item-label">{labels.lastUpdated}: </span>
          <time className="meta-item-info" dateTime={lastUpdated.iso}>
            {lastUpdated.text}
          </time>
        </div>
      )}
      {contributors.length > 0 && (
        <div className="meta-item contributors">
          <span className="meta-item-label">{labels.contributors}: </span>
          <span className="meta-item-info">{contributors.join(', ')}</span>
        </div>
      )}
      {changelog.length > 0 && (
        <details className="changelog">
          <summary className="changelog-header">{labels.changelog}</summary>
          <ul className="changelog-list">
            {changelog.map((item) => (
              <li key={item.hash} className="changelog-item">
                <code className="changelog-hash">{item.hash.slice(0, 5)}</code>
                <span className="changelog-message">{item.message}</span>
                <span className="changelog-date">
                  {labels.changelogOn} <time dateTime={item.iso}>{item.date}</time>
                </span>
                {item.tag && <span className="changelog-tag">{item.tag}</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
    </footer>
  )
}
