/**
 * A config that cannot be used stops every command with the config's file, line and column, the reason and a hint,
 * and no stack: no default export, a syntax error, an exception while it runs (also in a module it imports). The real
 * CLI on real folders; `dev` shows the failure over the open pages and keeps serving the site of the last good config.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { poll, repoRoot, tempDir, wikigen } from './helpers.js'

const GOOD = "import { defineConfig } from 'wikigen'\n\nexport default defineConfig({\n  site: { title: 'Gutes Wiki' },\n})\n"

const BROKEN: [string, Record<string, string>, string, string][] = [
  [
    'without a default export',
    { 'wikigen.config.ts': "import { defineConfig } from 'wikigen'\n\nexport const config = defineConfig({})\n" },
    'wikigen.config.ts:1:1: does not export a configuration',
    'export default defineConfig',
  ],
  [
    'with a syntax error',
    { 'wikigen.config.ts': "import { defineConfig } from 'wikigen'\n\nexport default defineConfig({\n  site: { title: 'X' \n})\n" },
    'wikigen.config.ts:5:2: Expected "}" but found ")"',
    "Fix the config's syntax",
  ],
  [
    'that throws',
    {
      'wikigen.config.ts':
        "import { defineConfig } from 'wikigen'\n\nconst title = process.env.WIKI_TITLE\nif (!title) throw new Error('WIKI_TITLE fehlt')\n\nexport default defineConfig({ site: { title } })\n",
    },
    'wikigen.config.ts:4:19: Error: WIKI_TITLE fehlt',
    'The config runs whenever wikigen reads it',
  ],
  [
    'whose imported module fails',
    {
      'wikigen.config.ts':
        "import { defineConfig } from 'wikigen'\nimport { navbar } from './navbar'\n\nexport default defineConfig({ theme: { navbar } })\n",
      'navbar.ts': 'const items = undefined as unknown as { text: string }[]\n\nexport const navbar = items.map((item) => item)\n',
    },
    'navbar.ts:3:29: TypeError: Cannot read properties of undefined',
    'The config runs whenever wikigen reads it',
  ],
]

function wiki(files: Record<string, string>): { work: string; root: string } {
  const work = tempDir('wikigen-config-')
  const root = join(work, 'wiki')
  mkdirSync(root)
  writeFileSync(join(root, 'index.md'), '# Start\n\nDie erste Seite.\n')
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text)
  return { work, root }
}

/** What every command prints for a config it cannot use: the place, the reason, a hint; no stack, no bundle. */
function expectPlainFailure(result: { code: number; stderr: string }, place: string, hint: string, exitCode = 1): void {
  expect(result.code).toBe(exitCode)
  expect(result.stderr).toContain(`${place}`)
  expect(result.stderr).toContain('[bad-config]')
  expect(/hint: (.*)/.exec(result.stderr)?.[1]).toContain(hint)
  expect(result.stderr).not.toMatch(/\n\s+at |base64|data:text/)
  expect(result.stderr.length).toBeLessThan(600)
}

describe.each(BROKEN)('a config %s', (_, files, place, hint) => {
  it('stops `build` with its file, line and column, and leaves the last output as it was', async () => {
    const { work, root } = wiki({ 'wikigen.config.ts': GOOD })
    const out = join(work, 'site')
    expect((await wikigen(['build', '--root', 'wiki', '--out', 'site', '--no-cache'], { cwd: work })).code).toBe(0)
    const before = readFileSync(join(out, 'index.html'), 'utf8')
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text)
    expectPlainFailure(await wikigen(['build', '--root', 'wiki', '--out', 'site'], { cwd: work }), `wiki/${place}`, hint)
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe(before)
  })

  it('stops `check-links` and `search` the same way', async () => {
    const { work } = wiki(files)
    expectPlainFailure(await wikigen(['check-links', '--root', 'wiki'], { cwd: work }), `wiki/${place}`, hint)
    // `search` exits 1 when nothing matches, 2 when it cannot search
    expectPlainFailure(await wikigen(['search', '--root', 'wiki', '--out', 'site', 'start'], { cwd: work }), `wiki/${place}`, hint, 2)
  })
})

describe('a config with an invalid choice', () => {
  it('names the valid ones and the nearest', async () => {
    const { work } = wiki({
      'wikigen.config.ts': "import { defineConfig } from 'wikigen'\n\nexport default defineConfig({\n  theme: { sidebar: 'folder' },\n})\n",
    })
    const { code, stderr } = await wikigen(['build', '--root', 'wiki', '--out', 'site'], { cwd: work })
    expect(code).toBe(1)
    expect(stderr).toContain(
      `wiki/wikigen.config.ts:4:12  error  "theme.sidebar" should be one of 'heading', 'folders', 'tree', false or an object ({ … }), not 'folder'  [bad-config]`,
    )
    expect(stderr).toContain(`hint: Did you mean 'folders'?`)
  })
})

const running: ChildProcess[] = []
afterEach(() => running.splice(0).forEach((child) => child.kill()))

describe('wikigen dev with a config that breaks while it runs', () => {
  it('shows the failure with its place over the open pages and keeps serving the last good site', async () => {
    const { work, root } = wiki({ 'wikigen.config.ts': GOOD })
    const child = spawn(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'dev', '--root', 'wiki', '--port', '0'], {
      cwd: work,
      env: { ...process.env, NO_COLOR: '1' },
    })
    running.push(child)
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    const url = await poll(() => /dev server at (http:\/\/\S+)/.exec(output)?.[1])
    expect(await (await fetch(url)).text()).toContain('Gutes Wiki')

    // an open page listens to the update stream
    const events = await fetch(`${url}__wikigen/events`)
    const reader = events.body!.getReader()
    let stream = ''
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        stream += new TextDecoder().decode(value)
      }
    })()

    writeFileSync(join(root, 'wikigen.config.ts'), BROKEN[2][1]['wikigen.config.ts'])
    await poll(() => stream.includes('WIKI_TITLE fehlt'))
    const update = JSON.parse(/data: (.*WIKI_TITLE fehlt.*)/.exec(stream)![1]) as {
      problems: { file: string; line: number; column: number; message: string; hint: string }[]
      labels: Record<string, string>
    }
    // the overlay speaks the site's language (de-CH here), from its label table
    expect(update.labels).toEqual({ problems: 'Fehler im Inhalt', close: 'Schliessen', hint: 'Hinweis: {hint}' })
    expect(update.problems).toEqual([
      expect.objectContaining({ file: 'wiki/wikigen.config.ts', line: 4, column: 19, message: 'Error: WIKI_TITLE fehlt' }),
    ])
    await poll(() => output.includes('wiki/wikigen.config.ts:4:19: Error: WIKI_TITLE fehlt'))
    expect(output).not.toMatch(/base64|\n\s+at /)
    // the site of the last good config stays
    expect(await (await fetch(url)).text()).toContain('Gutes Wiki')
    // an edit of a page while the config is broken keeps the failure in view
    writeFileSync(join(root, 'index.md'), '# Start\n\nZweite Fassung.\n')
    await poll(async () => (await (await fetch(url)).text()).includes('Zweite Fassung'))
    await poll(() => stream.split('WIKI_TITLE fehlt').length > 2)
    await reader.cancel()
  })
})
