/**
 * The files `wikigen init` writes: a commented `wikigen.config.ts` and, in a folder without pages, a home page. Their
 * comments are German for a German site and English otherwise, like the labels the site itself shows.
 */

/** What the written config holds. */
export interface InitConfigOptions {
  /** The site title (`site.title`). */
  title: string
  /** The site language (`site.lang`), which also picks the language of the comments. */
  lang: string
  /**
   * The time zone of the machine `init` runs on, written as `site.timeZone` so that a CI runner (usually in UTC) shows
   * the times the team sees; undefined for a machine in UTC, where the line stays an example.
   */
  timeZone?: string
}

/** The comments and examples of the config file, in one language. */
interface InitTexts {
  header: string[]
  title: string
  lang: string
  description: string
  hostname: string
  base: string
  timeZone: string
  timeZoneExample: string
  logo: string
  navbar: string
  glossary: string
  sidebar: string
  editLink: string
  exclude: string
  excludeExample: string
  labels: string
  labelsExample: string
  homePage: (title: string) => string
}

const TEXTS = {
  de: {
    header: [
      'Einstellungen des Wikis. Jeder Schlüssel hat einen Standardwert; was fehlt oder auskommentiert ist, behält ihn.',
      'Alle Schlüssel stehen in node_modules/wikigen/docs/config.md, und der Editor ergänzt sie beim Tippen.',
    ],
    title: 'Name des Wikis: in der Navigationsleiste, auf der Startseite und im Titel jeder Seite',
    lang: "Sprache der Seiten und der Beschriftungen, z. B. 'de-CH' oder 'en'",
    description: 'Ein Satz über das Wiki, für Suchmaschinen und die Startseite',
    hostname: 'Adresse der veröffentlichten Website; ergibt sitemap.xml, rss.xml und robots.txt',
    base: 'Pfad, unter dem die Website liegt, wenn sie nicht die ganze Domain belegt',
    timeZone: 'Zeitzone der Zeiten «Zuletzt aktualisiert» und der Änderungen (ein IANA-Name); ohne sie die des Rechners, der baut',
    timeZoneExample: 'Europe/Zurich',
    logo: 'Logo in der Navigationsleiste: eine Datei aus diesem Ordner oder eine URL',
    navbar: 'Einträge der Navigationsleiste: ein Pfad, ein Seitenname oder eine URL',
    glossary: 'Glossar',
    sidebar: "Seitenleiste: 'heading' (Überschriften der Seite), 'folders' (Ordnerbaum), 'tree' (Bereiche) oder false",
    editLink: 'Link «Diese Seite bearbeiten» ins Repository, in dem dieser Ordner liegt',
    exclude: 'Dateien und Ordner, die nie veröffentlicht werden (in Obsidian ausgeschlossene Dateien ohnehin nicht)',
    excludeExample: 'Privat/**',
    labels: 'Eigene Texte an Stelle der Beschriftungen der Sprache; alle Schlüssel in node_modules/wikigen/docs/config.md',
    labelsExample: 'Wiki durchsuchen',
    homePage: (title) =>
      [
        `# ${title}`,
        '',
        'Willkommen! Diese Seite ist die Startseite (`index.md`). Jede Markdown-Datei in diesem Ordner wird zu einer Seite,',
        'Unterordner werden zu Bereichen. Seiten verlinkt man wie in Obsidian mit `[[Seitenname]]`.',
        '',
      ].join('\n'),
  },
  en: {
    header: [
      'Settings of the wiki. Every key has a default; whatever is left out or commented out keeps it.',
      'Every key is listed in node_modules/wikigen/docs/config.md, and your editor completes them as you type.',
    ],
    title: "The wiki's name: in the navbar, on the home page and in every page title",
    lang: "Language of the pages and of the labels, e.g. 'en' or 'de-CH'",
    description: 'One sentence about the wiki, for search engines and the home page',
    hostname: 'Address of the published site; gives sitemap.xml, rss.xml and robots.txt',
    base: 'Path the site is served under when it does not have the whole domain',
    timeZone: 'Time zone of the "last updated" times and of the change history (an IANA name); without it the building machine\'s',
    timeZoneExample: 'Europe/London',
    logo: 'Logo in the navbar: a file of this folder or a URL',
    navbar: 'Entries of the navbar: a path, a page name or a URL',
    glossary: 'Glossary',
    sidebar: "Sidebar: 'heading' (the page's headings), 'folders' (the folder tree), 'tree' (the sections) or false",
    editLink: '"Edit this page" links to the repository holding this folder',
    exclude: 'Files and folders never published (files excluded in Obsidian never are anyway)',
    excludeExample: 'Private/**',
    labels: 'Own texts in place of the labels of the language; every key is in node_modules/wikigen/docs/config.md',
    labelsExample: 'Search the wiki',
    homePage: (title) =>
      [
        `# ${title}`,
        '',
        'Welcome! This page is the home page (`index.md`). Every markdown file in this folder becomes a page, and',
        'subfolders become sections. Link pages as in Obsidian, with `[[Page name]]`.',
        '',
      ].join('\n'),
  },
} satisfies Record<string, InitTexts>

/** German texts for a German site (`de`, `de-CH`, `de-DE`, …), English ones for any other language. */
function textsFor(lang: string): InitTexts {
  return /^de(-|$)/i.test(lang) ? TEXTS.de : TEXTS.en
}

/** A string literal in the config file's quotes. */
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/**
 * The text of a new `wikigen.config.ts`: the title and the language set, the keys a team sets next commented out,
 * each with a comment. Valid for the schema in config-schema.ts as written and with any line uncommented.
 */
export function createConfigSource(options: InitConfigOptions): string {
  const t = textsFor(options.lang)
  return [
    ...t.header.map((line) => `// ${line}`),
    '',
    "import { defineConfig } from 'wikigen'",
    '',
    'export default defineConfig({',
    '  site: {',
    `    // ${t.title}`,
    `    title: ${quote(options.title)},`,
    `    // ${t.lang}`,
    `    lang: ${quote(options.lang)},`,
    `    // ${t.description}`,
    "    // description: '',",
    `    // ${t.hostname}`,
    "    // hostname: 'https://wiki.example.com',",
    `    // ${t.base}`,
    "    // base: '/wiki/',",
    `    // ${t.timeZone}`,
    options.timeZone ? `    timeZone: ${quote(options.timeZone)},` : `    // timeZone: ${quote(t.timeZoneExample)},`,
    '  },',
    '  theme: {',
    `    // ${t.logo}`,
    "    // logo: 'logo.svg',",
    `    // ${t.navbar}`,
    '    navbar: [',
    "      { text: 'Home', link: '/' },",
    `      { text: ${quote(t.glossary)}, link: '/glossary' },`,
    '    ],',
    `    // ${t.sidebar}`,
    "    // sidebar: 'heading',",
    `    // ${t.editLink}`,
    "    // repo: 'https://github.com/example/wiki',",
    '    // editLink: true,',
    '  },',
    `  // ${t.exclude}`,
    `  // exclude: [${quote(t.excludeExample)}],`,
    `  // ${t.labels}`,
    `  // labels: { searchPlaceholder: ${quote(t.labelsExample)} },`,
    '})',
    '',
  ].join('\n')
}

/** The home page written into a folder that has no page yet, so that the first `wikigen dev` shows one. */
export function createHomePage(options: InitConfigOptions): string {
  return textsFor(options.lang).homePage(options.title)
}
