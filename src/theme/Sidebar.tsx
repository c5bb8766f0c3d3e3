import type { Heading } from './props.js'
import { useLabels } from './labels-context.js'
import type { SidebarLink, SidebarProps } from './props.js'
import { EntryLink, type NavEntry } from './Navbar.js'

interface Props {
  /** The page's own sidebar; none on pages without one (home, 404), where phones still get the navbar's links. */
  sidebar?: SidebarProps
  title: string
  headers: Heading[]
  depth: number
  href: string
  /** The navbar's links, shown above the rest on phones, where the navbar has no room for them. */
  navEntries: NavEntry[]
}

/**
 * The sidebar: with 'heading' (the theme's default) one group titled with the page, holding its h2s and, at depth
 * 2, their h3s; with configured items, those links and groups, collapsible groups open when they hold this page.
 * On phones the navbar's links come first (as in VuePress).
 */
export function Sidebar({ sidebar, title, headers, depth, href, navEntries }: Props) {
  const labels = useLabels()
  return (
    <aside
      className={sidebar ? 'sidebar' : 'sidebar phone-only'}
      id="sidebar"
      aria-label={sidebar?.kind === 'heading' ? labels.onThisPage : labels.siteNavigation}
    >
      {navEntries.length > 0 && (
        <nav className="sidebar-navbar" aria-label={labels.mainNavigation}>
          <ul className="sidebar-items">
            {navEntries.map((entry) => (
              <li key={entry.text}>
                {entry.kind === 'link' ? (
                  <EntryLink entry={entry} />
                ) : (
                  <>
                    <span className="sidebar-group-title">{entry.text}</span>
                    <ul className="sidebar-items">
                      {entry.links.map((link) => (
                        <li key={link.href}>
                          <EntryLink entry={link} />
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
      {sidebar && <PageSidebar sidebar={sidebar} title={title} headers={headers} depth={depth} href={href} />}
    </aside>
  )
}

function PageSidebar({ sidebar, title, headers, depth, href }: Omit<Props, 'navEntries' | 'sidebar'> & { sidebar: SidebarProps }) {
  return (
    <nav>
      {sidebar.kind === 'heading' ? (
        <>
          <p className="sidebar-heading">
            <a className="sidebar-item active" href={href} aria-current="page">
              {title}
            </a>
          </p>
          {depth > 0 && headers.length > 0 && <HeadingList headers={headers} depth={depth} level={1} />}
        </>
      ) : (
        <ul className="sidebar-items sidebar-groups">
          {sidebar.items.map((item) => (
            <Item key={`${item.text}${item.href ?? ''}`} item={item} />
          ))}
        </ul>
      )}
    </nav>
  )
}

function HeadingList({ headers, depth, level }: { headers: Heading[]; depth: number; level: number }) {
  return (
    <ul className="sidebar-items">
      {headers.map((h) => (
        <li key={h.slug}>
          <a className="sidebar-item" href={h.link}>
            {h.title}
          </a>
          {level < depth && h.children.length > 0 && <HeadingList headers={h.children} depth={depth} level={level + 1} />}
        </li>
      ))}
    </ul>
  )
}

function Item({ item }: { item: SidebarLink }) {
  const link = item.href ? (
    <a className={`sidebar-item${item.active ? ' active' : ''}`} href={item.href} aria-current={item.active ? 'page' : undefined}>
      {item.text}
    </a>
  ) : (
    <span className="sidebar-item sidebar-group-title">{item.text}</span>
  )
  if (item.children.length === 0) return <li>{link}</li>
  const children = (
    <ul className="sidebar-items">
      {item.children.map((c) => (
        <Item key={`${c.text}${c.href ?? ''}`} item={c} />
      ))}
    </ul>
  )
  if (!item.collapsible)
    return (
      <li>
        {link}
        {children}
      </li>
    )
  return (
    <li>
      <details className="sidebar-group" open={item.open}>
        <summary>{item.text}</summary>
        {item.href && <p className="sidebar-group-link">{link}</p>}
        {children}
      </details>
    </li>
  )
}
