/**
 * No single value kills a build: a name too long for a file system, a page full of tags, a date past the years a date
 * can have, a title too long for `wikigen new`. Each is a diagnostic (or, for `new`, an error with a hint), and the
 * rest of the site builds. Real folders, the real build and CLI.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { tempDir, wikigen } from './helpers.js'

const long = (letter: string) => letter.repeat(300)

describe('a single value', () => {
  it('too long for a file name (tag, inline tag, section, alias, redirectFrom) leaves out only its file', async () => {
    const root = join(tempDir('wikigen-values-'), 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'index.md'), '# Start\n\nZur [[Lang]].\n')
    writeFileSync(
      join(root, 'Lang.md'),
      `---\ntags: [${long('x')}]\naliases: [${long('a')}]\nredirectFrom: [/${long('r')}.html]\nsection: ${long('s')}\n---\n# Lang\n\nText #${long('t')} und #kurz\n`,
    )
    const out = join(root, '..', 'site')
    const { diagnostics } = await build({ root, out, cacheDir: false })
    const tooLong = diagnostics.filter((d) => d.code === 'path-too-long')
    expect(tooLong.map((d) => [d.severity, d.file, d.message.replace(/"[^"]*…/, '"…')])).toEqual([
      ['warning', '', 'The generated page "… has a file name of 305 bytes, more than the 255 a file system allows; it is left out'],
      ['warning', '', 'The generated page "… has a file name of 305 bytes, more than the 255 a file system allows; it is left out'],
      ['warning', '', 'The generated page "… has a file name of 305 bytes, more than the 255 a file system allows; it is left out'],
      ['warning', 'Lang.md', 'The redirect from "… has a file name of 305 bytes, more than the 255 a file system allows; it is left out'],
      ['warning', 'Lang.md', 'The redirect from "… has a file name of 305 bytes, more than the 255 a file system allows; it is left out'],
    ])
    expect(existsSync(join(out, 'lang.html'))).toBe(true)
    expect(existsSync(join(out, 'tags/kurz.html'))).toBe(true)
  })

  // (past 50 000, the page's budget of inline marks shows it as plain text: tests/fixtures/pathological-markdown.ts)
  it('45 000 inline tags on one page: the first 2 000 are links, a warning says where the rest starts', async () => {
    const root = join(tempDir('wikigen-values-'), 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'index.md'), '# Start\n')
    writeFileSync(join(root, 'Viele.md'), `# Viele\n\n${Array.from({ length: 45_000 }, (_, i) => `#t${i}`).join(' ')}\n`)
    const out = join(root, '..', 'site')
    const { diagnostics } = await build({ root, out, cacheDir: false })
    const warning = diagnostics.find((d) => d.code === 'too-many-tags')
    // "#t0 " … "#t1999 ": 10 of 4 characters, 90 of 5, 900 of 6, 1 000 of 7; the 2 001st tag starts after them
    expect(warning && `${warning.file}:${warning.line}:${warning.column}`).toBe(`Viele.md:3:${40 + 450 + 5400 + 7000 + 1}`)
    expect(readdirSync(join(out, 'tags')).filter((f) => f.startsWith('t') && f.endsWith('.html')).length).toBe(2000)
  })

  it('a date past year 275 760 from a formula is an error in its cell, named at the formula', async () => {
    const root = join(tempDir('wikigen-values-'), 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'index.md'), '# Start\n\n![[Termine.base]]\n')
    writeFileSync(
      join(root, 'Termine.base'),
      'formulas:\n  weit: \'today() + "300000y"\'\nviews:\n  - type: table\n    name: Alle\n    order: [file.name, formula.weit]\n',
    )
    const out = join(root, '..', 'site')
    const { diagnostics } = await build({ root, out, cacheDir: false })
    const problem = diagnostics.find((d) => d.message.startsWith('The date is outside'))
    expect(problem && `${problem.file}:${problem.line} ${problem.message}`).toBe(
      'Termine.base:2 The date is outside the years a date can have (-271821 to 275760)',
    )
    expect(existsSync(join(out, 'index.html'))).toBe(true)
  })
})

describe('a base', () => {
  /** Builds a vault whose home page embeds `Gross.base` with these formulas over `notes` notes; returns the home page's size and the diagnostics. */
  async function buildBase(formulas: string[], notes = 8) {
    const root = join(tempDir('wikigen-bases-'), 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'index.md'), '# Start\n\n![[Gross.base]]\n')
    for (let i = 0; i < notes; i++) writeFileSync(join(root, `Notiz ${i}.md`), `# Notiz ${i}\n`)
    const names = formulas.map((_, i) => `f${i}`)
    const yaml = `formulas:\n${formulas.map((f, i) => `  f${i}: '${f}'\n`).join('')}views:\n  - type: table\n    name: Alle\n    order: [file.name, ${names.map((n) => `formula.${n}`).join(', ')}]\n`
    writeFileSync(join(root, 'Gross.base'), yaml)
    const out = join(root, '..', 'site')
    const { diagnostics } = await build({ root, out, cacheDir: false })
    const page = join(out, 'index.html')
    return { size: statSync(page).size, html: readFileSync(page, 'utf8'), diagnostics }
  }

  it('whose formulas keep doubling a text stops at the bound, with an error naming the formula', async () => {
    const doubling = ['"abcdefghijklmnop"', ...Array.from({ length: 40 }, (_, i) => `formula.f${i} + formula.f${i}`)]
    expect(doubling.join('').length).toBeLessThan(1700)
    const { size, html, diagnostics } = await buildBase(doubling)
    // 16 characters doubled 13 times is 131 072, past the bound of 100 000: formula f13 fails, the ones after it are empty
    const problem = diagnostics.find((d) => d.code === 'bad-base' || d.code === 'base-expression')
    expect(problem?.message).toBe('Formula "f13": The value grows past 100,000 characters or list items')
    // the failed formula's cells say so, one a note (the eight and the home page); the ones after it are empty
    expect(html.match(/<span class="base-error">Fehler<\/span>/g)).toHaveLength(9)
    // each note's row holds f0 to f12: about 130 000 characters, not the hundreds of megabytes of the whole doubling
    expect(size).toBeLessThan(2_000_000)
  })

  it('with a chain of formulas longer than 32 reports the formula where the chain is cut', async () => {
    // f0 uses f1 uses f2 … uses f40: the first column reaches 40 formulas deep
    const chain = [...Array.from({ length: 40 }, (_, i) => `formula.f${i + 1} + 1`), '1']
    const { diagnostics } = await buildBase(chain, 2)
    expect(diagnostics.find((d) => d.code === 'base-expression')?.message).toBe('Formula "f32" is reached through more than 32 formulas')
  })
})

describe('a canvas', () => {
  it('with 400 edges to missing nodes of long ids builds, each edge reported (a guard against hangs, not a benchmark)', async () => {
    const root = join(tempDir('wikigen-canvas-'), 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'index.md'), '# Start\n')
    const id = (prefix: string, i: number) => `${prefix}-${'k'.repeat(2000)}-${i}`
    const nodes = Array.from({ length: 400 }, (_, i) => ({
      id: id('n', i),
      type: 'text',
      text: `K${i}`,
      x: i * 10,
      y: 0,
      width: 10,
      height: 10,
    }))
    const edges = Array.from({ length: 400 }, (_, i) => ({ id: `e${i}`, fromNode: id('fehlt', i), toNode: id('n', i) }))
    writeFileSync(join(root, 'Plan.canvas'), JSON.stringify({ nodes, edges }))
    const out = join(root, '..', 'site')
    const { diagnostics } = await build({ root, out, cacheDir: false })
    expect(diagnostics.filter((d) => d.file === 'Plan.canvas').length).toBe(400)
    expect(existsSync(join(out, 'plan.html'))).toBe(true)
  }, 60_000)
})

describe('wikigen new', () => {
  it('refuses a title too long for a file name, and a folder outside the content folder, with a hint', async () => {
    const work = tempDir('wikigen-new-')
    const root = join(work, 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'index.md'), '# Start\n')
    const longTitle = await wikigen(['new', 'Anleitung', long('T'), '--root', root], { cwd: work })
    expect(longTitle.code).toBe(2)
    expect(longTitle.stderr).toContain('the title is too long for a file name (305 bytes, at most 255)')
    const outside = await wikigen(['new', 'Anleitung', 'Weg', '--root', root, '--dir', '../../'], { cwd: work })
    expect(outside.code).toBe(2)
    expect(outside.stderr).toContain('the folder "../../" is outside the content folder')
    expect(readdirSync(root)).toEqual(['index.md'])
    expect(readdirSync(work).sort()).toEqual(['wiki'])
  })
})
