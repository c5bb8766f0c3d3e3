/**
 * Every German (de-CH) text the reader sees, in one place. Spec §9 fixes the exact wording of some;
 * the rest follows VuePress 2's German locale (the reference), and stays English where VuePress has no
 * German text for it (404 messages, 'Take me home').
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
  openInObsidian: 'In Obsidian öffnen',
  prev: 'Zurück',
  next: 'Weiter',
  openInNewWindow: 'in neuem Fenster öffnen',
  toggleColorMode: 'Farbmodus umschalten',
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
  sectionPage: 'Bereich',
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
  // media labels (image zoom, diagrams)
  diagram: 'Diagramm',
  diagramError: 'Das Diagramm konnte nicht dargestellt werden.',
  diagramLoading: 'Diagramm wird geladen …',
  diagramOpen: 'Diagramm vergrössern',
  diagramScrollHint: 'Seitlich scrollen',
  diagramViewer: 'Diagramm in Vollansicht',
  diagramZoomIn: 'Vergrössern',
  diagramZoomOut: 'Verkleinern',
  diagramZoomFit: 'Ganzes Diagramm zeigen',
  diagramClose: 'Schliessen',
  diagramViewerHelp: 'Ziehen oder Pfeiltasten verschieben, Mausrad oder + und − zoomen, Esc schliesst.',
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
    info: 'Info',
    todo: 'Aufgabe',
    tip: 'Tipp',
    hint: 'Hinweis',
    important: 'Wichtig',
    success: 'Erfolg',
    check: 'Erledigt',
    question: 'Frage',
    faq: 'FAQ',
    warning: 'Warnung',
    caution: 'Vorsicht',
    attention: 'Achtung',
    failure: 'Fehlschlag',
    danger: 'Gefahr',
    error: 'Fehler',
    bug: 'Fehler',
    example: 'Beispiel',
    quote: 'Zitat',
  } as Record<string, string>,
} as const

/**
 * The texts of the meta footer that follow a page's own language on English pages (front matter `lang: en`), the
 * way the backlinks heading does.
 */
export const englishLabels = {
  editLink: 'Edit this page',
  openInObsidian: 'Open in Obsidian',
} as const
