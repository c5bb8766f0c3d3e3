/**
 * The record a base reads of each note: made from the site (link/bases-site.ts), read by the expressions
 * (expression.ts) and the views (evaluate.ts). It lives on its own so that both of them import it and neither
 * imports the other for it.
 */
/** One note of the vault, as a base sees it. */
export interface BaseRecord {
  /** Its source path, e.g. 'Kunden/Muster AG.md'. */
  path: string
  title: string
  /** Its URL. */
  href: string
  /** Front matter and inline tags, without '#'. */
  tags: readonly string[]
  /** Source paths of the notes and files it links to (resolved). */
  links: readonly string[]
  /** Milliseconds since the epoch. */
  mtime?: number
  ctime?: number
  size?: number
  /** Its front matter as JSON. */
  properties: Readonly<Record<string, unknown>>
}
