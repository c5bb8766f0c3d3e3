/**
 * Evaluates the Obsidian bases of a linked site: every view of every `.base` page and ```base block, over the site's
 * notes. The notes are turned into records once (front matter, tags, resolved links, embeds and backlinks, times from
 * git or the file system) and each view passes over them once, so the cost is views × notes, never notes × notes. A
 * site without bases pays nothing. Runs after linking, since a base lists pages by what they link to, and after git,
 * for `file.mtime` and `file.ctime`.
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { evaluateView, renderView, renderViewTabs, type BaseProblem, type BaseRecord, type RenderLabels } from '../parse/bases/index.js'
import { propertyNamesOf } from '../parse/bases/evaluate.js'
import { intlLocaleOf, siteLabels, zoneNameAt } from '../config/site-labels.js'
import type { ResolvedConfig } from '../config/config.js'
import { fillLabel, type Labels } from '../../shared/labels.js'
import { localeOf } from '../../shared/locales.js'
import type { Diagnostic } from '../diagnostics.js'
import type { GitInfo } from '../discover/git-info.js'
import { createPublishable, resolveLink } from './link-resolution.js'
import { propertyDisplayNames } from './page-relations.js'
import { pageHrefs } from './routes.js'
import type { Resolved, Site, SitePage } from './link-site.js'
import { placeholderOf, type PageLink } from '../parse/page.js'
import type { SourcePath } from '../paths.js'
import { holdsLinkOf } from './link-kinds.js'

/** When a file was last changed and created, in ms, and its size in bytes (read when a base asks); undefined where unknown. */
export type FileTimes = (path: SourcePath) => { mtime?: number; ctime?: number; readonly size?: number }

/** Times from git where the file is in git (newest and oldest commit), else from the file system under `root`. */
export function fileTimes(root: string, git: ReadonlyMap<SourcePath, GitInfo>): FileTimes {
  return (path) => {
    const info = git.get(path)
    if (info) {
      const oldest = info.changelog.length > 0 ? Math.min(...info.changelog.map((entry) => entry.time)) : info.updatedTime
      return {
        mtime: info.updatedTime,
        ctime: oldest,
        get size() {
          return statSync(join(root, path), { throwIfNoEntry: false })?.size
        },
      }
    }
    const stat = statSync(join(root, path), { throwIfNoEntry: false })
    return stat ? { mtime: stat.mtimeMs, ctime: stat.birthtimeMs || stat.mtimeMs, size: stat.size } : {}
  }
}

const BASE_SOURCE = /\.base$/i

/** Whether a page has a base of its own (a ```base block, or it is a `.base` file), which evaluateBases fills in. */
export function holdsBase(sitePage: SitePage): boolean {
  return holdsLinkOf(sitePage.page, 'base')
}

/**
 * Fills in the views of every base of `site` (in place) and returns the problems found evaluating them, which also
 * replace those of the previous evaluation in `site.diagnostics`.
 */
export function evaluateBases(site: Site, times: FileTimes, now = Date.now()): Diagnostic[] {
  const kept = site.diagnostics.filter((d) => d.code !== 'base-expression')
  site.diagnostics.length = 0
  site.diagnostics.push(...kept)
  const holders = site.pages.filter(holdsBase)
  if (holders.length === 0) return []

  const records = createRecords(site, times)
  const recordOf = new Map(site.pages.map((p) => [p, records.get(p)]))
  const byPath = new Map([...records.values()].map((record) => [record.path, record]))
  const diagnostics: Diagnostic[] = []
  const reported = new Set<string>()
  const report = (page: SitePage, problem: BaseProblem) => {
    const key = `${page.page.sourcePath}:${problem.line}:${problem.column}:${problem.message}`
    if (reported.has(key)) return
    reported.add(key)
    diagnostics.push({
      severity: 'warning',
      code: 'base-expression',
      file: page.page.sourcePath,
      line: problem.line,
      column: problem.column,
      message: problem.message,
      hint: problem.hint,
    })
  }
  const notes = [...records.values()]
  const propertyNames = propertyNamesOf(notes)
  const labels = siteLabels(site.config)
  const renderLabels = viewLabels(labels)
  // a column of a note property without a displayName of its own takes the name theme.properties gives it
  const columns: Record<string, string> = { ...labels.basesColumns }
  for (const [key, name] of propertyDisplayNames(site.config)) columns[key] = columns[`note.${key}`] = name
  const lang = site.config.site.lang
  // German sites write dates 01.05.2024 (the views' own format); others as their language does; a time names the zone
  const formatDate = withZone(site.config, localeOf(lang).name === 'en' ? intlDateFormat(lang) : germanDate)
  const images = imageResolver(site)
  /** A link's views; those of a ```base block with several views as tabs, named on the page by `tabsId`. */
  const evaluateLink = (holder: SitePage, link: PageLink, self: BaseRecord | undefined, tabsId?: string): Resolved => {
    const base = link.base!
    const views = link.view !== undefined ? [link.view] : base.views.length > 0 ? base.views.map((_, i) => i) : [undefined]
    const rendered = views.map((view) => {
      const { view: result, problems } = evaluateView(base, view, notes, {
        resolve: (target) => resolveTarget(site, holder, target),
        record: (path) => byPath.get(path),
        resolveImage: (target) => images(holder, target),
        propertyNames,
        self,
        now,
        timeZone: site.config.site.timeZone,
        locale: lang,
        labels: {
          columns,
          noValue: labels.basesNoValue,
          error: labels.basesCellError,
          summaries: labels.basesSummaries,
        },
        formatDate,
      })
      for (const problem of problems) report(holder, problem)
      return renderView(result, renderLabels)
    })
    if (rendered.length < 2 || tabsId === undefined) return { kind: 'base', html: rendered.join('') }
    const panels = rendered.map((html, i) => ({ label: base.views[i].name || `${renderLabels.views[base.views[i].type]} ${i + 1}`, html }))
    return { kind: 'base', html: renderViewTabs(panels, (i) => `${tabsId}-${i + 1}`, labels.basesViews) }
  }

  for (const holder of holders) {
    // a ```base block's `this` is the page it is written in; a base's own page is the base file itself
    const self = BASE_SOURCE.test(holder.page.sourcePath) ? baseRecord(holder) : recordOf.get(holder)
    // ids of a block's tabs: by the page and the block, so a page embedding another keeps them apart
    const pageKey = shortHash(holder.page.sourcePath)
    holder.page.links.forEach((link, i) => {
      if (link.kind === 'base') holder.resolved[i] = evaluateLink(holder, link, self, `base-${pageKey}-${i}`)
    })
  }
  // an embedded base (![[Kunden.base]]) is evaluated for the page that embeds it: `this` is that page; it shows its
  // first view, or the one its anchor names (![[Kunden.base#Alle]]), as Obsidian does
  const byHash = new Map(holders.map((p) => [p.page.contentHash, p]))
  for (const page of site.pages) {
    for (const resolved of page.resolved) {
      if (resolved.kind !== 'embed') continue
      const target = byHash.get(resolved.embed)
      if (!target || !BASE_SOURCE.test(target.page.sourcePath)) continue
      const baseLinks = target.page.links.flatMap((link, index) => (link.kind === 'base' ? [index] : []))
      if (baseLinks.length === 0) continue
      const fragmentAt = resolved.fragment ? target.page.fragments.findIndex((f) => f.id === resolved.fragment!.id) : 0
      const shown = baseLinks[Math.max(0, Math.min(fragmentAt, baseLinks.length - 1))]
      const self = recordOf.get(page) ?? embeddingRecord(page)
      resolved.resolved = target.page.links.map((link, index) =>
        index === shown ? evaluateLink(target, link, self) : link.kind === 'base' ? { kind: 'base', html: '' } : target.resolved[index],
      )
      resolved.fragment = { id: resolved.fragment?.id ?? '', html: placeholderOf(shown) }
    }
  }
  site.diagnostics.push(...diagnostics)
  return diagnostics
}

/** Eight letters and digits from `text` (FNV-1a): a short, stable part of an id. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36)
}

/** The record of a `.base` page itself: `this` on its own page (`this.file.folder` is the base's folder). */
function baseRecord({ page, href }: SitePage): BaseRecord {
  return { path: page.sourcePath, title: page.title, href, tags: [], links: [], properties: {} }
}

/** The record of a page that embeds a base but is no note (a canvas): its file, without front matter. */
function embeddingRecord({ page, href, tags }: SitePage): BaseRecord {
  return { path: page.sourcePath, title: page.title, href, tags, links: [], properties: {} }
}

/** A base's records: the notes of the site (not other bases or canvases), in site order. */
function createRecords(site: Site, times: FileTimes): Map<SitePage, BaseRecord> {
  const byHref = new Map(site.pages.map((p) => [p.href, p.page.sourcePath]))
  const records = new Map<SitePage, BaseRecord>()
  const backlinks = new Map<string, Set<string>>()
  const assetPath = (href: string) => safeDecode(href).slice(site.config.site.base.length)
  for (const sitePage of site.pages) {
    const { page } = sitePage
    if (!/\.md$/i.test(page.sourcePath)) continue
    const links = new Set<string>()
    const embeds = new Set<string>()
    sitePage.resolved.forEach((resolved, i) => {
      let target: string | undefined
      if (resolved.kind === 'page' || resolved.kind === 'embed') target = byHref.get(resolved.href.replace(/#.*$/, ''))
      else if (resolved.kind === 'asset') target = assetPath(resolved.href)
      else if (resolved.kind === 'image') target = assetPath(resolved.src)
      if (target === undefined) return
      links.add(target)
      const link = page.links[i]
      if (link && (link.kind === 'embed' || (link.kind === 'image' && link.syntax === 'wiki'))) embeds.add(target)
    })
    const properties = propertiesOf(sitePage)
    // links in front matter are links too (`kunde: "[[Muster AG]]"`)
    for (const text of wikiTexts(properties)) {
      const target = resolveTarget(site, sitePage, text)
      if (target) links.add(target)
    }
    for (const target of links) {
      let from = backlinks.get(target)
      if (!from) backlinks.set(target, (from = new Set()))
      from.add(page.sourcePath)
    }
    const info = times(page.sourcePath)
    records.set(sitePage, {
      path: page.sourcePath,
      title: page.title,
      href: sitePage.href,
      tags: sitePage.tags,
      links: [...links],
      embeds: [...embeds],
      ...(info.mtime !== undefined ? { mtime: info.mtime } : {}),
      ...(info.ctime !== undefined ? { ctime: info.ctime } : {}),
      // a stat of the file, only when a base reads file.size
      get size() {
        return info.size
      },
      properties,
    })
  }
  for (const record of records.values()) {
    const from = backlinks.get(record.path)
    ;(record as { backlinks?: readonly string[] }).backlinks = from ? [...from].filter((path) => path !== record.path) : []
  }
  return records
}

const WIKI_TEXT = /^\s*!?\[\[[^\]]+\]\]\s*$/

/** The `[[…]]` texts among a note's front-matter values and list items. */
function wikiTexts(properties: Record<string, unknown>): string[] {
  const found: string[] = []
  for (const value of Object.values(properties)) {
    if (typeof value === 'string' && WIKI_TEXT.test(value)) found.push(value.replace(/^\s*!/, ''))
    else if (Array.isArray(value))
      for (const item of value) if (typeof item === 'string' && WIKI_TEXT.test(item)) found.push(item.replace(/^\s*!/, ''))
  }
  return found
}

function safeDecode(href: string): string {
  try {
    return decodeURI(href)
  } catch {
    return href
  }
}

/** A note's front matter as a base sees it: every key as written, the ones wikigen reads itself included. */
function propertiesOf({ page }: SitePage): Record<string, unknown> {
  const fm = page.frontmatter
  const properties: Record<string, unknown> = Object.create(null)
  if (fm.known) for (const key of Object.keys(fm.known)) properties[key] = fm.known[key]
  for (const key of Object.keys(fm.extra)) properties[key] = fm.extra[key]
  return properties
}

/** The source path of the page a base's link value names, as the holder's own links would find it. */
function resolveTarget(site: Site, holder: SitePage, target: string): string | undefined {
  const match = /^\[\[([^\]|#]*)/.exec(target.trim())
  const name = (match ? match[1] : target).trim()
  if (name === '') return undefined
  const probe: PageLink = { kind: 'link', syntax: 'wiki', target: name, line: 0, column: 0 }
  return site.index.findPage(probe, holder.page)?.sourcePath
}

/**
 * The URL of an image a base shows (a card's cover, `image(…)`), found as the holder's own `![[…]]` would find it;
 * the file is then published with the site. Undefined when there is no such file.
 */
function imageResolver(site: Site): (holder: SitePage, target: string) => string | undefined {
  const used = new Set(site.assets)
  const context = {
    index: site.index,
    base: site.config.site.base,
    hrefOfPage: pageHrefs(site.config.site.base),
    diagnostics: [] as Diagnostic[],
    used,
    publishable: createPublishable(site.config),
  }
  const cache = new Map<string, string | undefined>()
  return (holder, target) => {
    const key = `${holder.page.sourcePath}\u0000${target}`
    if (cache.has(key)) return cache.get(key)
    const probe: PageLink = { kind: 'image', syntax: 'wiki', target, line: 0, column: 0 }
    const before = used.size
    const resolved = resolveLink(probe, holder.page, context)
    const src = resolved.kind === 'image' ? resolved.src : undefined
    // a file only a base shows is published too
    if (used.size > before) site.assets.push(...[...used].slice(before))
    cache.set(key, src)
    return src
  }
}

/** The texts around a view, in the site's language. */
function viewLabels(labels: Labels): RenderLabels {
  return {
    count: (total) => fillLabel(total === 1 ? labels.basesCountOne : labels.basesCount, { count: total }),
    limited: (shown, total) => fillLabel(labels.basesLimited, { shown, total }),
    empty: labels.basesEmpty,
    views: { table: labels.basesTable, cards: labels.basesCards, list: labels.basesList, map: labels.basesMap },
    yes: labels.basesYes,
    no: labels.basesNo,
    noCoordinates: labels.basesNoCoordinates,
  }
}

/** A cell's date as the views write it in German: '01.05.2024', '01.05.2024, 14:30'. */
function germanDate(iso: string, hasTime: boolean): string {
  const [, year, month, day, time] = /^(\d+)-(\d\d)-(\d\d)(?:T(\d\d:\d\d))?/.exec(iso) ?? []
  if (!year) return iso
  return hasTime && time ? `${day}.${month}.${year}, ${time}` : `${day}.${month}.${year}`
}

/** A cell's date with, for a time, the site zone's name: '01.05.2024, 14:30 MESZ'; the time is that zone's already. */
function withZone(config: ResolvedConfig, format: (iso: string, hasTime: boolean) => string): (iso: string, hasTime: boolean) => string {
  return (iso, hasTime) => {
    const text = format(iso, hasTime)
    if (!hasTime) return text
    const wallClock = Date.parse(`${iso}Z`)
    return Number.isNaN(wallClock) ? text : `${text} ${zoneNameAt(config, wallClock)}`
  }
}

/**
 * Dates of a view's cells as `lang` writes them ('May 1, 2024', 'May 1, 2024, 2:30 PM'). The cell's time is the
 * wall-clock time it already is in the site's zone, so it is formatted as UTC, unchanged.
 */
function intlDateFormat(lang: string): (iso: string, hasTime: boolean) => string {
  const locale = intlLocaleOf(lang)
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
  return (iso, hasTime) => (hasTime ? time : day).format(new Date(`${iso}${hasTime ? '' : 'T00:00'}Z`))
}
