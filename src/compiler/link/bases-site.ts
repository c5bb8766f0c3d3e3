/**
 * Evaluates the Obsidian bases of a linked site: every view of every `.base` page and ```base block, over the site's
 * notes. The notes are turned into records once (front matter, tags, resolved links, times from git or the file
 * system) and each view passes over them once, so the cost is views × notes, never notes × notes. A site without
 * bases pays nothing. Runs after linking, since a base lists pages by what they link to, and after git, for
 * `file.mtime` and `file.ctime`.
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { evaluateView, renderView, type BaseProblem, type BaseRecord, type RenderLabels } from '../parse/bases/index.js'
import { intlLocaleOf, siteLabels } from '../config/site-labels.js'
import { fillLabel, type Labels } from '../../shared/labels.js'
import { localeOf } from '../../shared/locales.js'
import type { Diagnostic } from '../diagnostics.js'
import type { GitInfo } from '../discover/git-info.js'
import type { Resolved, Site, SitePage } from './link-site.js'
import type { PageLink } from '../parse/page.js'
import type { SourcePath } from '../paths.js'

/** When a file was last changed and created, in ms; undefined where unknown. */
export type FileTimes = (path: SourcePath) => { mtime?: number; ctime?: number }

/** Times from git where the file is in git (newest and oldest commit), else from the file system under `root`. */
export function fileTimes(root: string, git: ReadonlyMap<SourcePath, GitInfo>): FileTimes {
  return (path) => {
    const info = git.get(path)
    if (info) {
      const oldest = info.changelog.length > 0 ? Math.min(...info.changelog.map((entry) => entry.time)) : info.updatedTime
      return { mtime: info.updatedTime, ctime: oldest }
    }
    const stat = statSync(join(root, path), { throwIfNoEntry: false })
    return stat ? { mtime: stat.mtimeMs, ctime: stat.birthtimeMs || stat.mtimeMs } : {}
  }
}

const BASE_SOURCE = /\.base$/i

/**
 * Fills in the views of every base of `site` (in place) and returns the problems found evaluating them, which also
 * replace those of the previous evaluation in `site.diagnostics`.
 */
export function evaluateBases(site: Site, times: FileTimes, now = Date.now()): Diagnostic[] {
  const kept = site.diagnostics.filter((d) => d.code !== 'base-expression')
  site.diagnostics.length = 0
  site.diagnostics.push(...kept)
  const holders = site.pages.filter((p) => p.page.links.some((link) => link.kind === 'base'))
  if (holders.length === 0) return []

  const records = createRecords(site, times)
  const recordOf = new Map(site.pages.map((p, i) => [p, records.get(p)]))
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
  const labels = siteLabels(site.config)
  const renderLabels = viewLabels(labels)
  // German sites write dates 01.05.2024 (the views' own format); others as their language does
  const formatDate = localeOf(site.config.site.lang).name === 'en' ? intlDateFormat(site.config.site.lang) : undefined
  const evaluate = (holder: SitePage, link: PageLink, self: SitePage | undefined): Resolved => {
    const base = link.base!
    const views = link.view !== undefined ? [link.view] : base.views.length > 0 ? base.views.map((_, i) => i) : [undefined]
    const html = views
      .map((view) => {
        const { view: result, problems } = evaluateView(base, view, notes, {
          resolve: (target) => resolveTarget(site, holder, target),
          self: self && recordOf.get(self),
          now,
          timeZone: site.config.site.timeZone,
          labels: { columns: labels.basesColumns, noValue: labels.basesNoValue, error: labels.basesCellError },
          ...(formatDate ? { formatDate } : {}),
        })
        for (const problem of problems) report(holder, problem)
        return renderView(result, renderLabels)
      })
      .join('')
    return { kind: 'base', html }
  }

  for (const holder of holders) {
    // a base's own page has no `this`; a ```base block's `this` is the page it is written in
    const self = BASE_SOURCE.test(holder.page.sourcePath) ? undefined : holder
    holder.page.links.forEach((link, i) => {
      if (link.kind === 'base') holder.resolved[i] = evaluate(holder, link, self)
    })
  }
  // an embedded base (![[Kunden.base]]) is evaluated for the page that embeds it: `this` is that page
  const byHash = new Map(holders.map((p) => [p.page.contentHash, p]))
  for (const page of site.pages) {
    page.resolved.forEach((resolved) => {
      if (resolved.kind !== 'embed') return
      const target = byHash.get(resolved.embed)
      if (!target || !BASE_SOURCE.test(target.page.sourcePath)) return
      resolved.resolved = target.page.links.map((link, i) => (link.kind === 'base' ? evaluate(target, link, page) : target.resolved[i]))
    })
  }
  site.diagnostics.push(...diagnostics)
  return diagnostics
}

/** A base's records: the notes of the site (not other bases or canvases), in site order. */
function createRecords(site: Site, times: FileTimes): Map<SitePage, BaseRecord> {
  const byHref = new Map(site.pages.map((p) => [p.href, p.page.sourcePath]))
  const assetByHref = new Map<string, string>()
  const records = new Map<SitePage, BaseRecord>()
  for (const sitePage of site.pages) {
    const { page } = sitePage
    if (!/\.md$/i.test(page.sourcePath)) continue
    const links = new Set<string>()
    for (const resolved of sitePage.resolved) {
      if (resolved.kind === 'page' || resolved.kind === 'embed') {
        const target = byHref.get(resolved.href.replace(/#.*$/, ''))
        if (target) links.add(target)
      } else if (resolved.kind === 'asset' || resolved.kind === 'image') {
        const href = resolved.kind === 'asset' ? resolved.href : resolved.src
        links.add(assetByHref.get(href) ?? decodeURI(href).slice(site.config.site.base.length))
      }
    }
    const { mtime, ctime } = times(page.sourcePath)
    records.set(sitePage, {
      path: page.sourcePath,
      title: page.title,
      href: sitePage.href,
      tags: sitePage.tags,
      links: [...links],
      ...(mtime !== undefined ? { mtime } : {}),
      ...(ctime !== undefined ? { ctime } : {}),
      properties: propertiesOf(sitePage),
    })
  }
  return records
}

/** A note's front matter as a base sees it: every key as written, the ones wikigen reads itself included. */
function propertiesOf({ page }: SitePage): Record<string, unknown> {
  const fm = page.frontmatter
  const properties: Record<string, unknown> = Object.create(null)
  const known = { title: fm.title, description: fm.description, section: fm.section, kind: fm.kind, series: fm.series, order: fm.order }
  for (const [key, value] of Object.entries(known)) if (value !== undefined) properties[key] = value
  if (fm.tags.length > 0) properties.tags = fm.tags
  if (fm.aliases.length > 0) properties.aliases = fm.aliases
  if (fm.cssclasses.length > 0) properties.cssclasses = fm.cssclasses
  if (fm.permalink !== undefined) properties.permalink = fm.permalink
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

/** The texts around a view, in the site's language. */
function viewLabels(labels: Labels): RenderLabels {
  return {
    count: (total) => fillLabel(total === 1 ? labels.basesCountOne : labels.basesCount, { count: total }),
    limited: (shown, total) => fillLabel(labels.basesLimited, { shown, total }),
    empty: labels.basesEmpty,
    views: { table: labels.basesTable, cards: labels.basesCards, list: labels.basesList },
    yes: labels.basesYes,
    no: labels.basesNo,
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
