import { useLabels } from './labels-context.js'
import type { PageProperty, PageProps, PropertyValue } from './props.js'

/**
 * A page's front matter as Obsidian shows it above a note: one row per property, under the name the config gives it
 * (theme.properties) or its key (links for pages, URLs and mail addresses, dates in the site's format, lists as
 * chips, a checkbox named 'Ja' or 'Nein' in the site's language as in a base), then the page's tags.
 */
export function PageProperties({ properties = [], tags = [] }: Pick<PageProps, 'properties' | 'tags'>) {
  if (properties.length === 0 && tags.length === 0) return null
  return (
    <div className="page-properties">
      {properties.length > 0 && (
        <dl className="properties">
          {properties.map((property) => (
            <div className="property" key={property.key} data-property={property.key}>
              <dt>{property.name ?? property.key}</dt>
              <dd>
                <Value value={property.value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {tags.length > 0 && (
        <p className="page-tags">
          {tags.map((tag) => (
            <a key={tag.name} className="tag" href={tag.href}>
              #{tag.name}
            </a>
          ))}
        </p>
      )}
    </div>
  )
}

function Value({ value }: { value: PropertyValue }) {
  const labels = useLabels()
  switch (value.kind) {
    case 'text':
      return <>{value.text}</>
    case 'date':
      return <time dateTime={value.iso}>{value.text}</time>
    case 'bool':
      return <input type="checkbox" checked={value.value} disabled aria-label={value.value ? labels.basesYes : labels.basesNo} />
    case 'link':
      return value.external ? (
        <a href={value.href} className="external" target="_blank" rel="noopener noreferrer">
          {value.text}
        </a>
      ) : (
        <a href={value.href} className="wikilink">
          {value.text}
        </a>
      )
    case 'list':
      return (
        <ul className="property-chips">
          {value.items.map((item, i) => (
            <li key={i}>
              <Value value={item} />
            </li>
          ))}
        </ul>
      )
  }
}

/** The pages that link to this one, like Obsidian's backlinks pane, at the end of the page. */
export function Backlinks({ backlinks }: Pick<PageProps, 'backlinks'>) {
  if (!backlinks || backlinks.links.length === 0) return null
  return (
    <nav className="backlinks" aria-labelledby="backlinks-title">
      <h2 id="backlinks-title" className="backlinks-title">
        {backlinks.title}
      </h2>
      <ul>
        {backlinks.links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
