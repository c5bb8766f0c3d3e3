/**
 * The Caddyfile, the configuration format of the Caddy web server, as a highlight.js grammar (highlight.js has none,
 * and nginx's grammar would mislabel it: Caddy has no `;`, uses `{placeholders}` and `@matchers`). Site addresses
 * and global blocks, directives (the first word of a line), matchers, placeholders, strings, numbers and comments.
 */
import type { HLJSApi, LanguageFn, Mode } from 'highlight.js'

export const caddyfile: LanguageFn = (hljs: HLJSApi) => {
  const placeholder: Mode = {
    className: 'variable',
    variants: [{ begin: /\{\$[A-Za-z_]\w*(?::[^}\s]*)?\}/ }, { begin: /\{[a-z_][\w.-]*(?:\[[^\]\s]*\])?\}/ }],
  }
  const matcher: Mode = { className: 'symbol', begin: /\B@[\w-]+/ }
  const string: Mode = {
    className: 'string',
    variants: [
      { begin: /"/, end: /"/, illegal: /\n/, contains: [hljs.BACKSLASH_ESCAPE, placeholder] },
      { begin: /`/, end: /`/ },
    ],
  }
  return {
    name: 'Caddyfile',
    aliases: ['caddy'],
    contains: <Mode[]>[
      hljs.HASH_COMMENT_MODE,
      string,
      placeholder,
      // a site block: addresses at the start of a line before `{` (`example.com, www.example.com {`, `:8080 {`)
      { className: 'section', begin: /^[^\s#{}@"][^\s{}]*(?:,?[ \t]+[^\s{}]+)*(?=[ \t]*\{[ \t]*$)/ },
      matcher,
      // a directive or subdirective: the first word of a line
      { begin: [/^[ \t]*/, /[a-z_][\w-]*/], beginScope: { 2: 'keyword' } },
      { className: 'number', begin: /\b\d+(?:\.\d+)?(?:ms|s|m|h|d|[kKmMgG][bB]?|%)?\b/ },
    ],
  }
}
