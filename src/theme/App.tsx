import { Home } from './Home.js'
import { LocalGraph } from './LocalGraph.js'
import { Navbar, navEntriesOf } from './Navbar.js'
import { NotFound } from './NotFound.js'
import { PageMeta } from './PageMeta.js'
import { PageNav } from './PageNav.js'
import { Backlinks, PageProperties } from './PageProperties.js'
import { renderToStaticMarkup } from 'react-dom/server'
import { Sidebar } from './Sidebar.js'
import { LabelsContext, useLabels } from './labels-context.js'
import type { Labels } from '../shared/labels.js'
import { LAYOUTS, type PageProps, type SiteProps } from './props.js'
import { Slot } from './Slot.js'
import type { SlotHtml, SlotName } from '../shared/theme-slots.js'

export interface AppProps {
  site: SiteProps
  page: PageProps
  /** Server-rendered page body; kept as is by hydration. */
  bodyHtml: string
  /** The site's theme slots this page shows, rendered by the build (config `theme.slots`). */
  slots?: Partial<Record<SlotName, SlotHtml>>
}

/** The whole visible page in the site's language (site.labels). Throws for a layout the theme does not have. */
export function App(props: AppProps) {
  return (
    <LabelsContext.Provider value={props.site.labels}>
      <Shell {...props} />
    </LabelsContext.Provider>
  )
}

/** Navbar, sidebar and the page's layout. */
function Shell({ site, page, bodyHtml, slots }: AppProps) {
  const labels = useLabels()
  if (!LAYOUTS.includes(page.layout)) throw new Error(`Cannot resolve layout: ${page.layout}`)
  const hasSidebar = page.layout === 'Layout' && page.sidebar !== undefined
  const hasOutline = page.layout === 'Layout' && page.sidebar?.kind === 'items' && page.headers.length > 0
  const classes = [
    'theme-container',
    page.pageClass,
    hasSidebar ? undefined : 'no-sidebar',
    page.navbar ? undefined : 'no-navbar',
    hasOutline ? 'has-outline' : undefined,
  ]
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      data-back-to-top={page.backToTop ? undefined : 'false'}
      data-hover-preview={site.hoverPreview ? '' : undefined}
      data-folding={site.folding ? undefined : 'false'}
    >
      <a className="skip-link sr-only" href="#main-content">
        {labels.skipToContent}
      </a>
      {page.navbar && <Navbar site={site} currentHref={page.href} headerEnd={slots?.headerEnd} />}
      <div className="sidebar-mask" aria-hidden="true" />
      {(hasSidebar || page.navbar) && (
        <Sidebar
          sidebar={hasSidebar ? page.sidebar : undefined}
          title={page.title}
          headers={page.headers}
          depth={page.sidebarDepth}
          href={page.href}
          navEntries={page.navbar ? navEntriesOf(site, page.href) : []}
        />
      )}
      {page.layout === 'Home' && <Home page={page} bodyHtml={bodyHtml} slots={slots} />}
      {page.layout === 'NotFound' && <NotFound site={site} slots={slots} />}
      {page.layout === 'Layout' && (
        <main className="page" id="main-content" tabIndex={-1} data-route-focus="">
          {page.breadcrumbs && <Breadcrumbs crumbs={page.breadcrumbs} />}
          {(page.kind || page.section || page.draft) && (
            <p className="page-badges">
              {page.draft && <span className="badge draft">{labels.draft}</span>}
              {page.section &&
                (page.sectionHref ? (
                  <a className="badge section" href={page.sectionHref}>
                    {page.section}
                  </a>
                ) : (
                  <span className="badge section">{page.section}</span>
                ))}
              {page.kind && <span className="badge kind">{page.kind}</span>}
            </p>
          )}
          <Slot name="pageTop" slot={slots?.pageTop} />
          <div className="theme-default-content">
            {page.showTitle && <h1 className="page-title">{page.title}</h1>}
            {page.letters && <LetterBar letters={page.letters} />}
            <div data-content dangerouslySetInnerHTML={{ __html: withProperties(page, bodyHtml, labels) }} />
          </div>
          <Slot name="pageBottom" slot={slots?.pageBottom} />
          <Backlinks backlinks={page.backlinks} />
          <LocalGraph graph={page.graph} />
          <PageMeta page={page} />
          <PageNav prev={page.prev} next={page.next} />
          {slots?.footer && (
            <div className="footer">
              <Slot name="footer" slot={slots.footer} />
            </div>
          )}
        </main>
      )}
      {hasOutline && <Outline headers={page.headers} depth={Math.max(1, page.sidebarDepth)} />}
    </div>
  )
}

/**
 * The body with the page's properties and tags where Obsidian shows them: below the title, which is the body's own
 * first h1 when the page has one, else printed above the body.
 */
function withProperties(page: PageProps, bodyHtml: string, labels: Labels): string {
  if (!page.properties && !page.tags) return bodyHtml
  const block = renderToStaticMarkup(
    <LabelsContext.Provider value={labels}>
      <PageProperties properties={page.properties} tags={page.tags} />
    </LabelsContext.Provider>,
  )
  const titleEnd = page.showTitle ? -1 : bodyHtml.indexOf('</h1>')
  if (titleEnd === -1 || !bodyHtml.trimStart().startsWith('<h1')) return block + bodyHtml
  const at = titleEnd + '</h1>'.length
  return bodyHtml.slice(0, at) + block + bodyHtml.slice(at)
}

/** Home › section or folders: where the page stands, for readers who came from a search or a link. */
function Breadcrumbs({ crumbs }: { crumbs: NonNullable<PageProps['breadcrumbs']> }) {
  const labels = useLabels()
  return (
    <nav className="breadcrumbs" aria-label={labels.breadcrumbs}>
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={`${i}${crumb.text}`}>{crumb.href ? <a href={crumb.href}>{crumb.text}</a> : <span>{crumb.text}</span>}</li>
        ))}
      </ol>
    </nav>
  )
}

/** The glossary's letters on phones, where the sidebar with its headings is hidden: a tap jumps to the letter. */
function LetterBar({ letters }: { letters: NonNullable<PageProps['letters']> }) {
  const labels = useLabels()
  return (
    <nav className="letter-bar" aria-label={labels.letterBar}>
      <ul>
        {letters.map((letter) => (
          <li key={letter.href}>
            <a href={letter.href}>{letter.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * The page's headings on the right of wide screens, where the sidebar shows the site's navigation instead of them
 * (a configured or folder sidebar); the heading sidebar has them already.
 */
function Outline({ headers, depth }: { headers: PageProps['headers']; depth: number }) {
  const labels = useLabels()
  const list = (items: PageProps['headers'], level: number) => (
    <ul>
      {items.map((h) => (
        <li key={h.slug}>
          <a href={h.link}>{h.title}</a>
          {level < depth && h.children.length > 0 && list(h.children, level + 1)}
        </li>
      ))}
    </ul>
  )
  return (
    <aside className="page-outline" aria-label={labels.onThisPage}>
      <p className="page-outline-title">{labels.onThisPage}</p>
      {list(headers, 1)}
    </aside>
  )
}
