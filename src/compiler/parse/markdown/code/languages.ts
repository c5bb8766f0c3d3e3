/**
 * The code languages wikigen highlights: highlight.js's common set, the configuration and ops languages teams write
 * about (Dockerfile, nginx, PowerShell, HTTP, batch files, Java properties, Jinja, Twig, Apache/.htaccess, LaTeX), and two grammars of its own
 * (HCL/Terraform, Caddyfile). Names as typed in a fence are matched case-insensitively, aliases included.
 */
import { common, createLowlight, type LanguageFn } from 'lowlight'
import dockerfile from 'highlight.js/lib/languages/dockerfile'
import nginx from 'highlight.js/lib/languages/nginx'
import powershell from 'highlight.js/lib/languages/powershell'
import http from 'highlight.js/lib/languages/http'
import dos from 'highlight.js/lib/languages/dos'
import properties from 'highlight.js/lib/languages/properties'
import django from 'highlight.js/lib/languages/django'
import apache from 'highlight.js/lib/languages/apache'
import twig from 'highlight.js/lib/languages/twig'
import latex from 'highlight.js/lib/languages/latex'
import { caddyfile } from './grammars/caddyfile.js'
import { hcl } from './grammars/hcl.js'

type Lowlight = ReturnType<typeof createLowlight>
type Mode = { subLanguage?: string | string[]; contains?: unknown; variants?: unknown; starts?: unknown }

/** Every grammar by the name it is registered under, in the order of registration (auto-detection breaks ties by it). */
export const GRAMMARS: Readonly<Record<string, LanguageFn>> = {
  ...common,
  dockerfile,
  nginx,
  powershell,
  http,
  dos,
  properties,
  django,
  apache,
  twig,
  latex,
  hcl,
  caddyfile,
}

/**
 * The aliases each grammar declares in its definition. Knowing them without running the definitions lets a thread
 * register only the grammars its pages use (all of them took 26 ms in a fresh process, one 2.4 ms). A test keeps this table equal to
 * what the grammars declare.
 */
export const OWN_ALIASES: Readonly<Record<string, readonly string[]>> = {
  arduino: ['ino'],
  bash: ['sh', 'zsh'],
  c: ['h'],
  cpp: ['cc', 'c++', 'h++', 'hpp', 'hh', 'hxx', 'cxx'],
  csharp: ['cs', 'c#'],
  diff: ['patch'],
  go: ['golang'],
  graphql: ['gql'],
  ini: ['toml'],
  java: ['jsp'],
  javascript: ['js', 'jsx', 'mjs', 'cjs'],
  json: ['jsonc', 'json5'],
  kotlin: ['kt', 'kts'],
  lua: ['pluto'],
  makefile: ['mk', 'mak', 'make'],
  markdown: ['md', 'mkdown', 'mkd'],
  objectivec: ['mm', 'objc', 'obj-c', 'obj-c++', 'objective-c++'],
  perl: ['pl', 'pm'],
  plaintext: ['text', 'txt'],
  python: ['py', 'gyp', 'ipython'],
  'python-repl': ['pycon'],
  ruby: ['rb', 'gemspec', 'podspec', 'thor', 'irb'],
  rust: ['rs'],
  shell: ['console', 'shellsession'],
  typescript: ['ts', 'tsx', 'mts', 'cts'],
  vbnet: ['vb'],
  xml: ['html', 'xhtml', 'rss', 'atom', 'xjb', 'xsd', 'xsl', 'plist', 'wsf', 'svg'],
  yaml: ['yml'],
  dockerfile: ['docker'],
  nginx: ['nginxconf'],
  powershell: ['pwsh', 'ps', 'ps1'],
  http: ['https'],
  dos: ['bat', 'cmd'],
  django: ['jinja'],
  apache: ['apacheconf'],
  twig: ['craftcms'],
  latex: ['tex'],
  hcl: ['terraform', 'tf', 'tfvars', 'hcl2', 'opentofu'],
  caddyfile: ['caddy'],
}

/** Names people type that the grammars do not list themselves. */
export const OUR_ALIASES: Readonly<Record<string, readonly string[]>> = {
  bash: ['shell-script', 'bashrc'],
  shell: ['terminal', 'shellsession'],
  nginx: ['nginx.conf'],
  django: ['j2', 'jinja2'],
  ini: ['conf', 'cfg', 'systemd', 'desktop', 'editorconfig', 'gitconfig'],
  dockerfile: ['containerfile'],
  yaml: ['yml'],
  hcl: ['nomad', 'packer'],
  apache: ['htaccess'],
  latex: ['mathjax', 'katex'],
}

/** Each name a fence may use (lower case) → its grammar's name, as highlight.js resolves it with every grammar registered. */
const NAMES = new Map<string, string>()
for (const table of [OWN_ALIASES, OUR_ALIASES]) {
  for (const [name, aliases] of Object.entries(table)) for (const alias of aliases) NAMES.set(alias, name)
}
for (const name of Object.keys(GRAMMARS)) NAMES.set(name, name) // a grammar's name comes before any alias

/** The highlighter as pages use it: `highlight` takes a grammar's name (see `grammarOf`). */
export interface Highlighter {
  highlight(grammar: string, value: string): ReturnType<Lowlight['highlight']>
}

/**
 * A highlighter that registers a grammar at its first use, with the grammars it embeds (HTML's scripts and styles,
 * a shell session's commands), so that a block is highlighted as with every grammar registered. A grammar that guesses
 * its embedded language among all of them (an HTTP message's body) runs on a highlighter with all of them, registered
 * in their order, since the guess breaks ties by that order.
 */
export function createHighlighter(): Highlighter {
  const some = createLowlight()
  let all: Lowlight | undefined
  /** Each grammar registered on `some`: whether it guesses among all grammars, and the grammars it embeds. */
  const embeds = new Map<string, { guessesAmongAll: boolean; grammars: string[] }>()
  /** Each grammar a block used: whether it needs the highlighter with all grammars. */
  const needsAll = new Map<string, boolean>()

  function register(name: string): void {
    if (embeds.has(name)) return
    const found: Array<string | string[]> = []
    some.register(name, (hljs) => {
      const definition = GRAMMARS[name]!(hljs)
      subLanguagesOf(definition as Mode, found, new Set())
      return definition
    })
    const grammars = found.flat().flatMap((other) => NAMES.get(other.toLowerCase()) ?? [])
    embeds.set(name, { guessesAmongAll: found.some((sub) => Array.isArray(sub) && sub.length === 0), grammars })
    for (const grammar of grammars) register(grammar) // a grammar may embed itself (XML in XML): registered by now
  }

  /** Whether a block of this grammar may guess among all grammars, itself or in a grammar it embeds. */
  const guesses = (name: string, seen: Set<string>): boolean => {
    if (seen.has(name)) return false
    seen.add(name)
    const { guessesAmongAll, grammars } = embeds.get(name)!
    return guessesAmongAll || grammars.some((grammar) => guesses(grammar, seen))
  }

  return {
    highlight(grammar, value) {
      let onAll = needsAll.get(grammar)
      if (onAll === undefined) {
        register(grammar)
        needsAll.set(grammar, (onAll = guesses(grammar, new Set())))
      }
      if (!onAll) return some.highlight(grammar, value)
      if (!all) {
        all = createLowlight(GRAMMARS)
        all.registerAlias(OUR_ALIASES)
      }
      return all.highlight(grammar, value)
    },
  }
}

/** The `subLanguage` values of a grammar's modes, however deep. */
function subLanguagesOf(mode: Mode, into: Array<string | string[]>, seen: Set<Mode>): void {
  if (seen.has(mode)) return
  seen.add(mode)
  if (mode.subLanguage !== undefined) into.push(mode.subLanguage)
  for (const next of [mode.contains, mode.variants, mode.starts].flat()) {
    if (next !== null && typeof next === 'object') subLanguagesOf(next as Mode, into, seen)
  }
}

let threadHighlighter: Highlighter | undefined

/** This thread's highlighter, made at its first use. */
export function highlighter(): Highlighter {
  return (threadHighlighter ??= createHighlighter())
}

/**
 * Obsidian's embedded search (a ```query block) runs in the app; a static site shows the query as written, as Obsidian
 * Publish does, without a warning.
 */
export const QUERY = 'query'

/** Fence names that mean plain text on purpose: shown as written, without highlighting and without a warning. */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'output', 'log', QUERY])

/** Names highlight.js gives another meaning: `shell` is its grammar for sessions with prompts (`console` is kept for that). */
const MEANINGS: Record<string, string> = { shell: 'bash' }

/** The grammar for a fence name, `null` for plain text on purpose, `undefined` for a language wikigen does not know. */
export function grammarOf(name: string): string | null | undefined {
  const key = name.toLowerCase()
  if (PLAIN.has(key)) return null
  return NAMES.get(MEANINGS[key] ?? key)
}

/** The languages a reader may name, sorted, for the warning about an unknown one (grammars by name, not aliases). */
export function knownLanguages(): string[] {
  return Object.keys(GRAMMARS)
    .filter((name) => name !== 'plaintext')
    .concat(['text'])
    .sort()
}

/** Fence names whose label in the corner differs from the name as typed. */
const LABELS: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  md: 'markdown',
  tf: 'hcl',
  terraform: 'hcl',
  ps1: 'powershell',
  pwsh: 'powershell',
  ps: 'powershell',
  docker: 'dockerfile',
  j2: 'jinja',
  jinja2: 'jinja',
  caddy: 'caddyfile',
  txt: 'text',
  plain: 'text',
  plaintext: 'text',
}

/** The label a block shows in its corner and carries as `language-x` class. */
export function labelOf(name: string): string {
  const key = name.toLowerCase()
  return LABELS[key] ?? (key || 'text')
}
