/**
 * The title a diagram gives itself in its mermaid source, for the accessible name of the rendered SVG. Pure, so
 * it is tested with literal sources.
 */

/** `accTitle: Bestellablauf` (also `accTitle : …`), mermaid's own accessibility title. */
const ACC_TITLE = /^\s*accTitle\s*:\s*(.+?)\s*$/m
/** Front matter at the very start: `---`, YAML lines, `---`. */
const FRONT_MATTER = /^\s*---[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*---[ \t]*(?:\r?\n|$)/
/** The `title:` key of that front matter, quotes optional. */
const FRONT_MATTER_TITLE = /^title\s*:\s*(["']?)(.+?)\1\s*$/m
/** A `title …` statement (pie, gantt, journey, timeline, quadrant and xy charts …), also `pie title …`. */
const TITLE_STATEMENT = /^\s*(?:pie\b.*?\s)?title\s+(.+?)\s*$/m
/** Diagram types whose grammar has a `title` statement; elsewhere `title` could be a node's name. */
const TITLED_TYPES = /^(pie|gantt|journey|timeline|quadrantChart|xychart(-beta)?|radar-beta|packet(-beta)?|kanban)\b/

/**
 * Finds the title a mermaid diagram declares, or undefined when it has none. In order: `accTitle:` (meant for
 * exactly this), the front-matter `title:`, then a `title` statement of diagram types that have one.
 * `%%` comment lines are ignored.
 *
 *     'flowchart LR\n  accTitle: Ablauf\n  A --> B'       → 'Ablauf'
 *     '---\ntitle: "Bestellung"\n---\nsequenceDiagram'  → 'Bestellung'
 *     'pie title Anteile\n  "A": 1'                       → 'Anteile'
 *     'flowchart LR\n  title --> B'                       → undefined
 */
export function diagramTitle(source: string): string | undefined {
  const text = source.replace(/^\s*%%.*$/gm, '')
  const accTitle = ACC_TITLE.exec(text)?.[1]
  if (accTitle) return accTitle
  const frontMatter = FRONT_MATTER.exec(text)
  const fromFrontMatter = frontMatter ? FRONT_MATTER_TITLE.exec(frontMatter[1])?.[2] : undefined
  if (fromFrontMatter) return fromFrontMatter
  const body = frontMatter ? text.slice(frontMatter[0].length) : text
  if (!TITLED_TYPES.test(body.trimStart())) return undefined
  return TITLE_STATEMENT.exec(body)?.[1] || undefined
}
