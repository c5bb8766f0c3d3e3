/**
 * The HTML of math: KaTeX's (katex.ts), or, where KaTeX cannot typeset the TeX, the source as code and a problem at
 * the formula.
 *
 *     $a^2$              → <span class="katex">…</span>
 *     $$                 → <div class="math-block"><span class="katex-display"><span class="katex">…</span></span></div>
 *     \frac{a}{b}
 *     $$
 *     x $$a^2$$ y        → x <span class="katex-display">…</span> y      (display math within the paragraph)
 *     $\frac{1}{$        → <code class="math-error">$\frac{1}{$</code>     and a problem
 *     $$ \frac{1}{ $$    → a code block of the source, and a problem
 *
 * `.katex-display` scrolls sideways when a formula is wider than the column (styles/math.css); the block wrapper
 * carries a block id (`^id` on the line after it).
 */
import type { Element, ElementContent, Root, RootContent } from 'hast'
import type { Nodes } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import type { Handler } from 'mdast-util-to-hast'
import { codeBlock, parseFenceInfo } from '../code/index.js'
import { element, text } from '../hast.js'
import { typeset, type PageMacros } from './katex.js'

/** A formula KaTeX could not typeset, at its line and column in the file. */
export interface MathProblem {
  message: string
  hint: string
  line: number
  column: number
}

export interface MathContext {
  /** Where a node starts in the author's file. */
  at(node: Nodes): { line: number; column: number }
  problems: MathProblem[]
  /** The style declarations of the page's formulas (styles.ts). */
  declarations: Set<string>
}

/** Longest TeX quoted in a problem's message. */
const QUOTED_TEX = 60
/** Most characters of TeX in one formula that KaTeX typesets: far more than a formula someone reads. */
export const MAX_FORMULA_CHARS = 10_000
/** Most characters of TeX typeset on one page (a few seconds, some 16 MB of HTML); later formulas show their source. */
export const MAX_PAGE_MATH_CHARS = 100_000

/** The handlers of `math` and `inlineMath` for one page; the page's macros live as long as they do. */
export function createMathHandlers(context: MathContext): { math: Handler; inlineMath: Handler } {
  const macros: PageMacros = {}
  let typesetChars = 0
  let overBudget = false
  const quoted = (value: string) => {
    const tex = value.trim().replace(/\s+/g, ' ')
    return tex.length > QUOTED_TEX ? `${tex.slice(0, QUOTED_TEX - 1)}…` : tex
  }
  const render = (node: Math | InlineMath, display: boolean): ElementContent[] | undefined => {
    const problem = (message: string, hint: string) => void context.problems.push({ message, hint, ...context.at(node) })
    // KaTeX writes about 160 bytes of HTML per character of TeX, at about 30 ms per thousand
    if (node.value.length > MAX_FORMULA_CHARS) {
      problem(
        `Formula has ${node.value.length} characters, more than the ${MAX_FORMULA_CHARS} wikigen typesets; it is shown as its source`,
        'Split it into several formulas.',
      )
      return undefined
    }
    if (overBudget) return undefined
    typesetChars += node.value.length
    if (typesetChars > MAX_PAGE_MATH_CHARS) {
      overBudget = true
      problem(
        `Page has more than ${MAX_PAGE_MATH_CHARS} characters of math; this formula and the ones after it are shown as their source`,
        'Split the page.',
      )
      return undefined
    }
    const result = typeset(node.value, display, macros, context.declarations)
    if (result.ok) return result.nodes
    problem(
      `Math cannot be typeset: ${result.message} (in "${quoted(node.value)}")`,
      'Correct the TeX (KaTeX knows most LaTeX math: https://katex.org/docs/supported.html); meanwhile the page shows its source.',
    )
    return undefined
  }
  const math: Handler = (_state, node: Math) => {
    const own = node.data?.hProperties ?? {}
    const nodes = render(node, true)
    if (nodes) return element('div', { ...own, className: ['math-block'] }, nodes)
    const block = codeBlock(`$$\n${node.value}\n$$`, parseFenceInfo('tex', null))
    block.properties = { ...own, ...block.properties, className: [...(block.properties.className as string[]), 'math-error'] }
    return block
  }
  const inlineMath: Handler = (_state, node: InlineMath) => {
    const display = node.data?.display === true
    const nodes = render(node, display)
    if (nodes) return nodes
    const fence = display ? '$$' : '$'
    return element('code', { className: ['math-error'] }, [text(`${fence}${node.value}${fence}`)])
  }
  return { math, inlineMath }
}

/** Text glued to a formula that stays on its line with it: `($x$)`, `$x$.`, `$n$-fach`, up to this many characters. */
const GLUED = /^\S{1,40}/
const GLUED_BEFORE = /\S{1,40}$/

/**
 * A formula of more parts than this (KaTeX's `katex-base` boxes, between which a line may break: after `=`, `+`, …)
 * may break inside, and then also before glued punctuation; one of fewer parts is kept on one line with it.
 */
const MAX_GLUED_PARTS = 3

/**
 * Wraps each short inline formula with the text glued to it (no space between) in `<span class="math-nowrap">`, so a
 * line never breaks between a formula and its punctuation: the browser may break after any inline box, and KaTeX's
 * formula is a row of them. Chromium breaks after the formula's last box by the formula's own white-space, so the
 * wrapper keeps the whole formula on one line (styles/math.css); a long formula is left free to break inside
 * (MAX_GLUED_PARTS), since a line it could not break would push the page wider than a phone.
 */
export function keepGluedTextWithMath(root: Root | Element): void {
  let changed = false
  const children: RootContent[] = []
  for (const [index, child] of root.children.entries()) {
    if (child.type !== 'element' || !isInlineFormula(child) || partsOf(child) > MAX_GLUED_PARTS) {
      // a display formula holds no other
      if (child.type === 'element' && !isDisplayFormula(child)) keepGluedTextWithMath(child)
      children.push(child)
      continue
    }
    const previous = children[children.length - 1]
    const next = root.children[index + 1]
    const before = previous?.type === 'text' ? GLUED_BEFORE.exec(previous.value)?.[0] : undefined
    const after = next?.type === 'text' ? GLUED.exec(next.value)?.[0] : undefined
    if (!before && !after) {
      children.push(child)
      continue
    }
    if (before && previous.type === 'text') {
      previous.value = previous.value.slice(0, -before.length)
      if (previous.value === '') children.pop()
    }
    if (after && next.type === 'text') next.value = next.value.slice(after.length)
    children.push(
      element('span', { className: ['math-nowrap'] }, [...(before ? [text(before)] : []), child, ...(after ? [text(after)] : [])]),
    )
    changed = true
  }
  if (changed) root.children = children.filter((child) => child.type !== 'text' || child.value !== '') as typeof root.children
}

const firstClass = (node: RootContent) =>
  node.type === 'element' && Array.isArray(node.properties.className) ? node.properties.className[0] : undefined
const isInlineFormula = (node: Element) => firstClass(node) === 'katex'
const isDisplayFormula = (node: RootContent) => firstClass(node) === 'katex-display'

/** The boxes of a formula's HTML between which a line may break. */
function partsOf(formula: Element): number {
  const html = formula.children.find((child): child is Element => child.type === 'element' && firstClass(child) === 'katex-html')
  return html ? html.children.filter((child) => child.type === 'element' && firstClass(child) === 'katex-base').length : 0
}
