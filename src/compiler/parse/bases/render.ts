/**
 * Renders an evaluated view as HTML: a table in a scrollable region, a grid of cards, or a list of links. Each view
 * has a caption with its name and the number of notes, and an empty view says so instead of showing nothing.
 *
 *     <div class="base">
 *       <p class="base-caption"><span class="base-name">Alle</span> <span class="base-count">12 Einträge</span></p>
 *       <div class="base-view base-table" tabindex="0" role="region" aria-label="Alle"><table>…</table></div>
 *     </div>
 *
 * All text and attribute values are escaped; a link is only a link when its href is http(s), mailto or a site path.
 */
import type { CardImage, Cell, Column, Row, SummaryCell, ViewGroup, ViewResult } from './evaluate.js'

/** The texts of a rendered view; the defaults are German (de-CH). */
export interface RenderLabels {
  /** The count above a view: "1 Eintrag", "12 Einträge". */
  count(total: number): string
  /** The count when `limit` hides some notes: "20 von 143 Einträgen". */
  limited(shown: number, total: number): string
  /** The empty state. */
  empty: string
  /** The region's name when the view has none. */
  views: Record<ViewResult['type'], string>
  yes: string
  no: string
  /** A map entry without coordinates. */
  noCoordinates: string
}

export const DEFAULT_RENDER_LABELS: RenderLabels = {
  count: (total) => (total === 1 ? '1 Eintrag' : `${total} Einträge`),
  limited: (shown, total) => `${shown} von ${total} Einträgen`,
  empty: 'Keine Einträge',
  views: { table: 'Tabelle', cards: 'Karten', list: 'Liste', map: 'Karte' },
  yes: 'Ja',
  no: 'Nein',
  noCoordinates: 'Ohne Koordinaten',
}

/** Renders a view; `labels` default to `DEFAULT_RENDER_LABELS`, and a partial table is merged with them. */
export function renderView(view: ViewResult, labels: Partial<RenderLabels> = {}): string {
  const l: RenderLabels = { ...DEFAULT_RENDER_LABELS, ...labels }
  const shown = view.groups.reduce((sum, group) => sum + group.rows.length, 0)
  const regionName = view.name || l.views[view.type]
  const count = shown < view.total ? l.limited(shown, view.total) : l.count(view.total)
  const name = view.name ? `<span class="base-name">${escapeHtml(view.name)}</span> ` : ''
  const caption = `<p class="base-caption">${name}<span class="base-count">${escapeHtml(count)}</span></p>`
  const body = shown === 0 ? `<p class="base-empty">${escapeHtml(l.empty)}</p>` : renderBody(view, regionName, l)
  return `<div class="base base-${view.type}-view">${caption}${body}</div>`
}

function renderBody(view: ViewResult, regionName: string, labels: RenderLabels): string {
  switch (view.type) {
    case 'table':
      return renderTable(view, regionName, labels)
    case 'cards':
      return renderGroups(
        view.groups,
        (group) =>
          `<ul class="base-cards${cardSizeClass(view.settings?.cardSize)}">${group.rows.map((row) => renderCard(row, view.columns, labels, view.settings)).join('')}</ul>`,
      )
    case 'list': {
      const markers = view.settings?.markers ?? 'bullets'
      const tag = markers === 'numbers' ? 'ol' : 'ul'
      const className = `base-list${markers === 'none' ? ' base-list-plain' : ''}${view.settings?.indentProperties ? ' base-list-indented' : ''}`
      return renderGroups(
        view.groups,
        (group) =>
          `<${tag} class="${className}">${group.rows.map((row) => renderListItem(row, view.columns, labels, view.settings)).join('')}</${tag}>`,
      )
    }
    case 'map':
      // no map tiles on a static site: the entries with their coordinates, each linked to OpenStreetMap
      return renderGroups(
        view.groups,
        (group) => `<ul class="base-map-list">${group.rows.map((row) => renderMapEntry(row, view.columns, labels)).join('')}</ul>`,
      )
  }
}

function renderTable(view: ViewResult, regionName: string, labels: RenderLabels): string {
  const widths = view.settings?.columnWidths
  const classes = [...(view.settings?.rowHeight ? [`base-rows-${view.settings.rowHeight}`] : []), ...(widths ? ['base-sized'] : [])]
  // widths as classes of <col>s, never style attributes: the stylesheet has one rule per step (columnWidthClass)
  const colgroup = widths
    ? `<colgroup>${view.columns.map((_, i) => (widths[i] === undefined ? '<col>' : `<col class="${columnWidthClass(widths[i])}">`)).join('')}</colgroup>`
    : ''
  const head = `<thead><tr>${view.columns.map((column) => `<th scope="col">${escapeHtml(column.label)}</th>`).join('')}</tr></thead>`
  const bodies = view.groups
    .filter((group) => group.rows.length > 0)
    .map((group) => {
      const header =
        group.label === undefined
          ? ''
          : `<tr class="base-group"><th scope="rowgroup" colspan="${Math.max(1, view.columns.length)}">${escapeHtml(group.label || '—')} <span class="base-group-count">${group.rows.length}</span></th></tr>`
      const rows = group.rows.map((row) => `<tr>${row.cells.map((cell) => `<td>${renderCell(cell, labels)}</td>`).join('')}</tr>`).join('')
      // a group's summaries stand at its top, as in Obsidian
      const summaries = group.summaries ? renderSummaries(group.summaries, 'base-summaries base-group-summaries', labels) : ''
      return `<tbody>${header}${summaries}${rows}</tbody>`
    })
    .join('')
  const foot = view.summaries ? `<tfoot>${renderSummaries(view.summaries, 'base-summaries', labels)}</tfoot>` : ''
  return `<div class="base-view base-table" tabindex="0" role="region" aria-label="${escapeHtml(regionName)}"><table${classes.length > 0 ? ` class="${classes.join(' ')}"` : ''}>${colgroup}${head}${bodies}${foot}</table></div>`
}

/** The widths the stylesheet has a class for, in pixels: a column's width is rounded to the nearest (by ratio). */
export const COLUMN_WIDTH_STEPS = [60, 80, 100, 120, 150, 180, 220, 260, 320, 400, 500, 640] as const

/** The class of a column `width` pixels wide: `base-w-150` for 140 to 164. */
export function columnWidthClass(width: number): string {
  let best: number = COLUMN_WIDTH_STEPS[0]
  for (const step of COLUMN_WIDTH_STEPS) if (Math.abs(Math.log(step / width)) < Math.abs(Math.log(best / width))) best = step
  return `base-w-${best}`
}

function renderSummaries(summaries: readonly (SummaryCell | undefined)[], className: string, labels: RenderLabels): string {
  const cells = summaries.map((summary) =>
    summary
      ? `<td><span class="base-summary-label">${escapeHtml(summary.label)}</span> <span class="base-summary-value">${renderCell(summary.cell, labels)}</span></td>`
      : '<td></td>',
  )
  return `<tr class="${className}">${cells.join('')}</tr>`
}

function renderGroups(groups: ViewGroup[], renderGroup: (group: ViewGroup) => string): string {
  return groups
    .filter((group) => group.rows.length > 0)
    .map((group) =>
      group.label === undefined
        ? renderGroup(group)
        : `<div class="base-group"><p class="base-group-title">${escapeHtml(group.label || '—')} <span class="base-group-count">${group.rows.length}</span></p>${renderGroup(group)}</div>`,
    )
    .join('')
}

/** The note's link: the file name column when shown, else the title. */
function titleOf(row: Row, columns: Column[], labels: RenderLabels): string {
  const index = columns.findIndex((column) => column.id === 'file.name')
  const cell: Cell = index === -1 ? { kind: 'link', href: row.record.href, text: row.record.title, internal: true } : row.cells[index]
  return renderCell(cell, labels)
}

/** A card's cover: the image or colour in a box of the view's aspect ratio (an SVG sizes it: no inline style). */
function renderCover(image: CardImage | undefined, settings: ViewResult['settings']): string {
  if (!image || (image.kind === 'image' && !isSafeHref(image.src))) return ''
  const ratio = Math.round((settings?.imageAspectRatio ?? 1) * 1000)
  const sizer = `<svg class="base-cover-size" viewBox="0 0 1000 ${ratio}" aria-hidden="true" focusable="false">${
    image.kind === 'color' ? `<rect width="1000" height="${ratio}" fill="${escapeHtml(image.color)}"/>` : ''
  }</svg>`
  const fit = settings?.imageFit === 'contain' ? ' base-cover-contain' : ''
  const picture = image.kind === 'image' ? `<img src="${escapeHtml(image.src)}" alt="" loading="lazy" decoding="async">` : ''
  return `<div class="base-card-cover${fit}">${sizer}${picture}</div>`
}

function renderCard(row: Row, columns: Column[], labels: RenderLabels, settings?: ViewResult['settings']): string {
  const lines = columns
    .map((column, i) => ({ column, cell: row.cells[i] }))
    .filter(({ column, cell }) => column.id !== 'file.name' && cell.kind !== 'empty')
    .map(({ column, cell }) => `<div><dt>${escapeHtml(column.label)}</dt><dd>${renderCell(cell, labels)}</dd></div>`)
    .join('')
  return `<li class="base-card">${renderCover(row.image, settings)}<p class="base-card-title">${titleOf(row, columns, labels)}</p>${lines ? `<dl>${lines}</dl>` : ''}</li>`
}

/** A card width (cardSize, pixels) as one of four classes: the stylesheet sizes them, with no inline style. */
function cardSizeClass(size: number | undefined): string {
  if (size === undefined) return ''
  return ` base-cards-${size <= 160 ? 's' : size <= 260 ? 'm' : size <= 400 ? 'l' : 'xl'}`
}

function renderMapEntry(row: Row, columns: Column[], labels: RenderLabels): string {
  const marker = row.marker?.color
    ? `<svg class="base-marker" viewBox="0 0 10 10" aria-hidden="true" focusable="false"><circle cx="5" cy="5" r="4" fill="${escapeHtml(row.marker.color)}"/></svg>`
    : ''
  const icon = row.marker?.icon ? ` <span class="base-icon">${escapeHtml(row.marker.icon)}</span>` : ''
  let place: string
  if (row.coordinates) {
    const [lat, lng] = row.coordinates.map((n) => String(Math.round(n * 1e6) / 1e6))
    const href = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`
    place = `<a class="base-coordinates external" href="${escapeHtml(href)}" rel="noopener noreferrer">${lat}, ${lng}</a>`
  } else place = `<span class="base-coordinates base-no-coordinates">${escapeHtml(labels.noCoordinates)}</span>`
  const values = columns
    .map((column, i) => ({ column, cell: row.cells[i] }))
    .filter(({ column, cell }) => column.id !== 'file.name' && cell.kind !== 'empty')
    .map(({ column, cell }) => `<span class="base-list-value" title="${escapeHtml(column.label)}">${renderCell(cell, labels)}</span>`)
    .join('')
  return `<li>${marker}${titleOf(row, columns, labels)}${icon} ${place}${values ? ` <span class="base-list-values">${values}</span>` : ''}</li>`
}

/**
 * A note of a list: its first property (the note's link when that is the file name, or when it is empty), then the
 * others, in a line after a separator (", " unless the view says) or indented below it, one per line.
 */
function renderListItem(row: Row, columns: Column[], labels: RenderLabels, settings?: ViewResult['settings']): string {
  const nameFirst = columns.length === 0 || columns[0].id === 'file.name' || !columns.some((column) => column.id === 'file.name')
  const primaryIndex = nameFirst ? columns.findIndex((column) => column.id === 'file.name') : 0
  const primary =
    primaryIndex === -1 || row.cells[primaryIndex].kind === 'empty'
      ? titleOf(row, columns, labels)
      : renderCell(row.cells[primaryIndex], labels)
  const values = columns
    .map((column, i) => ({ column, cell: row.cells[i], i }))
    .filter(({ column, cell, i }) => i !== primaryIndex && !(nameFirst && column.id === 'file.name') && cell.kind !== 'empty')
    .map(({ column, cell }) => ({ label: column.label, html: renderCell(cell, labels) }))
  if (values.length === 0) return `<li>${primary}</li>`
  if (settings?.indentProperties)
    return `<li>${primary}<ul class="base-list-properties">${values
      .map(
        (value) =>
          `<li><span class="base-list-label">${escapeHtml(value.label)}</span> <span class="base-list-value">${value.html}</span></li>`,
      )
      .join('')}</ul></li>`
  const separator = `<span class="base-list-separator">${escapeHtml(settings?.separator ?? ', ')}</span>`
  const line = values
    .map((value) => `<span class="base-list-value" title="${escapeHtml(value.label)}">${value.html}</span>`)
    .join(separator)
  return `<li>${primary}${separator}<span class="base-list-values">${line}</span></li>`
}

/**
 * Several views as tabs (the markup of the site's tab groups, src/client/tabs.ts): a tab list of buttons and one
 * panel per view, the first shown. Without JavaScript every panel stays visible, one below the other. `id(i)` names
 * panel i on its page; its tab is `${id(i)}-tab`.
 */
export function renderViewTabs(
  panels: readonly { label: string; html: string }[],
  id: (index: number) => string,
  listLabel: string,
): string {
  const tabs = panels
    .map(
      (panel, i) =>
        `<button type="button" role="tab" id="${escapeHtml(id(i))}-tab" aria-controls="${escapeHtml(id(i))}" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}" data-tab="${escapeHtml(panel.label)}">${escapeHtml(panel.label)}</button>`,
    )
    .join('')
  const bodies = panels
    .map(
      (panel, i) =>
        `<div class="tab-panel${i === 0 ? ' active' : ''}" role="tabpanel" id="${escapeHtml(id(i))}" aria-labelledby="${escapeHtml(id(i))}-tab" tabindex="0">${panel.html}</div>`,
    )
    .join('')
  return `<div class="tabs base-views"><div class="tabs-list" role="tablist" aria-label="${escapeHtml(listLabel)}">${tabs}</div>${bodies}</div>`
}

function renderCell(cell: Cell, labels: RenderLabels): string {
  switch (cell.kind) {
    case 'text':
      return escapeHtml(cell.text)
    case 'link': {
      if (!isSafeHref(cell.href)) return escapeHtml(cell.text)
      const attributes = cell.internal ? 'class="internal"' : 'class="external" rel="noopener noreferrer"'
      return `<a href="${escapeHtml(cell.href)}" ${attributes}>${escapeHtml(cell.text)}</a>`
    }
    case 'list':
      return `<span class="base-values">${cell.items.map((item) => `<span class="base-value">${renderCell(item, labels)}</span>`).join('')}</span>`
    case 'date':
      return `<time datetime="${escapeHtml(cell.iso)}">${escapeHtml(cell.text)}</time>`
    case 'number':
      return `<span class="base-number">${escapeHtml(cell.text)}</span>`
    case 'bool':
      return `<input type="checkbox" disabled${cell.value ? ' checked' : ''} aria-label="${escapeHtml(cell.value ? labels.yes : labels.no)}">`
    case 'empty':
      return ''
    case 'error':
      return `<span class="base-error">${escapeHtml(cell.text)}</span>`
    case 'image':
      return isSafeHref(cell.src)
        ? `<img class="base-image" src="${escapeHtml(cell.src)}" alt="${escapeHtml(cell.alt)}" loading="lazy" decoding="async">`
        : escapeHtml(cell.alt)
    case 'icon':
      // no icon font on the site: the Lucide name, marked as an icon
      return `<span class="base-icon">${escapeHtml(cell.name)}</span>`
    case 'html':
      return cell.html
  }
}

/** http(s), mailto, or a path on this site ('/…', but not '//host' or '/\host', which leave it). */
export function isSafeHref(href: string): boolean {
  if (/[\u0000-\u001f\u007f]/.test(href)) return false
  if (/^(?:https?:\/\/|mailto:)/i.test(href)) return true
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}
