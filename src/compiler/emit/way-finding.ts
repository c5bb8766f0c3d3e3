/**
 * Where a page stands in the site, for readers who land on it from a search or a link: one list page per section
 * (front matter `section`) at /sections/{section}.html, which the page's section badge links to, and breadcrumbs
 * (Home › Section) from the page's `section`, else from its folders. A folder links to its folder note, the
 * page named like the folder inside it (Obsidian's convention: `Odoo/Odoo.md`), when there is one. With
 * `theme.sidebar: 'tree'` the sidebar is the site tree: the sections as collapsible groups (createSiteTree).
 */
import { siteLabels } from '../config/site-labels.js'
import { escapeHtml } from '../html.js'
import type { Site, SitePage } from '../link/link-site.js'
import { byOrderThenTitle } from '../link/prev-next.js'
import { hrefOf } from '../paths.js'
import { createHeadingSlugger, slugifyPageName } from '../parse/slugify.js'
import type { Heading, SidebarLink } from '../../theme/index.js'

export interface SectionPage {
  section: string
  /** Output file from the site's base: 'sections/hosting.html'. */
  file: string
  href: string
  bodyHtml: string
  /** One h2 per kind of page, for the sidebar and the outline. */
  headers: Heading[]
}

export interface Breadcrumb {
  text: string
  /** Absent for a folder without a folder note. */
  href?: string
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

export const sectionFileOf = (section: string) => `sections/${slugifyPageName(section) || '-'}.html`
export const sectionHrefOf = (base: string, section: string) => hrefOf(`${base}${sectionFileOf(section)}`)

/** The pages of each section, in the section's order (front matter `order`, then title); sections by name. */
export function sectionsOf(site: Site): Map<string, SitePage[]> {
  const sections = new Map<string, SitePage[]>()
  for (const sitePage of site.pages) {
    const section = sitePage.page.frontmatter.section
    if (!section) continue
    let pages = sections.get(section)
    if (!pages) sections.set(section, (pages = []))
    pages.push(sitePage)
  }
  for (const pages of sections.values()) pages.sort(byOrderThenTitle)
  return new Map([...sections].sort(([a], [b]) => collator.compare(a, b)))
}

/**
 * The section pages of `site`, in section order: the section's pages grouped by their kind (front matter `kind`:
 * Anleitung, Referenz, …; kinds by name, pages of no kind last), each page with its `description`, in the section's
 * order within its kind.
 */
export function createSectionPages(site: Site): SectionPage[] {
  const other = siteLabels(site.config).sectionOtherPages
  return [...sectionsOf(site)].map(([section, pages]) => {
    const kinds = new Map<string, SitePage[]>()
    for (const sitePage of pages) {
      const kind = sitePage.page.frontmatter.kind?.trim() || ''
      let members = kinds.get(kind)
      if (!members) kinds.set(kind, (members = []))
      members.push(sitePage)
    }
    const ordered = [...kinds].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : collator.compare(a, b)))
    const slugger = createHeadingSlugger()
    const headers: Heading[] = []
    const bodyHtml = ordered
      .map(([kind, members]) => {
        const title = kind || other
        const slug = slugger(title)
        headers.push({ level: 2, title, slug, link: `#${slug}`, children: [] })
        const items = members
          .map(({ page, href }) => {
            const description = page.frontmatter.description?.trim()
            const link = `<a href="${escapeHtml(href)}">${escapeHtml(page.title)}</a>`
            return `<li>${link}${description ? `<p class="section-page-description">${escapeHtml(description)}</p>` : ''}</li>`
          })
          .join('')
        return `<h2 id="${escapeHtml(slug)}">${escapeHtml(title)}</h2><ul class="section-page-list">${items}</ul>`
      })
      .join('')
    return { section, file: sectionFileOf(section), href: sectionHrefOf(site.config.site.base, section), bodyHtml, headers }
  })
}

/**
 * The breadcrumbs of a page of `site`: Home, then the page's section (linking to its list) or its folders (linking to
 * their folder notes). The page itself is not among them: its title stands right below, and the trail says where it
 * stands, not what it is. None for the home page, nor for a page right below it, whose trail would be Home alone,
 * which the navbar's brand already is. Made for a page when asked: a warm build asks for the pages it renders.
 */
export function createBreadcrumbs(site: Site, homeText: string): (sitePage: SitePage) => Breadcrumb[] | undefined {
  const base = site.config.site.base
  const home = hrefOf(base)
  let folderNotes: Map<string, string> | undefined
  /** Folder → the href of its folder note. */
  const folderNotesOf = () => {
    if (folderNotes) return folderNotes
    folderNotes = new Map()
    for (const { page, href } of site.pages) {
      const parts = page.sourcePath.replace(/\.(md|base|canvas)$/i, '').split('/')
      if (parts.length >= 2 && parts.at(-1)!.toLowerCase() === parts.at(-2)!.toLowerCase())
        folderNotes.set(parts.slice(0, -1).join('/'), href)
    }
    return folderNotes
  }
  return ({ page, href }) => {
    if (href === home) return undefined
    const trail: Breadcrumb[] = [{ text: homeText, href: home }]
    const section = page.frontmatter.section
    if (section) trail.push({ text: section, href: sectionHrefOf(base, section) })
    else {
      const folders = page.sourcePath.split('/').slice(0, -1)
      folders.forEach((folder, i) => {
        const note = folderNotesOf().get(folders.slice(0, i + 1).join('/'))
        // a folder note is the folder: its own trail ends with the folder's parent
        if (note === href) return
        trail.push(note ? { text: folder, href: note } : { text: folder })
      })
    }
    // a section or folder named like the page would repeat its title all the same
    if (trail.length > 1 && collator.compare(trail.at(-1)!.text, page.title) === 0) trail.pop()
    return trail.length > 1 ? trail : undefined
  }
}

interface FolderNode {
  name: string
  /** The folder's path in the content folder: 'Anleitungen/Server'. */
  path: string
  /** The folder note's href, if the folder has one. */
  href?: string
  folders: Map<string, FolderNode>
  pages: { title: string; href: string; path: string }[]
}

/**
 * The site's folders as a sidebar (theme.sidebar 'folders'), for vaults that want a navigation tree instead of each
 * page's headings: the top-level folders and pages, and, along the way to the page shown, every folder opened on
 * its subfolders and pages. A folder links to its folder note, else to its first page. Only the path to the page
 * is opened, so a page carries a few dozen links, not the whole site's. Folders come first, each by name, unless
 * `theme.folderSidebar` (or the vault's Obsidian Publish navigation) orders them: the items it names come first, in
 * its order, and the items it hides are left out, folders with all they hold (their pages stay published).
 */
export function createFolderSidebar(site: Site): (href: string) => SidebarLink[] {
  const home = hrefOf(site.config.site.base)
  const { order = [], hidden = [] } = site.config.theme.folderSidebar ?? {}
  const rankOf = new Map<string, number>()
  order.forEach((path, i) => {
    const key = path.normalize('NFC').replace(/^\/+|\/+$/g, '')
    if (!rankOf.has(key)) rankOf.set(key, i)
  })
  const hiddenPaths = new Set(hidden.map((path) => path.normalize('NFC').replace(/^\/+|\/+$/g, '')))
  // a note is named with its extension or without (`Notiz.md`, `Notiz`)
  const named = <T>(map: { get(key: string): T | undefined }, path: string) => map.get(path) ?? map.get(path.replace(/\.md$/i, ''))
  const isHidden = (path: string) => hiddenPaths.size > 0 && (hiddenPaths.has(path) || hiddenPaths.has(path.replace(/\.md$/i, '')))
  const root: FolderNode = { name: '', path: '', folders: new Map(), pages: [] }
  const pathOf = new Map<string, string[]>()
  for (const { page, href } of site.pages) {
    if (href === home) continue
    const parts = page.sourcePath.replace(/\.(md|base|canvas)$/i, '').split('/')
    const folders = parts.slice(0, -1)
    pathOf.set(href, folders)
    if (isHidden(page.sourcePath) || folders.some((_, i) => isHidden(folders.slice(0, i + 1).join('/')))) continue
    let node = root
    for (const folder of folders) {
      let next = node.folders.get(folder)
      if (!next)
        node.folders.set(
          folder,
          (next = { name: folder, path: node.path ? `${node.path}/${folder}` : folder, folders: new Map(), pages: [] }),
        )
      node = next
    }
    if (folders.length > 0 && parts.at(-1)!.toLowerCase() === folders.at(-1)!.toLowerCase()) node.href = href
    else node.pages.push({ title: page.title, href, path: page.sourcePath })
  }
  /** Folders, then pages, each by name; then, stably, what the order names before what it does not. */
  type Item =
    { folder: FolderNode; page?: undefined; rank?: number } | { folder?: undefined; page: FolderNode['pages'][number]; rank?: number }
  const ordered = (node: FolderNode): Item[] => {
    const items: Item[] = [
      ...[...node.folders.values()]
        .sort((a, b) => collator.compare(a.name, b.name))
        .map((folder) => ({ folder, rank: rankOf.get(folder.path) })),
      ...[...node.pages].sort((a, b) => collator.compare(a.title, b.title)).map((page) => ({ page, rank: named(rankOf, page.path) })),
    ]
    return rankOf.size === 0 ? items : items.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity))
  }
  /** A folder's folder note, else its first page: by the order where it names one, else its own pages before its folders'. */
  const firstPage = (node: FolderNode): string | undefined => {
    if (node.href) return node.href
    const items = ordered(node)
    const pagesFirst = rankOf.size === 0 ? [...items.filter((item) => item.page), ...items.filter((item) => item.folder)] : items
    return pagesFirst.map((item) => (item.page ? item.page.href : firstPage(item.folder!))).find(Boolean)
  }

  const itemsOf = (node: FolderNode, open: readonly string[], current: string): SidebarLink[] =>
    ordered(node).map((item): SidebarLink => {
      if (item.folder) {
        const folder = item.folder
        const onPath = open[0] === folder.name
        const children = onPath ? itemsOf(folder, open.slice(1), current) : []
        const href = folder.href ?? firstPage(folder)
        return { text: folder.name, href, active: href === current && folder.href === current, collapsible: false, open: onPath, children }
      }
      const page = item.page!
      return { text: page.title, href: page.href, active: page.href === current, collapsible: false, open: true, children: [] }
    })
  return (href) => itemsOf(root, pathOf.get(href) ?? [], href)
}

interface TreeGroup {
  text: string
  /** The section's list, or the folder's folder note. */
  href?: string
  /** The folder note, when `href` is one. */
  note?: SitePage
  pages: SitePage[]
  groups: Map<string, TreeGroup>
}

/**
 * The site tree (theme.sidebar 'tree'): one collapsible group per section (front matter `section`), holding its pages in the section's order (which prev/next follow); a page without a section
 * sits in a group of its top-level folder (the group of the section of that name, where there is one), its
 * subfolders as groups inside, each led by its folder note; pages at the top without a section come last. A
 * group's link (the section's list, "Übersicht", or the folder note) is its first item, not its summary.
 * Every page carries the whole tree, so that a group opens without a request; the group holding the page shown is
 * open, the others closed, and the page is marked.
 */
export function createSiteTree(site: Site): (href: string) => SidebarLink[] {
  const base = site.config.site.base
  const home = hrefOf(base)
  const groupOf = (groups: Map<string, TreeGroup>, text: string) => {
    const key = text.normalize('NFC').toLowerCase()
    let group = groups.get(key)
    if (!group) groups.set(key, (group = { text, pages: [], groups: new Map() }))
    return group
  }
  const top = new Map<string, TreeGroup>()
  const loose: SitePage[] = []
  for (const [section, pages] of sectionsOf(site)) {
    const group = groupOf(top, section)
    group.href = sectionHrefOf(base, section)
    group.pages.push(...pages.filter((p) => p.href !== home))
  }
  for (const sitePage of site.pages) {
    if (sitePage.page.frontmatter.section || sitePage.href === home) continue
    const parts = sitePage.page.sourcePath.replace(/\.(md|base|canvas)$/i, '').split('/')
    const folders = parts.slice(0, -1)
    if (folders.length === 0) {
      loose.push(sitePage)
      continue
    }
    let group = groupOf(top, folders[0])
    for (const folder of folders.slice(1)) group = groupOf(group.groups, folder)
    // a folder note is the folder's link (when no section list took that place), not one of its pages
    if (parts.at(-1)!.toLowerCase() === folders.at(-1)!.toLowerCase() && !group.href) {
      group.href = sitePage.href
      group.note = sitePage
    } else group.pages.push(sitePage)
  }

  const byText = (a: TreeGroup, b: TreeGroup) => collator.compare(a.text, b.text)
  const sortGroup = (group: TreeGroup) => {
    // a section's own pages in its order first (which prev/next follow), then the pages its folder adds
    group.pages.sort((a, b) => Number(!a.page.frontmatter.section) - Number(!b.page.frontmatter.section) || byOrderThenTitle(a, b))
    group.groups = new Map([...group.groups].sort(([, a], [, b]) => byText(a, b)))
    group.groups.forEach(sortGroup)
  }
  top.forEach(sortGroup)
  const link = (p: SitePage, current: string): SidebarLink => ({
    text: p.page.title,
    href: p.href,
    active: p.href === current,
    collapsible: false,
    open: true,
    children: [],
  })
  const overview = siteLabels(site.config).sectionOverview
  const itemOf = (group: TreeGroup, current: string): SidebarLink => {
    // the group's own link comes first inside it: a summary that were a link too would be two controls in one
    const own: SidebarLink[] = group.href
      ? [
          {
            text: group.note?.page.title ?? overview,
            href: group.href,
            active: group.href === current,
            collapsible: false,
            open: true,
            children: [],
          },
        ]
      : []
    const children = [...own, ...group.pages.map((p) => link(p, current)), ...[...group.groups.values()].map((g) => itemOf(g, current))]
    const open = children.some((c) => c.active || (c.collapsible && c.open))
    return { text: group.text, active: false, collapsible: true, open, children }
  }
  const groups = [...top.values()].sort(byText)
  loose.sort(byOrderThenTitle)
  return (current) => [...groups.map((g) => itemOf(g, current)), ...loose.map((p) => link(p, current))]
}
