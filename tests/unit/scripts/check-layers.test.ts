import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

const script = join(import.meta.dirname, '../../../scripts/check-layers.mjs')

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'wikigen-layers-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

const check = (root?: string) => spawnSync(process.execPath, [script, ...(root ? [root] : [])], { encoding: 'utf8' })

describe('the import rules between the folders of src/', () => {
  it('hold for wikigen itself', () => {
    const result = check()
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it.each([
    [
      'the compiler importing the client',
      'src/compiler/a.ts',
      "import { go } from '../client/router.js'",
      'compiler may not import ../client/router.js',
    ],
    [
      'the compiler importing a theme internal',
      'src/compiler/a.ts',
      "import { Sidebar } from '../theme/Sidebar.js'",
      'compiler may not import ../theme/Sidebar.js',
    ],
    [
      'the client importing the compiler',
      'src/client/a.ts',
      "export { build } from '../compiler/build.js'",
      'client may not import ../compiler/build.js',
    ],
    [
      'a shared module importing the theme',
      'src/shared/a.ts',
      "const m = import('../theme/App.js')",
      'shared may not import ../theme/App.js',
    ],
    [
      'the theme importing the client',
      'src/theme/A.tsx',
      "import { mount } from '../client/tabs.js'",
      'theme may not import ../client/tabs.js',
    ],
  ])('reject %s', (_name, file, line, message) => {
    const result = check(project({ [file]: `${line}\n` }))
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`${file}:1  ${message}`)
  })

  it('let the compiler render the theme through its public entry', () => {
    expect(check(project({ 'src/compiler/emit/a.ts': "import { App } from '../../theme/index.js'\n" })).status).toBe(0)
  })
})

describe('the phase rules of src/compiler/', () => {
  it.each([
    [
      'an earlier phase importing a later one',
      {
        'src/compiler/discover/load.ts': "import { writeFiles } from '../output/write-output.js'",
        'src/compiler/output/write-output.ts': '',
      },
      'src/compiler/discover/load.ts:1  discover/load.ts may not import ../output/write-output.js: discover/ may not import the later phase output/',
    ],
    [
      'a phase other than emit rendering the theme',
      { 'src/compiler/link/a.ts': "import type { PageProps } from '../../theme/index.js'" },
      'src/compiler/link/a.ts:1  link/a.ts may not import ../../theme/index.js: only emit/ renders the theme and reads the templates',
    ],
    [
      'a phase importing the wiring',
      { 'src/compiler/emit/a.ts': "import { build } from '../build.js'", 'src/compiler/build.ts': '' },
      'src/compiler/emit/a.ts:1  emit/a.ts may not import ../build.js: the phases may not import the wiring',
    ],
    [
      'a record importing a phase',
      { 'src/compiler/paths.ts': "import type { Page } from './parse/page.js'", 'src/compiler/parse/page.ts': '' },
      'src/compiler/paths.ts:1  paths.ts may not import ./parse/page.js: the records import only records',
    ],
    [
      'a folder that is not a phase',
      { 'src/compiler/helpers/a.ts': "import { escapeHtml } from '../html.js'", 'src/compiler/html.ts': '' },
      'src/compiler/helpers/a.ts:1  helpers/a.ts may not import ../html.js: src/compiler/helpers/ is not a phase',
    ],
  ])('reject %s', (_name, files, message) => {
    const result = check(project(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, `${text}\n`]))))
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(message)
  })

  it('let a phase import itself, earlier phases, the records and shared', () => {
    const files = {
      'src/compiler/emit/a.ts':
        "import { b } from './b.js'\nimport type { Site } from '../link/site.js'\nimport { escapeHtml } from '../html.js'\nimport { LABELS } from '../../shared/labels.js'\n",
      'src/compiler/emit/b.ts': 'export const b = 1\n',
      'src/compiler/link/site.ts': 'export interface Site {}\n',
      'src/compiler/html.ts': 'export const escapeHtml = (s: string) => s\n',
      'src/shared/labels.ts': 'export const LABELS = {}\n',
    }
    const result = check(project(files))
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })
})

describe('the circle check of src/', () => {
  it('names each import circle once, with the import that closes it', () => {
    const result = check(
      project({
        'src/shared/a.ts': "import { b } from './b.js'\nexport const a = 1\n",
        'src/shared/b.ts': "import type { C } from './c.js'\nexport const b = 2\n",
        'src/shared/c.ts': "import { a } from './a.js'\nexport type C = number\n",
        'src/shared/d.ts': "import { a } from './a.js'\n",
      }),
    )
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('src/shared/a.ts:1  import circle: shared/a.ts → shared/b.ts → shared/c.ts → shared/a.ts')
    expect(result.stderr.match(/import circle/g)).toHaveLength(1)
  })

  it('counts a module that imports itself', () => {
    const result = check(project({ 'src/shared/a.ts': "export { a } from './a.js'\n" }))
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('import circle: shared/a.ts → shared/a.ts')
  })
})
