/**
 * The code languages wikigen highlights: highlight.js's common set, the configuration and ops languages teams write
 * about (Dockerfile, nginx, PowerShell, HTTP, batch files, Java properties, Jinja, Twig, Apache/.htaccess, LaTeX), and two grammars of its own
 * (HCL/Terraform, Caddyfile). Names as typed in a fence are matched case-insensitively, aliases included.
 */
import { common, createLowlight } from 'lowlight'
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
let highlighter: Lowlight | undefined

/**
 * The highlighter with every grammar registered, made at its first use: registering them costs a thread 30 ms, which
 * the main thread of a warm build, compiling a page without code or none at all, does not spend.
 */
export function lowlight(): Lowlight {
  if (highlighter) return highlighter
  highlighter = createLowlight({
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
  })
  // names people type that the grammars do not list themselves
  highlighter.registerAlias({
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
  })
  return highlighter
}

/**
 * Obsidian's embedded search (a ```query block) runs in the app; a static site shows the query as written, as Obsidian
 * Publish does, without a warning.
 */
export const QUERY = 'query'

/** Fence names that mean plain text on purpose: shown as written, without highlighting and without a warning. */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'output', 'log', QUERY])

/** Names highlight.js gives another meaning: `shell` is its grammar for sessions with prompts (`console` is kept for that). */
const GRAMMARS: Record<string, string> = { shell: 'bash' }

/** The grammar for a fence name, `null` for plain text on purpose, `undefined` for a language wikigen does not know. */
export function grammarOf(name: string): string | null | undefined {
  const key = name.toLowerCase()
  if (PLAIN.has(key)) return null
  const grammar = GRAMMARS[key] ?? key
  return lowlight().registered(grammar) ? grammar : undefined
}

/** The languages a reader may name, sorted, for the warning about an unknown one (grammars by name, not aliases). */
export function knownLanguages(): string[] {
  return lowlight()
    .listLanguages()
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
