/**
 * KaTeX's style declarations as classes: one class per declaration, named by a hash of it, so the same declaration
 * has the same class on every page and in every thread, and the site needs each rule once (emit/math-sheet.ts).
 *
 *     mathClassOf('height:0.6444em')        → 'k-Xq3vT0a'
 *     mathStylesheet(['height:0.6444em'])   → '.k-Xq3vT0a{height:0.6444em!important}\n'
 *
 * `!important` gives the rule the weight the style attribute had: it wins over KaTeX's own stylesheet.
 */
import { createHash } from 'node:crypto'

/**
 * What a declaration may look like to become a rule: a property, and a value of words, numbers, units, `#` colours,
 * `%`, `.`, `-`, `,`, spaces, arithmetic and balanced brackets (`rgb(0 128 128 / 50%)`); nothing that could end the
 * rule or the sheet (`;`, `{`, `}`, `<`, quotes, `\`, a comment, an unclosed bracket). KaTeX writes nothing else, and
 * authors' declarations have passed author-styles.ts, so this only guards the sheet.
 */
const SAFE_DECLARATION = /^[a-z-]+:[\w#%.,\s()+*/-]+$/

/** Functions a value may call: colours and arithmetic; none that loads anything (`url()`, `image-set()`). */
const SAFE_FUNCTIONS = new Set([
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color-mix',
  'var',
  'calc',
  'min',
  'max',
  'clamp',
])

/** True when `declaration` can stand in a rule of the sheet without ending it, the rule or a comment early. */
export function isSafeDeclaration(declaration: string): boolean {
  if (!SAFE_DECLARATION.test(declaration) || declaration.includes('/*')) return false
  for (const call of declaration.matchAll(/([a-z-]*)\s*\(/gi)) if (!SAFE_FUNCTIONS.has(call[1].toLowerCase())) return false
  let depth = 0
  for (const char of declaration) {
    if (char === '(') depth++
    else if (char === ')' && --depth < 0) return false
  }
  return depth === 0
}

const names = new Map<string, string | undefined>()

/** The class standing for `declaration` (`property:value`), or undefined for one that cannot be a rule. */
export function mathClassOf(declaration: string): string | undefined {
  let name = names.get(declaration)
  if (name === undefined && !names.has(declaration)) {
    name = isSafeDeclaration(declaration) ? `k-${createHash('sha1').update(declaration).digest('base64url').slice(0, 7)}` : undefined
    names.set(declaration, name)
  }
  return name
}

/** The rules for `declarations`, sorted, one a line. */
export function mathStylesheet(declarations: Iterable<string>): string {
  const rules: string[] = []
  for (const declaration of [...new Set(declarations)].sort()) {
    const name = mathClassOf(declaration)
    if (name) rules.push(`.${name}{${declaration}!important}\n`)
  }
  return rules.join('')
}
