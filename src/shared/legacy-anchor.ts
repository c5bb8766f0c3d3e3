/**
 * The anchor VuePress 2 gave a heading (its default slugify): accents and umlauts lose their marks, runs of
 * punctuation and spaces become one '-', a leading digit gets '_'. wikigen's own anchors keep umlauts
 * (`#passwort-datenbank-öffnen`); links saved from the old site (`#passwort-datenbank-offnen`) still find the heading.
 *
 *     'Passwort-Datenbank öffnen' → 'passwort-datenbank-offnen'
 *     '2020 Plan'                 → '_2020-plan'
 *     'Größe & Maße'              → 'große-maße'
 */
export function vuepressAnchorOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase()
}
