/**
 * Turns wikilink tokens into mdast `wikiLink` nodes that keep their source position.
 *
 *     [[Odoo Hosting#Varianten|Text]] → { type: 'wikiLink', embed: false, target: 'Odoo Hosting', anchor: 'Varianten', alias: 'Text' }
 *     ![[logo.svg]]                   → { type: 'wikiLink', embed: true, target: 'logo.svg', anchor: undefined, alias: undefined }
 */
import type { Literal } from 'mdast'
import type { CompileContext, Extension, Token } from 'mdast-util-from-markdown'

export interface WikiLink extends Literal {
  type: 'wikiLink'
  /** true for `![[…]]`. */
  embed: boolean
  /** The page name, file name or path before '#' and '|', trimmed; '' for a same-page `[[#Heading]]`. */
  target: string
  anchor?: string
  alias?: string
}

declare module 'mdast' {
  interface PhrasingContentMap {
    wikiLink: WikiLink
  }
  interface RootContentMap {
    wikiLink: WikiLink
  }
}

/** Splits the raw text between the brackets into target, anchor and alias. */
export function parseWikiLinkValue(raw: string): Pick<WikiLink, 'target' | 'anchor' | 'alias'> {
  const bar = raw.search(/\\?\|/)
  const reference = bar === -1 ? raw : raw.slice(0, bar)
  const alias = bar === -1 ? undefined : raw.slice(raw.indexOf('|', bar) + 1).trim()
  const hash = reference.indexOf('#')
  const target = (hash === -1 ? reference : reference.slice(0, hash)).trim()
  const anchor = hash === -1 ? undefined : reference.slice(hash + 1).trim()
  return { target, anchor: anchor || undefined, alias: alias || undefined }
}

function enter(this: CompileContext, token: Token, embed: boolean): void {
  const node: WikiLink = { type: 'wikiLink', embed, target: '', value: '' }
  this.enter(node as never, token)
}

/** The from-markdown extension; pass it to `fromMarkdown`'s `mdastExtensions`. */
export function wikiLinkFromMarkdown(): Extension {
  return {
    enter: {
      wikiLink(token) {
        enter.call(this, token, false)
      },
      wikiEmbed(token) {
        enter.call(this, token, true)
      },
    },
    exit: {
      wikiLinkValue(token) {
        const node = this.stack[this.stack.length - 1] as unknown as WikiLink
        node.value = this.sliceSerialize(token)
        Object.assign(node, parseWikiLinkValue(node.value))
      },
      wikiLink(token) {
        this.exit(token)
      },
      wikiEmbed(token) {
        this.exit(token)
      },
    },
  }
}
