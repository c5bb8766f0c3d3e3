import type { Heading } from '../compiler/page.js'
import { labels } from './labels.js'

/**
 * The sidebar built from the page's own headings (theme sidebar 'heading'): one group titled with the page,
 * holding its h2s and, with depth 2, their h3s.
 */
export function Sidebar({ title, headers, depth, href }: { title: string; headers: Heading[]; depth: number; href: string }) {
  return (
    <aside className="sidebar" id="sidebar" aria-label={labels.onThisPage}>
      <nav>
        <p className="sidebar-heading">
          <a className="sidebar-item active" href={href} aria-current="page">{title}</a>
        </p>
        {depth > 0 && headers.length > 0 && <HeadingList headers={headers} depth={depth} level={1} />}
      </nav>
    </aside>
  )
}

function HeadingList({ headers, depth, level }: { headers: Heading[]; depth: number; level: number }) {
  return (
    <ul className="sidebar-items">
      {headers.map((h) => (
        <li key={h.slug}>
          <a className="sidebar-item" href={h.link}>{h.title}</a>
          {level < depth && h.children.length > 0 && <HeadingList headers={h.children} depth={depth} level={level + 1} />}
        </li>
      ))}
    </ul>
  )
}
