/**
 * Computes the theme's props for one page from the site, its git history and the configuration.
 */
import type { ResolvedConfig, SidebarItem } from '../config/config.js'
import type { GitInfo } from '../discover/git-info.js'
import type { ImageSize } from '../discover/image-size.js'
import type { SitePage } from '../link/link-site.js'
import type { AssetUrl } from '../link/asset-finder.js'
import { hrefOf } from '../paths.js'
import type { LayoutName, PageProps, SidebarLink, SidebarProps, SiteProps } from '../../theme/index.js'
import { SEARCH_INDEX_FILE } from '../../shared/constants.js'
import { tagHrefOf } from '../link/page-relations.js'
import { formatDateTime, labelsForPage, siteLabels } from '../config/site-labels.js'
import { editLinkOf, obsidianLinkOf } from './edit-link.js'
import { GLOSSARY_SLUG, glossaryLetters } from './glossary.js'
import { sanitizeHtmlText } from '../parse/markdown/safe-html.js'

/** Site-wide props, the same for every page. */
export function createSiteProps(
  config: ResolvedConfig,
  assetUrl: AssetUrl,
  imageSize: (nameOrPath: string) => ImageSize | undefined = () => undefined,
): SiteProps {
  const { site, theme } = config
  const logoWidth = (name: string | undefined) => {
    const size = name ? imageSize(name) : undefined
    return size ? Math.round((size.width * 28) / size.height) : undefined
  }
  return {
    title: site.title,
    description: site.description,
    lang: site.lang,
    base: site.base,
    home: site.base,
    navbar: theme.navbar.map((item) => withBase(item, site.base)),
    logo: theme.logo ? assetUrl(theme.logo) : undefined,
    logoWidth: logoWidth(theme.logo),
    logoDark: theme.logoDark ? assetUrl(theme.logoDark) : undefined,
    repo: theme.repo ? { href: theme.repo, label: theme.repoLabel ?? repoLabelOf(theme.repo, siteLabels(config).repoSource) } : undefined,
    colorModeSwitch: theme.colorModeSwitch,
    hoverPreview: theme.hoverPreview,
    folding: theme.folding,
    ...(theme.colorMode !== 'auto' ? { colorMode: theme.colorMode } : {}),
    searchIndexHref: `${site.base}${SEARCH_INDEX_FILE}`,
    labels: siteLabels(config),
  }
}

function withBase<T extends { link?: string; children?: T[] }>(item: T, base: string): T {
  const link = item.link && item.link.startsWith('/') ? hrefOf(base + item.link.slice(1)) : item.link
  return { ...item, link, children: item.children?.map((c) => withBase(c, base)) }
}

/**
 * The label of a repository link, from its host like the reference theme: GitHub, GitLab, … or, for a server of its
 * own, `source` (the site's word for it, 'Quellcode' or 'Source').
 */
export function repoLabelOf(repo: string, source: string): string {
  const host = /^https?:\/\/([^/]+)/.exec(repo)?.[1] ?? ''
  for (const [pattern, label] of [
    [/github/i, 'GitHub'],
    [/gitlab/i, 'GitLab'],
    [/gitee/i, 'Gitee'],
    [/bitbucket/i, 'Bitbucket'],
  ] as const) {
    if (pattern.test(host)) return label
  }
  return source
}

/**
 * The sidebar of a page: none when front matter or theme turn it off; its own headings for 'heading'; else the
 * configured items of the longest path prefix that matches its route — an empty list when none matches (the
 * render stage reports that once per page).
 */
export function sidebarOf(sitePage: SitePage, config: ResolvedConfig): SidebarProps | undefined {
  const option = config.theme.sidebar
  if (sitePage.page.frontmatter.sidebar === false || option === false) return undefined
  if (option === 'heading') return { kind: 'heading' }
  // the folder tree and the site tree need the whole site: page-routes.ts fills them in
  if (option === 'folders' || option === 'tree') return { kind: 'items', items: [] }
  const route = decodeURI(sitePage.href)
  const prefix = Object.keys(option)
    .filter((p) => route.startsWith(p))
    .sort((a, b) => b.length - a.length)[0]
  if (prefix === undefined) return { kind: 'items', items: [] }
  const entry = option[prefix]
  if (entry === 'heading') return { kind: 'heading' }
  return { kind: 'items', items: entry.map((item) => sidebarLinkOf(item, sitePage.href, config.site.base)) }
}

function sidebarLinkOf(item: SidebarItem | string, current: string, base: string): SidebarLink {
  const entry =
    typeof item === 'string'
      ? {
          text: decodeURI(item)
            .replace(/^.*\//, '')
            .replace(/\.html$/, ''),
          link: item,
        }
      : item
  const href = entry.link
    ? /^[a-z][a-z\d+.-]*:/i.test(entry.link)
      ? entry.link
      : hrefOf(entry.link.startsWith('/') ? base + entry.link.slice(1) : entry.link)
    : undefined
  const children = (entry.children ?? []).map((child) => sidebarLinkOf(child, current, base))
  const active = href === current
  const holdsActive = active || children.some((c) => c.active || c.open)
  return { text: entry.text, href, active, collapsible: entry.collapsible ?? false, open: entry.collapsible ? holdsActive : true, children }
}

/** The meta footer's links to the page's source, each with its label in the page's language; none when off. */
function sourceLinksOf(config: ResolvedConfig, sitePage: SitePage): Pick<PageProps, 'editLink' | 'obsidianLink'> {
  const edit = editLinkOf(config, sitePage.page)
  const obsidian = obsidianLinkOf(config, sitePage.page)
  const labels = labelsForPage(config, sitePage.page.frontmatter.lang)
  return {
    ...(edit ? { editLink: { href: edit, label: labels.editLink } } : {}),
    ...(obsidian ? { obsidianLink: { href: obsidian, label: labels.openInObsidian } } : {}),
  }
}

/** Props of one page for its layout. */
export function createPageProps(sitePage: SitePage, config: ResolvedConfig, git: GitInfo | undefined, assetUrl: AssetUrl): PageProps {
  const { page } = sitePage
  const fm = page.frontmatter
  const layout = (fm.layout ?? (fm.home ? 'Home' : 'Layout')) as LayoutName
  const showGit = (enabled: boolean, themeEnabled: boolean) => enabled && themeEnabled && git !== undefined
  return {
    layout,
    title: page.title,
    showTitle: !page.hasOwnH1 && page.title !== '',
    href: sitePage.href,
    headers: page.headers,
    sidebar: sidebarOf(sitePage, config),
    sidebarDepth: fm.sidebarDepth ?? config.theme.sidebarDepth,
    navbar: fm.navbar,
    pageClass: [fm.pageClass, ...fm.cssclasses].filter(Boolean).join(' ') || undefined,
    kind: fm.kind,
    section: fm.section,
    lastUpdated: showGit(fm.lastUpdated, config.theme.lastUpdated)
      ? { text: formatDateTime(config, git!.updatedTime), iso: new Date(git!.updatedTime).toISOString() }
      : undefined,
    contributors: showGit(fm.contributors, config.theme.contributors) ? git!.contributors.map((c) => c.name) : [],
    changelog:
      fm.changelog && git
        ? git.changelog.map((c) => ({
            hash: c.hash,
            message: c.message,
            date: formatDateTime(config, c.time),
            iso: new Date(c.time).toISOString(),
            tag: c.tag,
          }))
        : [],
    ...sourceLinksOf(config, sitePage),
    prev: sitePage.prev,
    next: sitePage.next,
    backToTop: fm.backToTop,
    hero:
      layout === 'Home'
        ? {
            text: fm.heroText === undefined ? config.site.title || 'Hello' : fm.heroText,
            tagline: fm.tagline === undefined ? config.site.description || null : fm.tagline,
            image: fm.heroImage ? assetUrl(fm.heroImage) : undefined,
            imageDark: fm.heroImageDark ? assetUrl(fm.heroImageDark) : undefined,
            alt: fm.heroAlt ?? (fm.heroText || 'hero'),
            height: fm.heroHeight,
            actions: fm.actions.map((a) => ({ ...a, link: a.link.startsWith('/') ? hrefOf(config.site.base + a.link.slice(1)) : a.link })),
          }
        : undefined,
    features: fm.features,
    footer: fm.footer ? footerOf(fm.footer, fm.footerHtml, config) : undefined,
    ...(sitePage.properties.length > 0 ? { properties: sitePage.properties } : {}),
    ...(sitePage.tags.length > 0 ? { tags: sitePage.tags.map((name) => ({ name, href: tagHrefOf(config.site.base, name) })) } : {}),
    ...(config.theme.backlinks && sitePage.backlinks.length > 0 && layout === 'Layout'
      ? { backlinks: { title: labelsForPage(config, fm.lang).backlinks, links: sitePage.backlinks } }
      : {}),
    ...(fm.draft ? { draft: true } : {}),
    ...(page.slug === GLOSSARY_SLUG && layout === 'Layout' ? lettersOf(page.headers) : {}),
  }
}

const lettersOf = (headers: PageProps['headers']) => {
  const letters = glossaryLetters(headers)
  return letters ? { letters } : {}
}

/** The home page's footer: text, or with `footerHtml: true` HTML kept to what raw HTML in pages may hold. */
function footerOf(text: string, html: boolean, config: ResolvedConfig): { text: string; html: boolean } {
  if (!html) return { text, html }
  return { text: config.markdown?.rawHtml === 'trusted' ? text : sanitizeHtmlText(text), html }
}
