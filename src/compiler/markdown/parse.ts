/**
 * Markdown text to mdast: CommonMark + GFM through micromark, plus wikilinks, highlights,
 * containers, tab groups and callouts.
 */
import type { Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import './edit-map.js'
import { transformCallouts } from './callout/index.js'
import { groupContainers, type ContainerProblem } from './container/index.js'
import { gfmFromMarkdown, gfmSyntax, linkLiterals, withGfmDocument } from './gfm.js'
import { highlightFromMarkdown, highlightSyntax } from './highlight/index.js'
import { wikiLinkFromMarkdown, wikiLinkSyntax } from './wikilink/index.js'

const extensions = [...gfmSyntax, wikiLinkSyntax(), highlightSyntax()]
const mdastExtensions = [...gfmFromMarkdown, wikiLinkFromMarkdown(), highlightFromMarkdown()]

export interface ParsedMarkdown {
  tree: Root
  problems: ContainerProblem[]
}

/** Parses one page body into mdast with every wikigen construct recognised. */
export function parseMarkdown(text: string): ParsedMarkdown {
  const tree = withGfmDocument(text, () => fromMarkdown(text, { extensions, mdastExtensions }))
  linkLiterals(tree)
  const problems = groupContainers(tree)
  transformCallouts(tree)
  return { tree, problems }
}
