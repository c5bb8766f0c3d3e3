/**
 * Markdown text to mdast: CommonMark + GFM through micromark, plus wikilinks, highlights, inline footnotes, math,
 * containers, tab groups and callouts.
 */
import type { Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import './edit-map.js'
import { transformCallouts } from './callout/index.js'
import { groupContainers, type ContainerProblem } from './container/index.js'
import { gfmFromMarkdown, gfmSyntax, linkLiterals, withGfmDocument } from './gfm.js'
import type { MarkdownPlugins } from './plugins.js'
import { highlightFromMarkdown, highlightSyntax } from './highlight/index.js'
import { inlineFootnoteFromMarkdown, inlineFootnoteSyntax, placeInlineFootnotes } from './inline-footnote/index.js'
import { mathFromMarkdown, mathSyntax, withMathDocument } from './math/index.js'
import { wikiLinkFromMarkdown, wikiLinkSyntax } from './wikilink/index.js'

const extensions = [...gfmSyntax, wikiLinkSyntax(), highlightSyntax(), inlineFootnoteSyntax(), mathSyntax()]
const mdastExtensions = [
  ...gfmFromMarkdown,
  wikiLinkFromMarkdown(),
  highlightFromMarkdown(),
  inlineFootnoteFromMarkdown(),
  mathFromMarkdown(),
]

export interface ParsedMarkdown {
  tree: Root
  problems: ContainerProblem[]
}

/** The syntax of a config's markdown hooks after wikigen's own, made once per set of hooks. */
const withPlugins = new WeakMap<MarkdownPlugins, { extensions: typeof extensions; mdastExtensions: typeof mdastExtensions }>()

function syntaxOf(plugins: MarkdownPlugins | undefined) {
  if (!plugins || (plugins.micromarkExtensions.length === 0 && plugins.mdastExtensions.length === 0)) return { extensions, mdastExtensions }
  let syntax = withPlugins.get(plugins)
  if (!syntax) {
    syntax = {
      extensions: [...extensions, ...plugins.micromarkExtensions],
      mdastExtensions: [...mdastExtensions, ...plugins.mdastExtensions],
    }
    withPlugins.set(plugins, syntax)
  }
  return syntax
}

/**
 * Parses one page body into mdast with every wikigen construct recognised, and the syntax extensions of the config's
 * markdown hooks, if any (a hook that throws here throws out of this function).
 */
export function parseMarkdown(text: string, plugins?: MarkdownPlugins): ParsedMarkdown {
  const syntax = syntaxOf(plugins)
  const tree = withGfmDocument(text, () => withMathDocument(text, () => fromMarkdown(text, syntax)))
  placeInlineFootnotes(tree)
  linkLiterals(tree)
  const problems = groupContainers(tree)
  transformCallouts(tree)
  return { tree, problems }
}
