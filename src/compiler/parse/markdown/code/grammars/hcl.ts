/**
 * HCL, the configuration language of Terraform, OpenTofu, Packer, Nomad and Vault, as a highlight.js grammar
 * (highlight.js has none). It knows what a reader scans for: block types and labels, attribute names, strings with
 * `${…}` and `%{…}` templates, heredocs, numbers, `true`/`false`/`null`, comments and function calls.
 */
import type { CallbackResponse, HLJSApi, LanguageFn, Mode } from 'highlight.js'

export const hcl: LanguageFn = (hljs: HLJSApi) => {
  const template: Mode = {
    className: 'subst',
    variants: [
      { begin: /\$\{/, end: /\}/ },
      { begin: /%\{/, end: /\}/ },
    ],
    keywords: { literal: ['true', 'false', 'null'], keyword: ['for', 'in', 'if', 'else', 'endif', 'endfor'] },
  }
  const string: Mode = {
    className: 'string',
    begin: /"/,
    end: /"/,
    illegal: /\n/,
    contains: [hljs.BACKSLASH_ESCAPE, template],
  }
  const heredoc: Mode = {
    className: 'string',
    begin: /<<-?\s*([A-Za-z_][\w-]*)\s*$/,
    end: /^\s*([A-Za-z_][\w-]*)\s*$/,
    'on:begin': (match: RegExpMatchArray, response: CallbackResponse) => {
      response.data._end = match[1]
    },
    'on:end': (match: RegExpMatchArray, response: CallbackResponse) => {
      if (response.data._end !== match[1]) response.ignoreMatch()
    },
    contains: [template],
  }
  template.contains = [string, hljs.C_NUMBER_MODE]
  return {
    name: 'HCL',
    aliases: ['terraform', 'tf', 'tfvars', 'hcl2', 'opentofu'],
    keywords: { literal: ['true', 'false', 'null'] },
    contains: <Mode[]>[
      hljs.HASH_COMMENT_MODE,
      hljs.C_LINE_COMMENT_MODE,
      hljs.C_BLOCK_COMMENT_MODE,
      heredoc,
      string,
      // a block: its type at the start of a line, then labels, then `{`
      {
        begin: [/^[ \t]*/, /[A-Za-z_][\w-]*/, /(?=(?:\s+(?:"[^"\n]*"|[A-Za-z_][\w-]*))*\s*\{)/],
        beginScope: { 2: 'keyword' },
      },
      // an attribute or object key: a name before `=` or `:` (but not `==`)
      {
        begin: [/[A-Za-z_][\w-]*/, /(?=\s*(?:=(?!=)|:))/],
        beginScope: { 1: 'attr' },
      },
      // a function call
      {
        begin: [/[A-Za-z_][\w:-]*/, /(?=\()/],
        beginScope: { 1: 'built_in' },
      },
      hljs.C_NUMBER_MODE,
    ],
  }
}
