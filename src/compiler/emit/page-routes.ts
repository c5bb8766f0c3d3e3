/**
 * One render job per route: the theme props and head of a page, computed on the main thread from the site,
 * so that workers only substitute links, render and write.
 */
import type { Diagnostic } from '../diagnostics.js'
import type { GitInfo } from '../discover/git-info.js'
import type { Resolved, Site, SitePage } from '../link/link-site.js'
import { hrefOf, outputFileOf, type SourcePath } from '../paths.js'
import { LAYOUTS, type PageProps } from '../../theme/index.js'
import { createPageProps, createSiteProps } from './page-props.js'
import { renderDocument, type ClientAssets, type DocumentInput } from './render-document.js'
import type { SlotRenderer } from './slot-render.js'
import { substituteLinks, type BodyLookup } from './substitute.js'
import { previewImageOf } from '../parse/preview-image.js'
import { breadcrumbJsonLd, canonicalTag, canonicalUrl, hasOwnCanonical, originOf, socialTags } from './social-tags.js'
import { createAssetFinder, createAssetUrl, leavesContentFolder } from '../link/asset-finder.js'
import { siteLabels } from '../config/site-labels.js'
import { createGlossary, GLOSSARY_SLUG, glossaryLetters } from './glossary.js'
import { createHomeList } from './home-list.js'
import { createTagPages } from './tag-pages.js'
import { createBreadcrumbs, createFolderSidebar, createSectionPages, createSiteTree, sectionHrefOf, sectionsOf } from './way-finding.js'
import { fullTextHref, fullTextPageBody, fullTextSlug } from './fulltext-page.js'
import { createHash } from 'node:crypto'
import { siteHeadOf } from './site-icon.js'
import { sourceLinkProblems } from './edit-link.js'
import { mathSheetOf, type MathSheet } from './math-sheet.js'
import { createLocalGraphs } from './local-graph.js'
import { labelsForPage } from '../config/site-labels.js'
import { holdsBase } from '../link/bases-site.js'
import { holdsQuery } from '../link/queries-site.js'

export interface RenderJob {
  /** Output file, relative to the output folder. */
  file: string
  /** Content hash of the page whose body is rendered; undefined for generated pages (404, glossary). */
  bodyHash?: string
  /** Content hashes of the bodies this route shows: its page's and those of the pages it embeds, at any depth. */
  bodyHashes: string[]
  resolved: Resolved[]
  input: Omit<DocumentInput, 'bodyHtml'>
  /** The body of a generated page, which has no stored body. */
  bodyHtml?: string
  /**
   * The route's canonical URL (emit/social-tags.ts canonicalUrl), which its head links and sitemap.xml lists; only with
   * `site.hostname`, and none for the 404 page or a page whose front matter `head` names its own.
   */
  canonical?: string
  /** A route with a canonical URL that sitemap.xml leaves out: the full-text search page. */
  unlisted?: true
  /** The page's front matter, for the components of the theme's slots; only in a site with slots. */
  frontmatter?: Record<string, unknown>
}

export interface RenderJobOptions {
  git: Map<SourcePath, GitInfo>
  assets: ClientAssets
  /** Leave analytics out (dev server). */
  dev?: boolean
}

/**
 * What lets createRenderJobs leave the job of a page's route unmade until something reads its input: in a warm build,
 * a route whose key (cache/route-keys.ts) is unchanged keeps its fingerprint and output, so nothing does.
 */
export interface KnownRoutes {
  /** The route's key; undefined for a route that has none. */
  keyOf(route: Pick<RenderJob, 'file' | 'bodyHash' | 'bodyHashes'>): string | undefined
  /** The problems its job reported when it was last made under this key; undefined when that is not known. */
  problemsOf(file: string, key: string): Diagnostic[] | undefined
  /** Keeps the problems of a job made under this key, for the next build. */
  keep(file: string, key: string, problems: Diagnostic[]): void
  /**
   * The site's key (cache/route-keys.ts), which the generated routes follow from: they read the pages' records and the
   * config, no body, time or git data.
   */
  site: string
  /** The routes a kind of generated route (tag pages, …) had when last made under this key; undefined when not known. */
  generatedOf(kind: string, key: string): GeneratedShell[] | undefined
  /** Keeps the routes of a kind of generated route made under this key, for the next build. */
  keepGenerated(kind: string, key: string, shells: GeneratedShell[]): void
}

/** What a generated route's job is without its input and body: what the output's claims and sitemap.xml read. */
export type GeneratedShell = Pick<RenderJob, 'file' | 'canonical' | 'unlisted'>

/** The render jobs of every page plus the 404 page, and a diagnostic for each page with an unknown layout. */
export function createRenderJobs(
  site: Site,
  options: RenderJobOptions,
  known?: KnownRoutes,
): { jobs: RenderJob[]; diagnostics: Diagnostic[] } {
  const jobOf = createRenderJobMaker(site, options)
  const diagnostics: Diagnostic[] = [...checkImageOptions(site), ...sourceLinkProblems(site.config)]
  const jobs = site.pages.map((sitePage) => (known ? deferredJob(sitePage, jobOf, diagnostics, known) : jobOf(sitePage, diagnostics)))
  jobs.push(...generatedJobs(site, jobOf, known))
  return { jobs, diagnostics }
}

/**
 * The jobs of a kind of generated route as last made under the site's key, each made only when its input or body is
 * read; else made now, and kept for the next build.
 */
function knownGenerated(kind: string, make: () => RenderJob[], known: KnownRoutes): RenderJob[] {
  const shells = known.generatedOf(kind, known.site)
  if (!shells) {
    const jobs = make()
    known.keepGenerated(
      kind,
      known.site,
      jobs.map(({ file, canonical, unlisted }) => ({ file, ...(canonical ? { canonical } : {}), ...(unlisted ? { unlisted } : {}) })),
    )
    return jobs
  }
  known.keepGenerated(kind, known.site, shells)
  let made: Map<string, RenderJob> | undefined
  const jobOf = (file: string): RenderJob => {
    made ??= new Map(make().map((job) => [job.file, job]))
    const job = made.get(file)
    if (!job) throw new Error(`The generated route ${file} was kept under a site key that no longer makes it`)
    return job
  }
  return shells.map((shell) =>
    madeWhenRead({ ...shell, bodyHashes: [], resolved: [] } as unknown as RenderJob, ['input', 'bodyHtml'], () => jobOf(shell.file)),
  )
}

/**
 * Gives `job` these fields as getters that take them from the job `make` makes, once, when one is first read (a
 * clone for a worker reads them; `'input' in job` does not).
 */
function madeWhenRead(job: RenderJob, fields: readonly ('input' | 'bodyHtml')[], make: () => RenderJob): RenderJob {
  let made: RenderJob | undefined
  for (const field of fields) {
    Object.defineProperty(job, field, {
      enumerable: true,
      configurable: true,
      get() {
        const value = (made ??= make())[field]
        Object.defineProperty(job, field, { value, enumerable: true, configurable: true, writable: true })
        return value
      },
    })
  }
  return job
}

/**
 * The job of a page's route, made only when its input is read if its key and problems are known (see KnownRoutes);
 * everything else of the job is there at once, as jobOf would make it.
 */
function deferredJob(sitePage: SitePage, jobOf: RenderJobMaker, diagnostics: Diagnostic[], known: KnownRoutes): RenderJob {
  const shell = jobOf.shell(sitePage)
  const key = known.keyOf(shell)
  const problems = key === undefined ? undefined : known.problemsOf(shell.file, key)
  if (key === undefined || problems === undefined) {
    const own: Diagnostic[] = []
    const job = jobOf(sitePage, own)
    if (key !== undefined) known.keep(shell.file, key, own)
    diagnostics.push(...own)
    return job
  }
  diagnostics.push(...problems)
  known.keep(shell.file, key, problems)
  return madeWhenRead(shell as RenderJob, ['input'], () => jobOf(sitePage, []))
}

/**
 * The images that front matter (heroImage, heroImageDark) and config (theme.logo, logoDark) name: each must be a URL or
 * a file of the content folder. A path that leaves the folder is an error and left out; one that names no file of it
 * (an absolute path on the disk, a typo) is a warning: the page links to a URL that does not exist.
 */
function checkImageOptions(site: Site): Diagnostic[] {
  const find = createAssetFinder(site.assets)
  const diagnostics: Diagnostic[] = []
  const check = (value: string | undefined, option: string, file: SourcePath) => {
    if (!value || /^[a-z][a-z\d+.-]*:/i.test(value)) return
    if (leavesContentFolder(value)) {
      diagnostics.push({
        severity: 'error',
        code: 'bad-file-path',
        file,
        line: 0,
        column: 0,
        message: `${option} ${JSON.stringify(value)} leads out of the content folder; it is left out`,
        hint: 'Name an image inside the content folder, by its name or its path from the folder (e.g. bilder/titel.png).',
      })
    } else if (!find(value)) {
      diagnostics.push({
        severity: 'warning',
        code: 'missing-image',
        file,
        line: 0,
        column: 0,
        message: `${option} ${JSON.stringify(value)} is no file of the content folder`,
        hint: value.startsWith('/')
          ? 'Paths start at the content folder, not at the disk: write it as the path inside the content folder.'
          : 'Check the name, or add the image to the content folder.',
      })
    }
  }
  for (const { page } of site.pages) {
    check(page.frontmatter.heroImage, 'heroImage', page.sourcePath)
    check(page.frontmatter.heroImageDark, 'heroImageDark', page.sourcePath)
    check(previewImageOf(page), 'image', page.sourcePath)
  }
  const config = 'wikigen.config.ts' as SourcePath
  check(site.config.site.image, 'site.image', config)
  check(site.config.theme.logo, 'theme.logo', config)
  check(site.config.theme.logoDark, 'theme.logoDark', config)
  check(site.config.site.icon || undefined, 'site.icon', config)
  return diagnostics
}

export interface RenderJobMaker {
  /** The render job of one page of the site; problems with its layout or sidebar go to `diagnostics`. */
  (sitePage: SitePage, diagnostics: Diagnostic[]): RenderJob
  /** A page's job without its input: what sitemap.xml, the output's claims and the route keys read. */
  shell(sitePage: SitePage): Omit<RenderJob, 'input'>
  /** The job of the generated 404 page (for sites without a 404 page of their own). */
  notFound(): RenderJob
  /** The job of the generated A–Z glossary (emit/glossary.ts), for sites without a glossary page. */
  glossary(): RenderJob | undefined
  /** The jobs of the tag pages (emit/tag-pages.ts). */
  tags(): RenderJob[]
  /** The jobs of the section pages (emit/way-finding.ts). */
  sections(): RenderJob[]
  /** The full-text search page (emit/fulltext-page.ts), unless a page has its URL. */
  fullText(): RenderJob | undefined
  /** The generated home page (emit/home-list.ts), for vaults without one. */
  home(): RenderJob | undefined
  /** The math stylesheet the routes with math link (emit/math-sheet.ts); none for a site without math. */
  mathSheet?: MathSheet
}

/** The routes a site gets that no page of its own provides: the home page, the 404 page, the A–Z glossary, … */
export function generatedJobs(site: Site, jobOf: RenderJobMaker, known?: KnownRoutes): RenderJob[] {
  const one = (job: RenderJob | undefined) => (job ? [job] : [])
  const kinds: [kind: string, make: () => RenderJob[]][] = [
    ['home', () => one(jobOf.home())],
    ['404', () => (site.bySlug.has('404') ? [] : [jobOf.notFound()])],
    ['glossary', () => one(jobOf.glossary())],
    ['tags', () => jobOf.tags()],
    ['sections', () => jobOf.sections()],
    ['full text', () => one(jobOf.fullText())],
  ]
  return kinds.flatMap(([kind, make]) => (known ? knownGenerated(kind, make, known) : make()))
}

/**
 * Makes render jobs for the pages of `site`; what all pages share (site props, asset URLs) is computed once, so the
 * dev server can make the job of one changed page without the others.
 */
export function createRenderJobMaker(site: Site, options: RenderJobOptions): RenderJobMaker {
  const { config } = site
  const assetUrl = createAssetUrl(config.site.base, site.assets)
  const findAsset = createAssetFinder(site.assets)
  const siteProps = createSiteProps(config, assetUrl, (value) => {
    const asset = findAsset(value)
    return asset?.size
  })
  const siteHead = siteHeadOf(site)
  const searchPage = fullTextHref(site)
  if (searchPage) siteProps.fullText = { href: searchPage, label: siteLabels(config).fullTextLink }
  // the site's own stylesheets come after the theme's (and KaTeX's), so that they win
  const siteStyles = config.theme.styles.flatMap((style) => assetUrl(style) ?? [])
  const withStyles = (styles: string[]): ClientAssets =>
    styles.length > 0 || siteStyles.length > 0
      ? { ...options.assets, styles: [...options.assets.styles, ...styles, ...siteStyles] }
      : options.assets
  const common = {
    site: siteProps,
    assets: withStyles([]),
    analytics: options.dev ? undefined : config.analytics,
  }
  // a route with math links KaTeX's stylesheet and the site's math rules; one object, so fingerprints JSON it once
  const mathSheet = mathSheetOf(site)
  const mathAssets = mathSheet && withStyles([...(options.assets.math ? [options.assets.math] : []), mathSheet.href])
  // a route with the authors' styled HTML but no math links the site's rules alone
  const styleAssets = mathSheet && withStyles([mathSheet.href])
  const breadcrumbs = createBreadcrumbs(site, siteLabels(site.config).home)
  const folderSidebar =
    config.theme.sidebar === 'folders' ? createFolderSidebar(site) : config.theme.sidebar === 'tree' ? siteTreeOf(site) : undefined
  const origin = originOf(config.site.hostname)
  const siteImage = siteImageOf(site)
  /** The picture of a page's link preview: front matter's image or cover, else its first image, else the site's. */
  const pictureOf = (sitePage: SitePage): string | undefined => {
    const named = previewImageOf(sitePage.page)
    const own = named && (URL_LIKE.test(named) ? named : findAsset(named) && assetUrl(named))
    if (own) return own
    const first = sitePage.page.firstImage
    if (typeof first === 'string') return first
    const resolved = first === undefined ? undefined : sitePage.resolved[first]
    return resolved?.kind === 'image' && resolved.src ? resolved.src : siteImage
  }
  // theme.graph off: nothing is computed, no page changes
  const graphOf = config.theme.graph ? createLocalGraphs(site, (p) => labelsForPage(config, p.page.frontmatter.lang)) : undefined
  const shellOf = (sitePage: SitePage): Omit<RenderJob, 'input'> => {
    const fm = sitePage.page.frontmatter
    const canonical = origin && sitePage.page.slug !== '404' && !hasOwnCanonical(fm.head) ? canonicalUrl(origin, sitePage.href) : undefined
    return {
      file: outputFileOf(sitePage.page.slug),
      bodyHash: sitePage.page.contentHash,
      bodyHashes: bodiesShown(sitePage.page.contentHash, sitePage.resolved),
      resolved: sitePage.resolved,
      ...(canonical ? { canonical } : {}),
      ...(config.theme.slots ? { frontmatter: { ...fm.known, ...fm.extra } } : {}),
    }
  }
  const jobOf = (sitePage: SitePage, diagnostics: Diagnostic[]): RenderJob => {
    const page = createPageProps(sitePage, config, options.git.get(sitePage.page.sourcePath), assetUrl)
    if (folderSidebar && page.sidebar?.kind === 'items') page.sidebar.items = folderSidebar(sitePage.href)
    const section = sitePage.page.frontmatter.section
    if (section && page.layout === 'Layout') page.sectionHref = sectionHrefOf(config.site.base, section)
    if (page.layout === 'Layout') page.breadcrumbs = breadcrumbs(sitePage)
    if (page.features.length > 0) page.features = withSectionLinks(site, page.features)
    const graph = graphOf && page.layout === 'Layout' ? graphOf(sitePage) : undefined
    if (graph) page.graph = graph
    if (
      page.sidebar?.kind === 'items' &&
      page.sidebar.items.length === 0 &&
      typeof config.theme.sidebar === 'object' &&
      sitePage.page.frontmatter.sidebar !== false
    ) {
      const configured = config.theme.sidebar
      if (!Object.keys(configured).some((prefix) => decodeURI(sitePage.href).startsWith(prefix))) {
        diagnostics.push({
          severity: 'warning',
          code: 'missing-sidebar',
          file: sitePage.page.sourcePath,
          line: 0,
          column: 0,
          message: `${decodeURI(sitePage.href)} is missing sidebar config`,
          hint: `Add a sidebar for this path to theme.sidebar in wikigen.config.ts, or a catch-all "/": "heading". The page shows an empty sidebar.`,
        })
      }
    }
    if (!(LAYOUTS as readonly string[]).includes(page.layout)) {
      diagnostics.push({
        severity: 'error',
        code: 'unknown-layout',
        file: sitePage.page.sourcePath,
        line: 1,
        column: 1,
        message: `Layout "${page.layout}" does not exist`,
        hint: `Use one of ${LAYOUTS.map((l) => `"${l}"`).join(', ')}, or remove "layout" from the front matter.`,
      })
      page.layout = 'Layout'
    }
    const fm = sitePage.page.frontmatter
    // front matter's description, else the start of the page's text (parse/summary.ts), else the site's
    const description = fm.description ?? sitePage.page.summary ?? config.site.description
    const social = socialTags({
      title: page.title,
      description,
      siteTitle: config.site.title,
      href: sitePage.href,
      hostname: origin,
      image: pictureOf(sitePage),
      type: sitePage.page.slug === '' ? 'website' : 'article',
    })
    const shell = shellOf(sitePage)
    const { canonical, bodyHashes } = shell
    const trail =
      page.breadcrumbs && breadcrumbJsonLd(page.breadcrumbs, { title: page.title || fm.title || '', href: sitePage.href }, origin)
    // the page's own record first: in the dev server's quick path an edited page is newer than the sheet's list
    const showsMath = mathAssets && (sitePage.page.mathStyles !== undefined || bodyHashes.some((hash) => mathSheet.mathBodies.has(hash)))
    const showsStyles =
      !showsMath && styleAssets && (sitePage.page.authorStyles !== undefined || bodyHashes.some((hash) => mathSheet.bodies.has(hash)))
    return {
      ...shell,
      input: {
        ...common,
        ...(showsMath ? { assets: mathAssets } : showsStyles ? { assets: styleAssets } : {}),
        page,
        lang: fm.lang ?? config.site.lang,
        documentTitle: page.title && sitePage.page.slug !== '' ? `${page.title} | ${config.site.title}` : config.site.title,
        description,
        head: [...siteHead, ...social, ...(canonical ? [canonicalTag(canonical)] : []), ...(trail ? [trail] : []), ...fm.head],
      },
    }
  }
  return Object.assign(jobOf, {
    shell: shellOf,
    notFound: () => notFoundJob(site, common),
    glossary: () => glossaryJob(site, common),
    tags: () => tagJobs(site, common),
    sections: () => sectionJobs(site, common),
    fullText: () => fullTextJob(site, common),
    home: () => homeJob(site, common),
    mathSheet,
  })
}

/**
 * The bodies of the pages that show a base or a query: those read every note's times, size, text and links, not just
 * its shape, so a route that shows one of them (also embedded) is made again whatever changed.
 */
export function evaluatedBodiesOf(site: Site): Set<string> {
  return new Set(site.pages.filter((p) => holdsBase(p) || holdsQuery(p)).map((p) => p.page.contentHash))
}

/** The bodies a route shows: its page's, and those of the pages it embeds, at any depth. */
export function bodiesShown(hash: string, resolved: readonly Resolved[]): string[] {
  if (!resolved.some((link) => link.kind === 'embed')) return [hash]
  const hashes = new Set<string>()
  const add = (contentHash: string, links: readonly Resolved[]) => {
    hashes.add(contentHash)
    // a note that embeds its own sections is among its embeds
    for (const link of links) if (link.kind === 'embed' && !hashes.has(link.embed)) add(link.embed, link.resolved)
  }
  add(hash, resolved)
  return [...hashes]
}

function notFoundJob(site: Site, common: Pick<DocumentInput, 'site' | 'assets' | 'analytics'>): RenderJob {
  const { config } = site
  const page: PageProps = {
    layout: 'NotFound',
    title: '',
    showTitle: false,
    href: hrefOf(`${config.site.base}404.html`),
    headers: [],
    sidebarDepth: 0,
    navbar: true,
    contributors: [],
    changelog: [],
    backToTop: false,
    features: [],
  }
  return {
    file: '404.html',
    bodyHashes: [],
    resolved: [],
    input: {
      ...common,
      page,
      lang: config.site.lang,
      documentTitle: `404 | ${config.site.title}`,
      description: config.site.description,
      head: siteHeadOf(site),
    },
  }
}

function glossaryJob(site: Site, common: CommonInput): RenderJob | undefined {
  const glossary = createGlossary(site)
  if (!glossary) return undefined
  const title = siteLabels(site.config).glossary
  const job = generatedJob(site, common, {
    file: `${GLOSSARY_SLUG}.html`,
    title,
    documentTitle: title,
    headers: glossary.headers,
    sidebar: { kind: 'heading' },
    sidebarDepth: 1,
    bodyHtml: glossary.bodyHtml,
  })
  const letters = glossaryLetters(glossary.headers)
  return letters ? { ...job, input: { ...job.input, page: { ...job.input.page, letters } } } : job
}

function homeJob(site: Site, common: CommonInput): RenderJob | undefined {
  const home = createHomeList(site)
  if (!home) return undefined
  const { title, base } = site.config.site
  const job = generatedJob(site, common, {
    file: 'index.html',
    href: hrefOf(base),
    title,
    documentTitle: title,
    headers: home.headers,
    sidebar: { kind: 'heading' },
    sidebarDepth: 1,
    bodyHtml: home.bodyHtml,
  })
  return { ...job, input: { ...job.input, documentTitle: title } }
}

function tagJobs(site: Site, common: CommonInput): RenderJob[] {
  const labels = siteLabels(site.config)
  const { pages, index } = createTagPages(site)
  const jobs = pages.map((tagPage) =>
    generatedJob(site, common, {
      file: tagPage.file,
      title: `#${tagPage.tag}`,
      documentTitle: `${labels.tagPage} #${tagPage.tag}`,
      bodyHtml: tagPage.bodyHtml,
    }),
  )
  if (index)
    jobs.push(
      generatedJob(site, common, { file: index.file, title: labels.allTags, documentTitle: labels.allTags, bodyHtml: index.bodyHtml }),
    )
  return jobs
}

function sectionJobs(site: Site, common: CommonInput): RenderJob[] {
  // with the site tree a section's list shows the tree too, its group open, and its kinds on the right
  const tree = site.config.theme.sidebar === 'tree' ? siteTreeOf(site) : undefined
  return createSectionPages(site).map((sectionPage) =>
    generatedJob(site, common, {
      file: sectionPage.file,
      title: sectionPage.section,
      documentTitle: `${siteLabels(site.config).sectionPage} ${sectionPage.section}`,
      bodyHtml: sectionPage.bodyHtml,
      headers: sectionPage.headers,
      ...(tree && { sidebar: { kind: 'items', items: tree(sectionPage.href) } }),
    }),
  )
}

/** The site tree of a site, made once for its pages and its section lists. */
const siteTrees = new WeakMap<Site, ReturnType<typeof createSiteTree>>()
function siteTreeOf(site: Site) {
  let tree = siteTrees.get(site)
  if (!tree) siteTrees.set(site, (tree = createSiteTree(site)))
  return tree
}

/**
 * The home page's features, each linked to its section's list: the section the feature names (`section:`), else the
 * section named like its title (case aside); a feature that names no section of the site stays plain.
 */
function withSectionLinks(site: Site, features: PageProps['features']): PageProps['features'] {
  const sections = new Map([...sectionsOf(site).keys()].map((name) => [name.normalize('NFC').toLowerCase(), name]))
  return features.map((feature) => {
    const section = sections.get((feature.section ?? feature.title).normalize('NFC').toLowerCase())
    return section ? { ...feature, href: sectionHrefOf(site.config.site.base, section) } : feature
  })
}

type CommonInput = Pick<DocumentInput, 'site' | 'assets' | 'analytics'>

/** The render job of a page the build makes itself (glossary, tag pages): a titled body in the normal layout. */
function generatedJob(
  site: Site,
  common: CommonInput,
  page: {
    file: string
    /** The route's href, when it is not the file's (the home page's is the base). */
    href?: string
    title: string
    documentTitle: string
    bodyHtml: string
    headers?: PageProps['headers']
    sidebar?: PageProps['sidebar']
    sidebarDepth?: number
  },
): RenderJob {
  const { config } = site
  const href = page.href ?? hrefOf(`${config.site.base}${page.file}`)
  const origin = originOf(config.site.hostname)
  const canonical = origin && canonicalUrl(origin, href)
  const social = socialTags({
    title: page.title,
    description: config.site.description,
    siteTitle: config.site.title,
    href,
    hostname: origin,
    image: siteImageOf(site),
    type: 'website',
  })
  const props: PageProps = {
    layout: 'Layout',
    title: page.title,
    showTitle: true,
    href,
    headers: page.headers ?? [],
    sidebar: page.sidebar,
    sidebarDepth: page.sidebarDepth ?? 0,
    navbar: true,
    contributors: [],
    changelog: [],
    backToTop: true,
    features: [],
  }
  return {
    file: page.file,
    bodyHashes: [],
    resolved: [],
    bodyHtml: page.bodyHtml,
    ...(canonical ? { canonical } : {}),
    input: {
      ...common,
      page: props,
      lang: config.site.lang,
      documentTitle: `${page.documentTitle} | ${config.site.title}`,
      description: config.site.description,
      head: [...siteHeadOf(site), ...social, ...(canonical ? [canonicalTag(canonical)] : [])],
    },
  }
}

function fullTextJob(site: Site, common: CommonInput): RenderJob | undefined {
  const href = fullTextHref(site)
  if (!href) return undefined
  const title = siteLabels(site.config).fullTextTitle
  const job = generatedJob(site, common, {
    file: `${fullTextSlug(site.config.site.lang)}.html`,
    title,
    documentTitle: title,
    bodyHtml: fullTextPageBody(site, href),
  })
  // a search page is no content of its own for search engines to list
  return { ...job, unlisted: true }
}

const URL_LIKE = /^https?:\/\//i

/** The site's default preview picture (`site.image`) as a URL or a path from the host; undefined without one. */
const siteImages = new WeakMap<Site, string | undefined>()
function siteImageOf(site: Site): string | undefined {
  if (siteImages.has(site)) return siteImages.get(site)
  const { image } = site.config.site
  const url =
    !image || leavesContentFolder(image)
      ? undefined
      : URL_LIKE.test(image)
        ? image
        : createAssetFinder(site.assets)(image) && createAssetUrl(site.config.site.base, site.assets)(image)
  siteImages.set(site, url || undefined)
  return url || undefined
}

/**
 * A digest of the parts every job of a site shares (the site's props, the client's assets), made once per pair rather
 * than hashed again into each route's fingerprint: the site's props alone are some kilobytes, times every route.
 */
const sharedDigests = new WeakMap<object, WeakMap<object, string>>()
function sharedDigest(site: object, assets: object): string {
  let bySite = sharedDigests.get(site)
  if (!bySite) sharedDigests.set(site, (bySite = new WeakMap()))
  let digest = bySite.get(assets)
  if (digest === undefined) {
    digest = createHash('sha1').update(JSON.stringify(site)).update('\0').update(JSON.stringify(assets)).digest('base64')
    bySite.set(assets, digest)
  }
  return digest
}

/**
 * A JSON replacer that writes each list of resolved links once: a note embedding its own sections points at its own
 * list (link/embeds.ts), which JSON cannot write twice over. Deterministic, so equal routes keep equal fingerprints.
 */
function withoutRepeats(root: readonly Resolved[]): (key: string, value: unknown) => unknown {
  const seen = new Set<unknown>([root])
  return (key, value) => {
    if (key !== 'resolved' || !Array.isArray(value)) return value
    if (seen.has(value)) return '(shown above)'
    seen.add(value)
    return value
  }
}

/** `value` as JSON; a replacer (which makes JSON.stringify several times slower) only for the rare circular route. */
function routeJson(value: unknown, resolved: readonly Resolved[]): string {
  try {
    return JSON.stringify(value)
  } catch {
    return JSON.stringify(value, withoutRepeats(resolved))
  }
}

/** What a route's HTML depends on: equal fingerprints (with the same salt) mean equal bytes. */
export function fingerprintOf(job: RenderJob, salt = ''): string {
  const { site, assets, ...own } = job.input
  return createHash('sha1')
    .update(salt)
    .update(sharedDigest(site, assets))
    .update(routeJson([job.file, job.bodyHash, job.bodyHtml, job.resolved, own], job.resolved))
    .digest('base64')
}

/** Renders one job to its HTML, with the site's theme slots when it has some. */
export function renderJob(job: RenderJob, bodies: BodyLookup, slots?: SlotRenderer): string {
  const bodyHtml =
    job.bodyHash === undefined ? (job.bodyHtml ?? '') : substituteLinks(bodies(job.bodyHash), job.resolved, bodies, job.input.site.labels)
  const slug = job.file === 'index.html' ? '' : job.file.replace(/\.html$/, '')
  return renderDocument({ ...job.input, bodyHtml }, slots && { renderer: slots, slug, frontmatter: job.frontmatter })
}
