import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  chooseVaultLanguage,
  detectVaultLanguage,
  loadDetector,
  noteEvidenceOf,
  sampleNotes,
  siteLanguageOf,
  tagOfDetected,
  type LanguageMemo,
  type NoteEvidence,
  type TextDetector,
} from '../../../../src/compiler/discover/vault-language.js'
import type { ContentRef } from '../../../../src/compiler/discover/load.js'
import type { SourcePath } from '../../../../src/compiler/paths.js'
import { tempDir } from '../../../integration/helpers.js'

const ENGLISH = [
  'The backup job runs every night at two. If it fails, the person on call gets an email and reads the log before the office opens.',
  'New colleagues receive their laptop on the first day. Please make sure their accounts are ready a week before they start.',
  'Invoices are sent at the end of each month. Customers who have not paid after thirty days get a friendly reminder from us.',
  'Our support line is open from eight to five. Outside these hours, urgent problems go to the emergency number instead.',
  'When you change a setting on a server, write down what you changed and why, so that the others can follow your steps.',
  'The meeting room on the second floor is booked through the shared calendar. Please leave it tidy for the next group.',
  'Passwords are at least sixteen characters long and live in the password manager of the team, never in a note.',
]

const GERMAN = [
  'Die Datensicherung läuft jede Nacht um zwei Uhr. Schlägt sie fehl, erhält die zuständige Person eine E-Mail und prüft das Protokoll.',
  'Neue Mitarbeitende erhalten ihren Laptop am ersten Arbeitstag. Bitte sorgt dafür, dass ihre Konten eine Woche vorher bereit sind.',
  'Rechnungen werden am Ende jedes Monats verschickt. Wer nach dreissig Tagen nicht bezahlt hat, bekommt eine freundliche Erinnerung.',
  'Unsere Hotline ist von acht bis fünf Uhr erreichbar. Ausserhalb dieser Zeiten gehen dringende Probleme an die Notfallnummer.',
  'Wer eine Einstellung am Server ändert, schreibt auf, was geändert wurde und weshalb, damit andere die Schritte nachvollziehen können.',
  'Das Sitzungszimmer im zweiten Stock wird über den gemeinsamen Kalender reserviert. Bitte hinterlasst es aufgeräumt.',
  'Passwörter sind mindestens sechzehn Zeichen lang und gehören in den Passwortmanager des Teams, nie in eine Notiz.',
]

const FRENCH = [
  "La sauvegarde est lancée chaque nuit à deux heures. En cas d'échec, la personne de garde reçoit un courriel et consulte le journal avant l'ouverture du bureau.",
  'Les nouveaux collaborateurs reçoivent leur ordinateur le premier jour. Merci de préparer leurs comptes une semaine avant leur arrivée parmi nous.',
  "Les factures sont envoyées à la fin de chaque mois. Les clients qui n'ont pas payé après trente jours reçoivent un rappel aimable de notre part.",
  'Notre assistance téléphonique est ouverte de huit heures à dix-sept heures. En dehors de ces heures, les urgences passent par le numéro de secours.',
]

const note = (text: string, declared?: string): NoteEvidence => (declared ? { declared, text } : { text })

describe('what a note says about its language', () => {
  it.each([
    ['lang: en', 'en'],
    ['lang: "de-CH"', 'de-CH'],
    ["lang: 'de_ch'", 'de-CH'],
    ['lang: EN # the whole handbook', 'en'],
    ['lang:    fr-ca', 'fr-CA'],
    // no language tag, or not the note's own key
    ['lang: Deutsch', undefined],
    ['lang:', undefined],
    ['language: en', undefined],
    ['meta:\n  lang: en', undefined],
  ])('reads the front matter `%s` as %s', (yaml, declared) => {
    expect(noteEvidenceOf(`---\ntitle: Notiz\n${yaml}\n---\n\nText.`).declared).toBe(declared)
  })

  it('reads the prose without markup, code, links, comments and tags', () => {
    const head = [
      '---',
      'lang: en',
      '---',
      '# Setting up [[Odoo Hosting|the ERP]] *today*',
      '',
      '> [!warning] Read [the guide](https://example.org/guide) first',
      '',
      '```bash',
      'sudo systemctl restart odoo',
      '```',
      '',
      '- [ ] check `odoo.conf` at https://example.org/x #todo',
      '%% nobody sees this %%',
      '| Step | Who |',
      '![[diagram.png]]',
    ].join('\n')
    expect(noteEvidenceOf(head)).toEqual({
      declared: 'en',
      text: 'Setting up the ERP today Read the guide first check at Step Who',
    })
  })

  it('takes the tag of a front matter longer than what is read, and no text from it', () => {
    expect(noteEvidenceOf(`---\nlang: en\ntags: [${'a, '.repeat(40)}b]`)).toEqual({ declared: 'en', text: '' })
  })

  it('reads a note without front matter as text only', () => {
    expect(noteEvidenceOf('Nur Text, keine Eigenschaften.')).toEqual({ text: 'Nur Text, keine Eigenschaften.' })
  })
})

describe('the language of the notes', () => {
  let detect: TextDetector
  beforeAll(async () => {
    detect = await loadDetector()
  })

  it('is none for an empty vault or notes with too little text', () => {
    expect(chooseVaultLanguage([], detect)).toBeUndefined()
    expect(chooseVaultLanguage([note('Odoo'), note(''), note('Hi')], detect)).toBeUndefined()
    // notes that hold only their titles, the same few words again and again
    const titles = ['Start', ...Array.from({ length: 12 }, (_, i) => `Notiz ${i}`)]
    expect(
      chooseVaultLanguage(
        titles.map((t) => note(t)),
        detect,
      ),
    ).toBeUndefined()
  })

  it('tells English from German in the two sentences of a new vault', () => {
    expect(chooseVaultLanguage([note('Welcome to the wiki. It says how we work and who looks after what.')], detect)).toBe('en')
    expect(chooseVaultLanguage([note('Willkommen im Wiki. Hier steht, wie wir arbeiten und wer wofür zuständig ist.')], detect)).toBe(
      'de-CH',
    )
  })

  it('reads German as de-CH, English as en and any other language as its own tag', () => {
    expect(
      chooseVaultLanguage(
        ENGLISH.map((t) => note(t)),
        detect,
      ),
    ).toBe('en')
    expect(
      chooseVaultLanguage(
        GERMAN.map((t) => note(t)),
        detect,
      ),
    ).toBe('de-CH')
    expect(
      chooseVaultLanguage(
        FRENCH.map((t) => note(t)),
        detect,
      ),
    ).toBe('fr')
  })

  it('follows the majority of a mixed vault', () => {
    expect(chooseVaultLanguage([...ENGLISH.map((t) => note(t)), ...GERMAN.slice(0, 2).map((t) => note(t))], detect)).toBe('en')
    expect(chooseVaultLanguage([...GERMAN.map((t) => note(t)), ...ENGLISH.slice(0, 2).map((t) => note(t))], detect)).toBe('de-CH')
  })

  it('takes what the notes declare over what their text reads like', () => {
    expect(
      chooseVaultLanguage(
        GERMAN.map((t) => note(t, 'en')),
        detect,
      ),
    ).toBe('en')
    // one English page in a German vault declares its own language, and stays one page
    expect(chooseVaultLanguage([note(ENGLISH[0], 'en'), ...GERMAN.map((t) => note(t))], detect)).toBe('de-CH')
  })

  it('counts the tags of one language together, and takes its most declared tag', () => {
    const notes = [note('', 'de-CH'), note('', 'de-CH'), note('', 'de'), note('', 'en'), note('', 'en-GB'), note('', 'en')]
    expect(chooseVaultLanguage(notes)).toBe('de-CH')
    expect(chooseVaultLanguage([...notes, note('', 'en-US')])).toBe('en')
  })

  it('gives the same answer for the same votes whatever their order: ties go to the first tag alphabetically', () => {
    expect(chooseVaultLanguage([note('', 'en'), note('', 'de-CH')])).toBe('de-CH')
    expect(chooseVaultLanguage([note('', 'de-CH'), note('', 'en')])).toBe('de-CH')
    expect(chooseVaultLanguage([note('', 'fr'), note('', 'en')])).toBe('en')
  })

  it('lets each undeclared note vote with the piece of text it is in', () => {
    const calls: string[] = []
    const byWord: TextDetector = (text) => {
      calls.push(text)
      return /\bthe\b/.test(text) ? 'eng' : 'deu'
    }
    const notes = [note('', 'de-CH'), note('', 'de-CH'), note('the text'), note('the text'), note('the text')]
    expect(chooseVaultLanguage(notes, byWord)).toBe('en')
    expect(calls).toEqual(['the text the text the text'])
  })

  it('maps the languages franc-min names to tags', () => {
    expect(['deu', 'eng', 'fra', 'cmn', 'spa', 'und', undefined].map(tagOfDetected)).toEqual([
      'de-CH',
      'en',
      'fr',
      'zh',
      'es',
      undefined,
      undefined,
    ])
  })
})

describe('the sample of notes read', () => {
  const refs = (count: number) => Array.from({ length: count }, (_, i) => ({ path: `Notiz ${i}.md` }))

  it('reads every note of a small vault, and only notes', () => {
    const paths = sampleNotes([...refs(5), { path: 'Ansicht.base' }, { path: 'Plan.canvas' }, { path: 'bild.png' }]).map((r) => r.path)
    expect(paths.sort()).toEqual(refs(5).map((r) => r.path))
  })

  it('reads at most 200 notes, the same ones whatever order they come in', () => {
    const all = refs(3000)
    const sample = sampleNotes(all).map((r) => r.path)
    expect(sample).toHaveLength(200)
    expect(sampleNotes([...all].reverse()).map((r) => r.path)).toEqual(sample)
  })

  it('changes by at most one note when one is added or removed', () => {
    const all = refs(3000)
    const before = new Set(sampleNotes(all).map((r) => r.path))
    for (const changed of [[...all, { path: 'Neu.md' }], all.filter((r) => r.path !== [...before][7])]) {
      const after = sampleNotes(changed).map((r) => r.path)
      expect(after.filter((path) => !before.has(path)).length).toBeLessThanOrEqual(1)
    }
  })
})

describe('the language of a vault on disk', () => {
  function vault(files: Record<string, string>): ContentRef[] {
    const root = tempDir('wikigen-language-')
    const old = new Date(Date.now() - 60_000)
    return Object.entries(files).map(([path, text]) => {
      mkdirSync(join(root, path, '..'), { recursive: true })
      writeFileSync(join(root, path), text)
      utimesSync(join(root, path), old, old)
      return { path: path as SourcePath, absolute: join(root, path) }
    })
  }
  const english = () => vault(Object.fromEntries(ENGLISH.map((text, i) => [`Guide ${i}.md`, `# Guide ${i}\n\n${text}\n`])))

  it('is the config’s when it sets one, the default for a vault without notes', async () => {
    const fallback = 'de-CH'
    expect(await siteLanguageOf('de-DE', english(), { fallback })).toEqual({ lang: 'de-DE', from: 'config' })
    expect(await siteLanguageOf(undefined, english(), { fallback })).toEqual({ lang: 'en', from: 'notes' })
    expect(await siteLanguageOf(undefined, [], { fallback })).toEqual({ lang: 'de-CH', from: 'default' })
    expect(await siteLanguageOf(undefined, vault({ 'leer.md': '', 'Ansicht.base': 'views: []' }), { fallback })).toEqual({
      lang: 'de-CH',
      from: 'default',
    })
  })

  it('is remembered for notes that did not change, and decided again when one did', async () => {
    const stored = new Map<string, string | null>()
    const memo: LanguageMemo = { get: (key) => stored.get(key), set: (key, lang) => void stored.set(key, lang) }
    const notes = english()
    expect(await detectVaultLanguage(notes, memo)).toBe('en')
    expect([...stored.values()]).toEqual(['en'])
    // what the memo says wins while the notes' stamps are the same
    stored.set([...stored.keys()][0], 'de-CH')
    expect(await detectVaultLanguage(notes, memo)).toBe('de-CH')
    // a note changed (just now: not remembered, it may change again within the same second)
    writeFileSync(notes[0].absolute, `# Guide\n\n${ENGLISH[1]}\n`)
    expect(await detectVaultLanguage(notes, memo)).toBe('en')
    expect(stored.size).toBe(1)
  })
})
