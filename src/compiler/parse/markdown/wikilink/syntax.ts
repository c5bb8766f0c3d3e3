/**
 * micromark extension for Obsidian wikilinks and embeds.
 *
 *     [[Odoo Hosting]]                 → wikiLink (target 'Odoo Hosting')
 *     [[Odoo Hosting#Varianten|Text]]  → wikiLink (target, anchor, alias)
 *     [[Odoo Hosting\|Text]]           → the same inside a GFM table cell, where '|' must be escaped
 *     ![[talwerk-logo.svg]]            → wikiEmbed
 *
 * The value between the brackets is one token; it may not contain '[', ']' or a line ending, and
 * is at most MAX_VALUE_LENGTH characters, so a stray '[[' costs a short look-ahead, never a scan of the page.
 * Being a tokenizer, it never fires inside code spans or fenced code.
 */
import type { Code, Construct, Extension, State, TokenizeContext, Tokenizer } from 'micromark-util-types'
import { markdownLineEnding, markdownSpace } from 'micromark-util-character'
import { codes } from 'micromark-util-symbol'

const MAX_VALUE_LENGTH = 1000

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    wikiLink: 'wikiLink'
    wikiEmbed: 'wikiEmbed'
    wikiLinkMarker: 'wikiLinkMarker'
    wikiLinkValue: 'wikiLinkValue'
  }
}

const tokenizeWikiLink: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  let size = 0
  let isEmbed = false
  let hasText = false

  const start: State = (code) => {
    if (code === codes.exclamationMark) {
      isEmbed = true
      effects.enter('wikiEmbed')
      effects.enter('wikiLinkMarker')
      effects.consume(code)
      return openFirst
    }
    effects.enter('wikiLink')
    effects.enter('wikiLinkMarker')
    return openFirst(code)
  }

  const openFirst: State = (code) => {
    if (code !== codes.leftSquareBracket) return nok(code)
    effects.consume(code)
    return openSecond
  }

  const openSecond: State = (code) => {
    if (code !== codes.leftSquareBracket) return nok(code)
    effects.consume(code)
    effects.exit('wikiLinkMarker')
    return valueStart
  }

  const valueStart: State = (code) => {
    if (!isValueCharacter(code)) return nok(code)
    effects.enter('wikiLinkValue')
    return value(code)
  }

  const value: State = (code) => {
    if (code === codes.rightSquareBracket) {
      if (!hasText) return nok(code)
      effects.exit('wikiLinkValue')
      effects.enter('wikiLinkMarker')
      effects.consume(code)
      return closeSecond
    }
    if (!isValueCharacter(code) || ++size > MAX_VALUE_LENGTH) return nok(code)
    if (!markdownSpace(code)) hasText = true
    effects.consume(code)
    return value
  }

  const closeSecond: State = (code) => {
    if (code !== codes.rightSquareBracket) return nok(code)
    effects.consume(code)
    effects.exit('wikiLinkMarker')
    effects.exit(isEmbed ? 'wikiEmbed' : 'wikiLink')
    return ok
  }

  return start
}

function isValueCharacter(code: Code): boolean {
  return code !== codes.eof && code !== codes.leftSquareBracket && code !== codes.rightSquareBracket && !markdownLineEnding(code)
}

const wikiLinkConstruct: Construct = { name: 'wikiLink', tokenize: tokenizeWikiLink }

/** The syntax extension; pass it to micromark's `extensions`. */
export function wikiLinkSyntax(): Extension {
  return {
    text: {
      [codes.leftSquareBracket]: wikiLinkConstruct,
      [codes.exclamationMark]: wikiLinkConstruct,
    },
  }
}
