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
    expect(check(project({ 'src/compiler/a.ts': "import { App } from '../theme/index.js'\n" })).status).toBe(0)
  })
})
