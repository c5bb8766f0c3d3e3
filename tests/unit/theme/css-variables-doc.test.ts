/**
 * docs/theming.md lists the theme's CSS variables for sites that set their own colours and fonts: every variable
 * src/theme/styles/vars.css defines, and none it does not, so the list cannot drift from the theme.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const repo = join(import.meta.dirname, '../../..')
const read = (path: string) => readFileSync(join(repo, path), 'utf8')

/** The custom properties a block of CSS defines (`--name:`), in order. */
const defined = (css: string) => [...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1])

describe('docs/theming.md', () => {
  it("lists exactly the variables of the theme's vars.css, light and dark", () => {
    const vars = read('src/theme/styles/vars.css')
    const dark = vars.slice(vars.indexOf("html[data-theme='dark']"))
    const light = vars.slice(0, vars.indexOf("html[data-theme='dark']"))
    const table = read('docs/theming.md')
      .split('\n')
      .filter((line) => line.startsWith('| `--'))
    const documented = table.flatMap((line) => [...line.split('|')[1].matchAll(/`(--[\w-]+)`/g)].map((m) => m[1]))
    expect([...documented].sort()).toEqual([...new Set(defined(light))].sort())
    // every colour the dark mode sets is one of them
    for (const name of defined(dark)) expect(documented).toContain(name)
  })
})
