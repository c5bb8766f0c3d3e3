/**
 * Every text the reader sees, in the site's reference language de-CH. This object is the shape of every language's
 * table (`Labels`); the other tables (de-DE, en) and how `site.lang` and the config's `labels` pick and change them are
 * in locales.ts, which only the build imports: the browser gets de-CH from here and the differences from the page
 * (see src/client/labels.ts). Spec §9 fixes the exact wording of some; the rest follows VuePress 2's German locale
 * (the reference), and stays English where VuePress has no German text for it (404 messages, 'Take me home').
 */
export const labels = {
  searchPlaceholder: 'Suche',
  backToTop: 'Zurück nach oben.',
  copyCode: 'Kopiere den Code.',
  copied: 'Kopiert',
  lastUpdated: 'Zuletzt aktualisiert',
  contributors: 'Mitwirkende',
  changelog: 'Änderungen',
  changelogShowAll: 'Alle Änderungen anzeigen',
  changelogOn: 'am',
  editLink: 'Diese Seite bearbeiten',
  /** The navbar's link to a repository on a server that is not GitHub, GitLab, Gitee or Bitbucket (theme.repo). */
  repoSource: 'Quellcode',
  openInObsidian: 'In Obsidian öffnen',
  prev: 'Zurück',
  next: 'Weiter',
  openInNewWindow: 'in neuem Fenster öffnen',
  toggleColorMode: 'Farbmodus umschalten',
  /** The name of the colour-mode switch, which is on while the site shows dark. */
  darkMode: 'Dunkler Modus',
  toggleSidebar: 'Seitenleiste umschalten',
  onThisPage: 'Auf dieser Seite',
  glossary: 'Glossar',
  notFound: ["There's nothing here.", 'How did we get here?', "That's a Four-Oh-Four.", "Looks like we've got some broken links."],
  backToHome: 'Take me home',
  footnotes: 'Fussnoten',
  footnoteBack: 'Zurück zum Text',
  missingPage: 'Seite fehlt',
  draft: 'Entwurf',
  canvasError: 'Die Zeichenfläche kann nicht gelesen werden',
  tagPage: 'Tag',
  // the page listing every tag (/tags.html), which each tag page links to, and how many pages a tag has there
  allTags: 'Alle Tags',
  tagCountOne: '{count} Seite',
  tagCountMany: '{count} Seiten',
  // the glossary's bar of the letters A to Z on phones, where the sidebar is hidden
  letterBar: 'Buchstaben',
  sectionPage: 'Bereich',
  /** The heading of a section's pages that name no kind. */
  sectionOtherPages: 'Weitere Seiten',
  /** The link to a section's list, first in its group of the site tree. */
  sectionOverview: 'Übersicht',
  home: 'Home',
  breadcrumbs: 'Pfad',
  siteNavigation: 'Navigation',
  embedCycle: 'Eingebettete Seite bettet sich selbst ein',
  redirecting: 'Diese Seite ist umgezogen nach',
  skipToContent: 'Zum Inhalt springen',
  mainNavigation: 'Hauptnavigation',
  more: 'Mehr',
  // navigation labels (client navigation, progress, back to top, scroll spy, prev/next keys)
  loading: 'Seite wird geladen',
  // search labels
  searchSuggestions: 'Suchvorschläge',
  /** The landmarks of the navbar's search box, of a page's own one (the 404 page's) and of the full-text form. */
  searchLandmark: 'Seitensuche',
  pageSearchLandmark: 'Seite finden',
  fullTextLandmark: 'Volltextsuche',
  /** The open search box when nothing matches, and the count of suggestions its live region announces. */
  searchNoMatch: 'Kein Titel passt zu „{query}“.',
  searchCountOne: '{count} Vorschlag',
  searchCount: '{count} Vorschläge',
  /** `wikigen search` for a suggestion without a title. */
  untitled: '(ohne Titel)',
  /** The error overlay of `wikigen dev`: its name, and the line with a problem's hint. */
  devProblems: 'Fehler im Inhalt',
  devHint: 'Hinweis: {hint}',
  // media labels (image zoom, diagrams)
  diagram: 'Diagramm',
  diagramError: 'Das Diagramm konnte nicht dargestellt werden.',
  diagramLoading: 'Diagramm wird geladen …',
  diagramOpen: 'Diagramm vergrössern',
  diagramScrollHint: 'Seitlich scrollen',
  diagramNotPrinted: 'Das Diagramm war beim Drucken noch nicht gezeichnet. Bitte nochmals drucken.',
  diagramViewer: 'Diagramm in Vollansicht',
  diagramZoomIn: 'Vergrössern',
  diagramZoomOut: 'Verkleinern',
  diagramZoomFit: 'Ganzes Diagramm zeigen',
  diagramClose: 'Schliessen',
  diagramViewerHelp: 'Ziehen oder Pfeiltasten verschieben, Mausrad oder + und − zoomen, Esc schliesst.',
  // images shown smaller than they are open in the diagrams' full-screen view
  image: 'Bild',
  imageOpen: 'Bild in voller Grösse zeigen',
  imageViewer: 'Bild in Vollansicht',
  imageZoomFit: 'Ganzes Bild zeigen',
  // code blocks and tables wider than the page, scrolled sideways with the keyboard
  codeScrollRegion: 'Code, seitlich scrollbar',
  tableScrollRegion: 'Tabelle, seitlich scrollbar',
  // canvases (zoom in the page and full screen; zoom in and out, close and the full-screen help are the diagrams')
  canvasZoomFit: 'Ganze Zeichenfläche zeigen',
  canvasFullScreen: 'Zeichenfläche in Vollansicht',
  canvasHelp: '+ und − zoomen, 0 zeigt alles, Pfeiltasten verschieben, Enter öffnet die Vollansicht.',
  // the fold buttons beside headings and list items with nested lists (their state is the button's aria-expanded)
  foldSection: 'Abschnitt auf- oder zuklappen',
  foldList: 'Unterpunkte auf- oder zuklappen',
  // embedded files and web pages (PDF viewer, video and audio, YouTube player, link cards); {user} is filled in
  pdfOpen: 'PDF öffnen',
  mediaOpen: 'Datei öffnen',
  videoPlay: 'Video abspielen',
  videoPrivacy: 'YouTube wird erst beim Abspielen geladen.',
  postBy: 'Beitrag von @{user}',
  // the full-text search page (server form and client results); {count} and {query} are filled in
  fullTextTitle: 'Suche',
  fullTextLink: 'Im Volltext suchen',
  fullTextQuery: 'Suchbegriffe',
  fullTextSubmit: 'Suchen',
  fullTextSection: 'Bereich',
  fullTextKind: 'Art',
  fullTextAll: 'alle',
  fullTextNoScript: 'Die Volltextsuche braucht JavaScript. Die Suche oben rechts findet Seiten nach Titel und Überschrift.',
  fullTextHit: '{count} Treffer für „{query}“',
  fullTextHits: '{count} Treffer für „{query}“',
  fullTextNone: 'Keine Treffer für „{query}“.',
  fullTextPartial: 'Keine Seite enthält alle Wörter; Seiten mit den meisten davon:',
  fullTextDidYouMean: 'Meinten Sie',
  fullTextMore: 'Weitere Treffer',
  fullTextFailed: 'Die Suche ist gerade nicht verfügbar.',
  // what Obsidian's backlinks pane is called
  backlinks: 'Verlinkt von',
  // the local graph below a page (theme.graph): its heading and name, the tooltip of its "+N" node ({count})
  graph: 'Verknüpfungen',
  graphMore: '{count} weitere Seiten',
  // views of Obsidian Bases: the count above a view ({count}, {shown} of {total}), the empty state, the view's name
  basesCountOne: '{count} Eintrag',
  basesCount: '{count} Einträge',
  basesLimited: '{shown} von {total} Einträgen',
  basesEmpty: 'Keine Einträge',
  // the results of an embedded search (a ```query block): none found, and the count of those not listed
  queryEmpty: 'Keine Treffer',
  queryMore: '… und {count} weitere',
  basesTable: 'Tabelle',
  basesCards: 'Karten',
  basesList: 'Liste',
  basesMap: 'Karte',
  /** The name of the switcher between the views of a base. */
  basesViews: 'Ansichten',
  /** An entry of a map view (listed, with its coordinates) that has none. */
  basesNoCoordinates: 'Ohne Koordinaten',
  basesYes: 'Ja',
  basesNo: 'Nein',
  basesNoValue: 'Ohne Wert',
  /** A base's cell whose formula failed (the build names the formula and why). */
  basesCellError: 'Fehler',
  basesColumns: {
    'file.name': 'Name',
    'file.basename': 'Name',
    'file.path': 'Pfad',
    'file.folder': 'Ordner',
    'file.ext': 'Dateiendung',
    'file.size': 'Grösse',
    'file.mtime': 'Geändert',
    'file.ctime': 'Erstellt',
    'file.tags': 'Tags',
    'file.links': 'Links',
    'file.backlinks': 'Rückverweise',
    'file.embeds': 'Einbettungen',
    'file.properties': 'Eigenschaften',
  } as Record<string, string>,
  /** The built-in summaries of a table's column, by Obsidian's name. */
  basesSummaries: {
    Average: 'Durchschnitt',
    Min: 'Min.',
    Max: 'Max.',
    Sum: 'Summe',
    Range: 'Spanne',
    Median: 'Median',
    Stddev: 'Standardabweichung',
    Earliest: 'Frühestes',
    Latest: 'Spätestes',
    Checked: 'Angekreuzt',
    Unchecked: 'Nicht angekreuzt',
    Empty: 'Leer',
    Filled: 'Ausgefüllt',
    Unique: 'Verschiedene',
  } as Record<string, string>,
  containerTitles: {
    tip: 'Tipp',
    info: 'Info',
    note: 'Hinweis',
    warning: 'Warnung',
    danger: 'Gefahr',
    caution: 'Vorsicht',
    details: 'Details',
  } as Record<string, string>,
  calloutTitles: {
    note: 'Notiz',
    abstract: 'Zusammenfassung',
    summary: 'Zusammenfassung',
    tldr: 'Kurzfassung',
    info: 'Info',
    todo: 'Aufgabe',
    tip: 'Tipp',
    hint: 'Hinweis',
    important: 'Wichtig',
    success: 'Erfolg',
    check: 'Erledigt',
    done: 'Erledigt',
    question: 'Frage',
    help: 'Hilfe',
    faq: 'FAQ',
    warning: 'Warnung',
    caution: 'Vorsicht',
    attention: 'Achtung',
    failure: 'Fehlschlag',
    fail: 'Fehlgeschlagen',
    missing: 'Fehlt',
    danger: 'Gefahr',
    error: 'Fehler',
    bug: 'Bug',
    example: 'Beispiel',
    quote: 'Zitat',
    cite: 'Zitat',
  } as Record<string, string>,
}

/** The texts of one language: the shape of the de-CH table, every value a string (or list, or table of strings). */
export type Labels = typeof labels

/** Fills the `{count}`, `{query}` (any `{name}`) of a text; an unknown name stays as written. */
export function fillLabel(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole))
}

/** The id of the JSON script by which a page gives the browser its texts that differ from de-CH. */
export const LABELS_SCRIPT_ID = 'wikigen-labels'
