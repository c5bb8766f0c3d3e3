/**
 * The markdown hooks of `wikigen.config.ts` (`markdown: { … }`): micromark syntax extensions with the mdast extensions
 * that turn their tokens into nodes, and transforms of each page's mdast and hast trees. Build workers cannot receive
 * functions, so a worker imports the config module itself (workers/worker.ts); with no hooks nothing is loaded.
 *
 * A hook that throws fails its page with an error naming the hook and the page; the page is still built without it,
 * so the rest of the site (and the dev server) keeps working.
 */
import type { Root as HastRoot } from 'hast'
import type { Root as MdastRoot } from 'mdast'
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown'
import type { Extension as MicromarkExtension } from 'micromark-util-types'
import type { Frontmatter } from '../frontmatter.js'

/** What a transform learns about the page whose tree it gets. */
export interface MarkdownFile {
  /** The page's file, relative to the content folder, e.g. "Odoo/Odoo Hosting.md". */
  path: string
  /** The page's front matter, read (unknown keys included). */
  frontmatter: Readonly<Frontmatter>
}

export type MdastTransform = (tree: MdastRoot, file: MarkdownFile) => void
export type HastTransform = (tree: HastRoot, file: MarkdownFile) => void

/** The `markdown` section of the config, every list present. */
export interface MarkdownPlugins {
  micromarkExtensions: MicromarkExtension[]
  mdastExtensions: FromMarkdownExtension[]
  mdastTransforms: MdastTransform[]
  hastTransforms: HastTransform[]
}

/** The hooks of a config's `markdown` section, or undefined when it has none (the usual case: nothing to do). */
export function markdownPluginsOf(section: unknown): MarkdownPlugins | undefined {
  if (typeof section !== 'object' || section === null) return undefined
  const list = (key: string) => {
    const value = (section as Record<string, unknown>)[key]
    return Array.isArray(value) ? value : []
  }
  const plugins: MarkdownPlugins = {
    micromarkExtensions: list('micromarkExtensions'),
    mdastExtensions: list('mdastExtensions'),
    mdastTransforms: list('mdastTransforms').filter((f) => typeof f === 'function'),
    hastTransforms: list('hastTransforms').filter((f) => typeof f === 'function'),
  }
  return Object.values(plugins).some((hooks) => hooks.length > 0) ? plugins : undefined
}

/** A hook's failure on one page, as the page's diagnostic reports it. */
export interface HookProblem {
  /** The hook, as the config names it: `markdown.hastTransforms[0] (addKbd)`. */
  hook: string
  message: string
}

/** The name of hook `index` of a config list, with the function's own name when it has one. */
export function hookName(list: keyof MarkdownPlugins, index: number, hook?: unknown): string {
  const name = typeof hook === 'function' && hook.name ? ` (${hook.name})` : ''
  return `markdown.${list}[${index}]${name}`
}

/** Runs the transforms of `list` on `tree` one by one; each one that throws is a problem, and the next ones still run. */
export function runTransforms<T>(
  list: 'mdastTransforms' | 'hastTransforms',
  transforms: readonly ((tree: T, file: MarkdownFile) => void)[],
  tree: T,
  file: MarkdownFile,
  problems: HookProblem[],
): void {
  transforms.forEach((transform, index) => {
    try {
      const result: unknown = transform(tree, file)
      if (result instanceof Promise) {
        void result.catch(() => undefined)
        problems.push({ hook: hookName(list, index, transform), message: 'returned a promise; transforms run synchronously' })
      }
    } catch (error) {
      problems.push({ hook: hookName(list, index, transform), message: messageOf(error) })
    }
  })
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
