import type { NavbarItem } from './props.js'
import { Island } from './Island.js'
import { NavbarDropdown } from './NavbarDropdown.js'
import { SearchBox } from './SearchBox.js'
import { useLabels } from './labels-context.js'
import { accessibleName } from './accessible-name.js'
import type { SiteProps } from './props.js'
import { Slot } from './Slot.js'
import type { SlotHtml } from '../shared/theme-slots.js'

/** A navbar entry with its link resolved: what the navbar, its "Mehr" list and the phone sidebar show. */
export type NavEntry =
  | { kind: 'link'; text: string; href: string; external: boolean; active: boolean; ariaLabel?: string }
  | { kind: 'group'; text: string; ariaLabel?: string; links: Extract<NavEntry, { kind: 'link' }>[] }

/** The site's navbar items and its repository link, resolved for the page at `currentHref`. */
export function navEntriesOf(site: SiteProps, currentHref: string): NavEntry[] {
  const linkOf = (item: NavbarItem, prefix: string): Extract<NavEntry, { kind: 'link' }> => {
    const href = item.link ? (isExternal(item.link) ? item.link : prefix + item.link) : '#'
    const external = isExternal(href)
    return {
      kind: 'link',
      text: item.text,
      href,
      external,
      active: !external && isActive(item, href, currentHref),
      ariaLabel: item.ariaLabel,
    }
  }
  const entries: NavEntry[] = site.navbar.map((item) =>
    item.children && item.children.length > 0
      ? { kind: 'group', text: item.text, ariaLabel: item.ariaLabel, links: item.children.map((child) => linkOf(child, item.prefix ?? '')) }
      : linkOf(item, ''),
  )
  if (site.repo) entries.push({ kind: 'link', text: site.repo.label, href: site.repo.href, external: true, active: false })
  return entries
}

/**
 * Top bar: sidebar toggle, logo and title, navigation links, search, colour mode. Links that do not fit beside the
 * site's name move into a "Mehr" list (client/navbar-overflow.ts); on phones they are in the sidebar. The theme slot
 * `headerEnd` (config `theme.slots`) comes last.
 */
export function Navbar({ site, currentHref, headerEnd }: { site: SiteProps; currentHref: string; headerEnd?: SlotHtml }) {
  const labels = useLabels()
  const entries = navEntriesOf(site, currentHref)
  return (
    <header className="navbar">
      <button
        type="button"
        className="toggle-sidebar-button"
        aria-label={labels.toggleSidebar}
        aria-controls="sidebar"
        aria-expanded="false"
      >
        <span className="icon" aria-hidden="true" />
      </button>
      <a className="site-brand" href={site.home}>
        {site.logo && (
          <img className={site.logoDark ? 'logo logo-light' : 'logo'} src={site.logo} alt="" width={site.logoWidth} height={28} />
        )}
        {site.logoDark && <img className="logo logo-dark" src={site.logoDark} alt="" width={site.logoWidth} height={28} />}
        <span className="site-name">{site.title}</span>
      </a>
      <div className="navbar-items-wrapper">
        <Island name="SearchBox" component={SearchBox} props={{ indexHref: site.searchIndexHref, locale: '/', fullText: site.fullText }} />
        {entries.length > 0 && (
          <nav className="navbar-items" aria-label={labels.mainNavigation}>
            {entries.map((entry) =>
              entry.kind === 'group' ? (
                <Island
                  key={entry.text}
                  name="NavbarDropdown"
                  component={NavbarDropdown}
                  props={{ item: { text: entry.text, ariaLabel: entry.ariaLabel }, links: entry.links.map(({ kind: _, ...link }) => link) }}
                />
              ) : (
                <div className="navbar-item" key={entry.text}>
                  <EntryLink entry={entry} />
                </div>
              ),
            )}
            <details className="navbar-item navbar-more" hidden>
              <summary className="navbar-dropdown-title">
                <span>{labels.more}</span>
                <span className="arrow" aria-hidden="true" />
              </summary>
              <ul className="navbar-dropdown" />
            </details>
          </nav>
        )}
        {site.colorModeSwitch && (
          // a switch, on while the site is dark (client/color-mode.ts sets aria-checked once the mode is known)
          <button
            type="button"
            role="switch"
            aria-checked="false"
            className="toggle-color-mode-button"
            aria-label={labels.darkMode}
            title={labels.toggleColorMode}
          >
            <span className="icon" aria-hidden="true" />
          </button>
        )}
        <Slot name="headerEnd" slot={headerEnd} />
      </div>
    </header>
  )
}

/** A resolved navbar link: external ones open a new window (ExternalLink). */
export function EntryLink({ entry }: { entry: Extract<NavEntry, { kind: 'link' }> }) {
  if (entry.external)
    return (
      <ExternalLink href={entry.href} ariaLabel={entry.ariaLabel}>
        {entry.text}
      </ExternalLink>
    )
  return (
    <a
      href={entry.href}
      aria-label={accessibleName(entry.text, entry.ariaLabel)}
      className={entry.active ? 'active' : undefined}
      aria-current={entry.active ? 'page' : undefined}
    >
      {entry.text}
    </a>
  )
}

function isActive(item: NavbarItem, link: string, currentHref: string): boolean {
  return item.activeMatch ? new RegExp(item.activeMatch).test(decodeURI(currentHref)) : samePage(link, currentHref)
}

/**
 * A link that leaves the site: new window, no opener, an icon and a screen-reader hint. A configured accessible name
 * that does not contain the visible text gets it in front (WCAG 2.5.3, label in name: speech users say what they see).
 */
export function ExternalLink({ href, ariaLabel, children }: { href: string; ariaLabel?: string; children: React.ReactNode }) {
  const labels = useLabels()
  const name = typeof children === 'string' ? accessibleName(children, ariaLabel) : ariaLabel
  return (
    <a href={href} className="external" target="_blank" rel="noopener noreferrer" aria-label={name}>
      {children}
      <span className="external-link-icon">
        <span className="sr-only"> ({labels.openInNewWindow})</span>
      </span>
    </a>
  )
}

function isExternal(link: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(link)
}

/**
 * Whether a navbar link leads to the page at `currentHref`: `/glossary`, `/glossary.html` and `/glossary/` are one
 * page (clean URLs, as the spec's navbar writes them), and so are `/` and `/index.html`.
 */
export function samePage(link: string, currentHref: string): boolean {
  const path = (href: string) => {
    const bare = href.replace(/[?#].*$/, '')
    let decoded = bare
    try {
      decoded = decodeURI(bare)
    } catch {
      // a malformed escape compares as written
    }
    return decoded
      .replace(/\.html$/i, '')
      .replace(/(^|\/)index$/i, '$1')
      .replace(/\/+$/, '')
  }
  return path(link) === path(currentHref)
}
