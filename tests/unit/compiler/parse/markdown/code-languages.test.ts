import hljs from 'highlight.js/lib/core'
import { toHtml } from 'hast-util-to-html'
import { createLowlight } from 'lowlight'
import { describe, expect, it } from 'vitest'
import {
  GRAMMARS,
  OUR_ALIASES,
  OWN_ALIASES,
  createHighlighter,
  grammarOf,
} from '../../../../../src/compiler/parse/markdown/code/languages.js'

/** Every name a fence may use for a grammar: the grammars' names, their own aliases and ours. */
const NAMES = [...Object.keys(GRAMMARS), ...Object.values(OWN_ALIASES).flat(), ...Object.values(OUR_ALIASES).flat()]

/** What wikigen highlighted with before: every grammar registered at once, then our aliases. */
const everyGrammar = createLowlight(GRAMMARS)
everyGrammar.registerAlias(OUR_ALIASES)

/** Code that reaches into embedded languages: HTML's scripts and styles, templates, an HTTP body, a shell session. */
const SAMPLES = [
  '<!doctype html>\n<html><head><style>a { color: red }</style>\n<script>const x = `a${1}`; fetch("/api")</script></head>\n<body onload="go()">{{ name }} {% if x %}<b>ja</b>{% endif %}</body></html>',
  'POST /api/seiten HTTP/1.1\nHost: wiki\nContent-Type: application/json\n\n{"seite": [1, 2], "aktiv": true}',
  'HTTP/1.1 200 OK\nContent-Type: text/html\n\n<p class="x">Hallo</p>\n<script>let a = 1</script>',
  '$ echo $HOME && ls -la | grep md\n>>> print("hi")\nFROM debian\nRUN apt-get update',
  '# Titel\n\n```js\nlet a = 1\n```\n<div>*x*</div>\n- [ ] Aufgabe',
  'def f(x):\n    return {"a": x}  # Kommentar\nSELECT * FROM t WHERE a = 1;\nkey: value\n[section]\nname = "v"',
]

describe('code grammars known by name before they are registered', () => {
  it('lists the aliases every grammar declares', () => {
    const declared = Object.entries(GRAMMARS)
      .map(([name, grammar]) => [name, grammar(hljs).aliases ?? []] as const)
      .filter(([, aliases]) => aliases.length > 0)
    expect(OWN_ALIASES).toEqual(Object.fromEntries(declared))
  })

  it('resolves every name to the grammar highlight.js picks with all of them registered', () => {
    const full = hljs.newInstance()
    for (const [name, grammar] of Object.entries(GRAMMARS)) full.registerLanguage(name, grammar)
    for (const [name, aliases] of Object.entries(OUR_ALIASES)) full.registerAliases([...aliases], { languageName: name })
    for (const name of NAMES) {
      const grammar = grammarOf(name)
      if (grammar === null) continue // plain text on purpose
      expect(grammar, name).toBeDefined()
      // `shell` means bash in a fence (highlight.js's `shell` is for sessions with prompts)
      expect(full.getLanguage(grammar!), name).toBe(full.getLanguage(name === 'shell' ? 'bash' : name))
    }
    expect(grammarOf('COBOL-85')).toBeUndefined()
  })

  it.each(NAMES)('highlights %s as with every grammar registered, embedded languages included', (name) => {
    const grammar = grammarOf(name)
    if (!grammar) return
    const highlighter = createHighlighter()
    for (const sample of SAMPLES) {
      expect(toHtml(highlighter.highlight(grammar, sample))).toBe(toHtml(everyGrammar.highlight(grammar, sample)))
    }
  })
})
