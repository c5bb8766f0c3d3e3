/**
 * The languages wikigen ships (de-CH, de-DE, en), how a site's `lang` picks one, and how the config's `labels`
 * change single texts. Only the build imports this module: the browser never carries the tables of other languages.
 *
 *   de-CH, de-LI         → de-CH (the reference: 'ss', no 'ß')
 *   de-DE, de, de-AT, …  → de-DE (Germany's spelling: 'Schließen', 'Fußnoten')
 *   en, en-GB, fr, …     → en    (any language without a table of its own reads English)
 */
import { labels as deCH, type Labels } from './labels.js'

export type LocaleName = 'de-CH' | 'de-DE' | 'en'

export interface Locale {
  name: LocaleName
  labels: Labels
  /** The file name of the full-text search page: 'suche' → /suche.html. */
  searchSlug: string
}

const deDE: Labels = {
  ...deCH,
  footnotes: 'Fußnoten',
  diagramOpen: 'Diagramm vergrößern',
  diagramZoomIn: 'Vergrößern',
  diagramClose: 'Schließen',
  diagramViewerHelp: 'Ziehen oder Pfeiltasten verschieben, Mausrad oder + und − zoomen, Esc schließt.',
  imageOpen: 'Bild in voller Größe zeigen',
  basesColumns: { ...deCH.basesColumns, 'file.size': 'Größe' },
}

const en: Labels = {
  searchPlaceholder: 'Search',
  backToTop: 'Back to top',
  copyCode: 'Copy code',
  copied: 'Copied',
  lastUpdated: 'Last updated',
  contributors: 'Contributors',
  changelog: 'Changelog',
  changelogShowAll: 'Show all changes',
  changelogOn: 'on',
  editLink: 'Edit this page',
  repoSource: 'Source',
  openInObsidian: 'Open in Obsidian',
  prev: 'Previous',
  next: 'Next',
  openInNewWindow: 'opens in a new window',
  toggleColorMode: 'Toggle colour mode',
  darkMode: 'Dark mode',
  toggleSidebar: 'Toggle sidebar',
  onThisPage: 'On this page',
  glossary: 'Glossary',
  notFound: deCH.notFound,
  backToHome: deCH.backToHome,
  footnotes: 'Footnotes',
  footnoteBack: 'Back to the text',
  missingPage: 'Missing page',
  draft: 'Draft',
  canvasError: 'The canvas cannot be read',
  tagPage: 'Tag',
  allTags: 'All tags',
  tagCountOne: '{count} page',
  tagCountMany: '{count} pages',
  letterBar: 'Letters',
  sectionPage: 'Section',
  sectionOtherPages: 'Other pages',
  sectionOverview: 'Overview',
  home: 'Home',
  breadcrumbs: 'Breadcrumbs',
  siteNavigation: 'Navigation',
  embedCycle: 'Embedded page embeds itself',
  redirecting: 'This page has moved to',
  skipToContent: 'Skip to content',
  mainNavigation: 'Main navigation',
  more: 'More',
  loading: 'Loading page',
  searchSuggestions: 'Search suggestions',
  searchLandmark: 'Page search',
  pageSearchLandmark: 'Find a page',
  fullTextLandmark: 'Full-text search',
  searchNoMatch: 'No title matches “{query}”.',
  searchCountOne: '{count} suggestion',
  searchCount: '{count} suggestions',
  untitled: '(untitled)',
  devProblems: 'Problems in the content',
  devHint: 'Hint: {hint}',
  diagram: 'Diagram',
  diagramError: 'The diagram could not be drawn.',
  diagramLoading: 'Loading diagram …',
  diagramOpen: 'Enlarge diagram',
  diagramScrollHint: 'Scroll sideways',
  diagramNotPrinted: 'The diagram was not drawn yet when printing. Please print again.',
  diagramViewer: 'Diagram full screen',
  diagramZoomIn: 'Zoom in',
  diagramZoomOut: 'Zoom out',
  diagramZoomFit: 'Show whole diagram',
  diagramClose: 'Close',
  diagramViewerHelp: 'Drag or use the arrow keys to move, the mouse wheel or + and − to zoom, Esc to close.',
  image: 'Image',
  imageOpen: 'Show image at full size',
  imageViewer: 'Image full screen',
  imageZoomFit: 'Show whole image',
  codeScrollRegion: 'Code, scrolls sideways',
  tableScrollRegion: 'Table, scrolls sideways',
  canvasZoomFit: 'Show whole canvas',
  canvasFullScreen: 'Canvas full screen',
  canvasHelp: '+ and − zoom, 0 shows all of it, the arrow keys move it, Enter opens it full screen.',
  foldSection: 'Fold or unfold section',
  foldList: 'Fold or unfold nested items',
  pdfOpen: 'Open PDF',
  mediaOpen: 'Open file',
  videoPlay: 'Play video',
  videoPrivacy: 'YouTube is loaded only when you play the video.',
  postBy: 'Post by @{user}',
  fullTextTitle: 'Search',
  fullTextLink: 'Search full text',
  fullTextQuery: 'Search terms',
  fullTextSubmit: 'Search',
  fullTextSection: 'Section',
  fullTextKind: 'Kind',
  fullTextAll: 'all',
  fullTextNoScript: 'Full-text search needs JavaScript. The search box at the top finds pages by title and heading.',
  fullTextHit: '{count} result for “{query}”',
  fullTextHits: '{count} results for “{query}”',
  fullTextNone: 'No results for “{query}”.',
  fullTextPartial: 'No page has all the words; pages with most of them:',
  fullTextDidYouMean: 'Did you mean',
  fullTextMore: 'More results',
  fullTextFailed: 'Search is not available right now.',
  backlinks: 'Linked from',
  graph: 'Local graph',
  graphMore: '{count} more pages',
  basesCountOne: '{count} entry',
  basesCount: '{count} entries',
  basesLimited: '{shown} of {total} entries',
  basesEmpty: 'No entries',
  queryEmpty: 'No results',
  queryMore: '… and {count} more',
  basesTable: 'Table',
  basesCards: 'Cards',
  basesList: 'List',
  basesMap: 'Map',
  basesViews: 'Views',
  basesNoCoordinates: 'No coordinates',
  basesYes: 'Yes',
  basesNo: 'No',
  basesNoValue: 'No value',
  basesCellError: 'Error',
  basesColumns: {
    'file.name': 'Name',
    'file.basename': 'Name',
    'file.path': 'Path',
    'file.folder': 'Folder',
    'file.ext': 'Extension',
    'file.size': 'Size',
    'file.mtime': 'Modified',
    'file.ctime': 'Created',
    'file.tags': 'Tags',
    'file.links': 'Links',
    'file.backlinks': 'Backlinks',
    'file.embeds': 'Embeds',
    'file.properties': 'Properties',
  },
  basesSummaries: {
    Average: 'Average',
    Min: 'Min',
    Max: 'Max',
    Sum: 'Sum',
    Range: 'Range',
    Median: 'Median',
    Stddev: 'Std. dev.',
    Earliest: 'Earliest',
    Latest: 'Latest',
    Checked: 'Checked',
    Unchecked: 'Unchecked',
    Empty: 'Empty',
    Filled: 'Filled',
    Unique: 'Unique',
  },
  containerTitles: {
    tip: 'Tip',
    info: 'Info',
    note: 'Note',
    warning: 'Warning',
    danger: 'Danger',
    caution: 'Caution',
    details: 'Details',
  },
  calloutTitles: {
    note: 'Note',
    abstract: 'Abstract',
    summary: 'Summary',
    tldr: 'TL;DR',
    info: 'Info',
    todo: 'Todo',
    tip: 'Tip',
    hint: 'Hint',
    important: 'Important',
    success: 'Success',
    check: 'Check',
    done: 'Done',
    question: 'Question',
    help: 'Help',
    faq: 'FAQ',
    warning: 'Warning',
    caution: 'Caution',
    attention: 'Attention',
    failure: 'Failure',
    fail: 'Fail',
    missing: 'Missing',
    danger: 'Danger',
    error: 'Error',
    bug: 'Bug',
    example: 'Example',
    quote: 'Quote',
    cite: 'Cite',
  },
}

export const LOCALES: Record<LocaleName, Locale> = {
  'de-CH': { name: 'de-CH', labels: deCH, searchSlug: 'suche' },
  'de-DE': { name: 'de-DE', labels: deDE, searchSlug: 'suche' },
  en: { name: 'en', labels: en, searchSlug: 'search' },
}

/** Tags that read another table than their primary language's. */
const EXACT: Record<string, LocaleName> = { 'de-ch': 'de-CH', 'de-li': 'de-CH' }

/** The table of a language tag: the exact tag, else its primary language (de → de-DE), else English. */
export function localeOf(lang: string): Locale {
  const tag = lang.trim().toLowerCase().replace(/_/g, '-')
  const exact = EXACT[tag]
  if (exact) return LOCALES[exact]
  const primary = tag.split('-')[0]
  if (primary === 'de') return LOCALES['de-DE']
  return LOCALES.en
}

/** A partial table of texts from the config: any string of `Labels`; the keyed tables merge key by key. */
export type LabelOverrides = {
  [K in keyof Labels]?: Labels[K] extends Record<string, string> ? Record<string, string> : Labels[K]
}

/** The texts of a site: its language's table with the config's `labels` laid over it. */
export function resolveLabels(lang: string, overrides: LabelOverrides = {}): Labels {
  const base = localeOf(lang).labels
  if (Object.keys(overrides).length === 0) return base
  return {
    ...base,
    ...overrides,
    containerTitles: { ...base.containerTitles, ...overrides.containerTitles },
    calloutTitles: { ...base.calloutTitles, ...overrides.calloutTitles },
    basesColumns: { ...base.basesColumns, ...overrides.basesColumns },
    basesSummaries: { ...base.basesSummaries, ...overrides.basesSummaries },
  } as Labels
}

/** The keys whose values are tables of their own (a title per kind). */
export const LABEL_TABLES = ['containerTitles', 'calloutTitles', 'basesColumns', 'basesSummaries'] as const

/** Every key a `labels` override may have. */
export const LABEL_KEYS = Object.keys(deCH) as (keyof Labels)[]

/**
 * The texts the browser scripts use (copy button, back to top, progress bar, diagrams, canvases, full-text results,
 * and the search box and navbar islands when they hydrate). The page carries those of them that differ from de-CH.
 */
export const CLIENT_LABEL_KEYS = [
  'searchPlaceholder',
  'searchSuggestions',
  'searchLandmark',
  'pageSearchLandmark',
  'searchNoMatch',
  'searchCountOne',
  'searchCount',
  'openInNewWindow',
  'backToTop',
  'copyCode',
  'copied',
  'loading',
  'diagram',
  'diagramError',
  'diagramOpen',
  'diagramScrollHint',
  'diagramNotPrinted',
  'diagramViewer',
  'diagramZoomIn',
  'diagramZoomOut',
  'diagramZoomFit',
  'diagramClose',
  'diagramViewerHelp',
  'image',
  'imageOpen',
  'imageViewer',
  'imageZoomFit',
  'codeScrollRegion',
  'tableScrollRegion',
  'canvasZoomFit',
  'canvasFullScreen',
  'canvasHelp',
  'foldSection',
  'foldList',
  'fullTextHit',
  'fullTextHits',
  'fullTextNone',
  'fullTextPartial',
  'fullTextDidYouMean',
  'fullTextMore',
  'fullTextFailed',
] as const satisfies readonly (keyof Labels)[]

export type ClientLabelKey = (typeof CLIENT_LABEL_KEYS)[number]

/**
 * The browser's texts, for the page to carry: every text the scripts show, in the site's language. The scripts carry
 * no table of their own, so no language's words reach a site of another.
 */
export function clientLabelsOf(labels: Labels): Record<ClientLabelKey, string> {
  const out = {} as Record<ClientLabelKey, string>
  for (const key of CLIENT_LABEL_KEYS) out[key] = labels[key]
  return out
}
