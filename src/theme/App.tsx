import { Home } from './Home.js'
import { Navbar } from './Navbar.js'
import { NotFound } from './NotFound.js'
import { PageMeta } from './PageMeta.js'
import { PageNav } from './PageNav.js'
import { Sidebar } from './Sidebar.js'
import { labels } from '../shared/labels.js'
import { LAYOUTS, type PageProps, type SiteProps } from './props.js'

export interface AppProps {
  site: SiteProps
  page: PageProps
  /** Server-rendered page body; kept as is by hydration. */
  bodyHtml: string
}

/** The whole visible page: navbar, sidebar and the page's layout. Throws for a layout the theme does not have. */
export function App({ site, page, bodyHtml }: AppProps) {
  if (!LAYOUTS.includes(page.layout)) throw new Error(`Cannot resolve layout: ${page.layout}`)
  const hasSidebar = page.layout === 'Layout' && page.sidebar !== undefined
  const classes = ['theme-container', page.pageClass, hasSidebar ? undefined : 'no-sidebar', page.navbar ? undefined : 'no-navbar']
  return (
    <div className={classes.filter(Boolean).join(' ')} data-back-to-top={page.backToTop ? undefined : 'false'}>
      <a className="skip-link sr-only" href="#main-content">
        {labels.skipToContent}
      </a>
      {page.navbar && <Navbar site={site} currentHref={page.href} />}
      <div className="sidebar-mask" aria-hidden="true" />
      {hasSidebar && page.sidebar && (
        <Sidebar sidebar={page.sidebar} title={page.title} headers={page.headers} depth={page.sidebarDepth} href={page.href} />
      )}
      {page.layout === 'Home' && <Home page={page} bodyHtml={bodyHtml} />}
      {page.layout === 'NotFound' && <NotFound home={site.home} />}
      {page.layout === 'Layout' && (
        <main className="page" id="main-content">
          {(page.kind || page.section) && (
            <p className="page-badges">
              {page.section && <span className="badge section">{page.section}</span>}
              {page.kind && <span className="badge kind">{page.kind}</span>}
            </p>
          )}
          <div className="theme-default-content">
            {page.showTitle && <h1 className="page-title">{page.title}</h1>}
            <div data-content dangerouslySetInnerHTML={{ __html: bodyHtml }} />
          </div>
          <PageMeta page={page} />
          <PageNav prev={page.prev} next={page.next} />
        </main>
      )}
    </div>
  )
}
