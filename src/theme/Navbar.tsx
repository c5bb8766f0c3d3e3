import type { NavbarItem } from './props.js'
import { Island } from './Island.js'
import { NavbarDropdown } from './NavbarDropdown.js'
import { SearchBox } from './SearchBox.js'
import { labels } from '../shared/labels.js'
import { accessibleName } from './accessible-name.js'
import type { SiteProps } from './props.js'

/** Top bar: sidebar toggle, logo and title, navigation links, search, colour mode, repository link. */
export function Navbar({ site, currentHref }: { site: SiteProps; currentHref: string }) {
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
        <nav className="navbar-items" aria-label={labels.mainNavigation}>
          {site.navbar.map((item) => (
            <NavItem key={item.text} item={item} currentHref={currentHref} />
          ))}
          {site.repo && (
            <div className="navbar-item">
              <ExternalLink href={site.repo.href}>{site.repo.label}</ExternalLink>
            </div>
          )}
        </nav>
        {site.colorModeSwitch && (
          <button type="button" className="toggle-color-mode-button" aria-label={labels.toggleColorMode} title={labels.toggleColorMode}>
            <span className="icon" aria-hidden="true" />
          </button>
        )}
      </div>
    </header>
  )
}

function NavItem({ item, currentHref, prefix = '' }: { item: NavbarItem; currentHref: string; prefix?: string }) {
  if (item.children && item.children.length > 0) {
    const childPrefix = (item.prefix ?? '') + prefix
    const links = item.children.map((child) => {
      const href = child.link ? (isExternal(child.link) ? child.link : childPrefix + child.link) : '#'
      return { text: child.text, href, external: isExternal(href), active: isActive(child, href, currentHref), ariaLabel: child.ariaLabel }
    })
    return (
      <Island name="NavbarDropdown" component={NavbarDropdown} props={{ item: { text: item.text, ariaLabel: item.ariaLabel }, links }} />
    )
  }
  return (
    <div className="navbar-item">
      <NavLinkItem item={item} prefix={prefix} currentHref={currentHref} />
    </div>
  )
}

function isActive(item: NavbarItem, link: string, currentHref: string): boolean {
  return item.activeMatch ? new RegExp(item.activeMatch).test(decodeURI(currentHref)) : link === currentHref
}

function NavLinkItem({ item, prefix, currentHref }: { item: NavbarItem; prefix: string; currentHref: string }) {
  const link = item.link ? (isExternal(item.link) ? item.link : prefix + item.link) : '#'
  if (isExternal(link))
    return (
      <ExternalLink href={link} ariaLabel={item.ariaLabel}>
        {item.text}
      </ExternalLink>
    )
  const active = isActive(item, link, currentHref)
  const name = accessibleName(item.text, item.ariaLabel)
  return (
    <a href={link} aria-label={name} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
      {item.text}
    </a>
  )
}

/**
 * A link that leaves the site: new window, no opener, an icon and a screen-reader hint. A configured accessible name
 * that does not contain the visible text gets it in front (WCAG 2.5.3, label in name: speech users say what they see).
 */
export function ExternalLink({ href, ariaLabel, children }: { href: string; ariaLabel?: string; children: React.ReactNode }) {
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
