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
  /** Source paths of the notes and files it links to (resolved), front-matter links included. */
  links: readonly string[]
  /** Source paths of the notes and files it embeds (`![[…]]`). */
  embeds?: readonly string[]
  /** Source paths of the notes that link to it or embed it. */
  backlinks?: readonly string[]
  /** Milliseconds since the epoch. */
  mtime?: number
  ctime?: number
  /** In bytes, of the file as written. */
  size?: number
  /** Its front matter as JSON. */
  properties: Readonly<Record<string, unknown>>
}
