/**
 * The info string of a fence, as VuePress reads it: the language, then lines to highlight in braces and line-number
 * switches, in either order and with or without a space:
 *
 *     ```ts {2,4-5}            lines 2, 4 and 5 highlighted
 *     ```ts:line-numbers       a line-number gutter
 *     ```ts:line-numbers=5 {1} numbers starting at 5, line 1 highlighted
 *     ```ts:no-line-numbers    no gutter, even where the default is one
 */

export interface FenceInfo {
  /** The language as typed, lower case; '' when the fence names none. */
  lang: string
  /** 1-based line numbers to highlight. */
  highlight: Set<number>
  /** true or false when the fence says so, undefined when it does not. */
  lineNumbers?: boolean
  /** The number of the first line (`:line-numbers=5`), 1 otherwise. */
  start: number
}

const RANGES = /\{([^}]*)\}/g
const SWITCH = /:(no-)?line-numbers(?:=(-?\d+))?(?=$|[\s:{])/gi
/** More highlighted lines than any block has; a `{1-99999999}` must not make a set of a hundred million entries. */
const MAX_LINE = 100_000

export function parseFenceInfo(lang: string | null | undefined, meta: string | null | undefined): FenceInfo {
  let rest = `${lang ?? ''} ${meta ?? ''}`.trim()
  const info: FenceInfo = { lang: '', highlight: new Set(), start: 1 }
  rest = rest.replace(RANGES, (_, ranges: string) => {
    for (const part of ranges.split(',')) {
      const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part)
      if (!range) continue
      const from = Number(range[1])
      const to = Math.min(Number(range[2] ?? range[1]), MAX_LINE)
      for (let line = from; line <= to; line++) info.highlight.add(line)
    }
    return ' '
  })
  rest = rest.replace(SWITCH, (_, no: string | undefined, start: string | undefined) => {
    info.lineNumbers = !no
    if (!no && start !== undefined) info.start = Number(start)
    return ' '
  })
  const words = rest.trim().split(/\s+/).filter(Boolean)
  info.lang = (words.shift() ?? '').toLowerCase()
  return info
}
