/**
 * Nothing outside the content root is read or published, and odd entries of a content folder (pipes, sockets, names
 * no URL can carry, paths near the system's limits, no pages at all) are diagnostics while the rest of the site builds.
 * Every case uses real temporary folders.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { createDevSession } from '../../src/compiler/dev-session.js'
import { tempDir, wikigen } from './helpers.js'

const SECRET = 'streng geheim: 7f3a9c'

/** A content folder with one good page, and a folder beside it holding a secret page and image. */
function vault() {
  const work = tempDir('wikigen-root-')
  const root = join(work, 'wiki')
  const outside = join(work, 'privat')
  mkdirSync(root)
  mkdirSync(outside)
  writeFileSync(join(root, 'Gut.md'), '# Gut\n\nAlles in Ordnung.\n')
  writeFileSync(join(outside, 'Geheim.md'), `# Geheim\n\n${SECRET}\n`)
  writeFileSync(join(outside, 'geheim.txt'), SECRET)
  return { work, root, outside, out: join(work, 'site') }
}

/** Every file below `dir`, read as text. */
function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n')
}

const codes = (diagnostics: { code: string; file: string }[]) => diagnostics.map((d) => `${d.code} ${d.file}`)

describe('nothing outside the content root reaches the output', () => {
  it('leaves out a file symlink and a folder symlink that point outside, each with a warning', async () => {
    const { root, outside, out } = vault()
    symlinkSync(join(outside, 'Geheim.md'), join(root, 'Geheim.md'))
    symlinkSync(join(outside, 'geheim.txt'), join(root, 'geheim.txt'))
    symlinkSync(outside, join(root, 'Privat'))
    const result = await build({ root, out })
    expect(codes(result.diagnostics)).toEqual([
      'symlink-outside-root Geheim.md',
      'symlink-outside-root Privat',
      'symlink-outside-root geheim.txt',
    ])
    expect(result.diagnostics[0].message).toContain('points outside the content folder')
    expect(readFileSync(join(out, 'gut.html'), 'utf8')).toContain('Alles in Ordnung.')
    expect(allText(out)).not.toContain(SECRET)
  })

  it('reports a symlink to a parent folder once and builds the rest', async () => {
    const { root, out } = vault()
    symlinkSync('..', join(root, 'hoch'))
    const result = await build({ root, out })
    expect(codes(result.diagnostics)).toEqual(['symlink-outside-root hoch'])
    expect(allText(out)).not.toContain(SECRET)
  })

  it('follows a symlink that stays inside the content root', async () => {
    const { root, out } = vault()
    // a hidden folder is not walked itself, so its pages arrive only through the link
    mkdirSync(join(root, '.archiv'))
    writeFileSync(join(root, '.archiv', 'Alt.md'), '# Alt\n\nArchivtext.\n')
    symlinkSync('.archiv', join(root, 'Ablage'))
    symlinkSync('Gut.md', join(root, 'Verweis.md'))
    const result = await build({ root, out })
    expect(result.diagnostics).toEqual([])
    expect(result.site.pages.map((p) => p.page.sourcePath).sort()).toEqual(['Ablage/Alt.md', 'Gut.md', 'Verweis.md'])
    expect(readFileSync(join(out, 'alt.html'), 'utf8')).toContain('Archivtext.')
  })

  it('names images of front matter and config that lead out of the content folder or to the disk, and reads none of them', async () => {
    const { work, root, out } = vault()
    writeFileSync(join(work, 'geheim.png'), SECRET)
    writeFileSync(join(root, 'Start.md'), '---\nhome: true\nheroImage: ../geheim.png\nheroImageDark: /etc/passwd\n---\n')
    const result = await build({ root, out, config: { theme: { logo: '../../geheim.png' } } })
    expect(result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}: ${d.message}`)).toEqual([
      'error bad-file-path Start.md: heroImage "../geheim.png" leads out of the content folder; it is left out',
      'warning missing-image Start.md: heroImageDark "/etc/passwd" is no file of the content folder',
      'error bad-file-path wikigen.config.ts: theme.logo "../../geheim.png" leads out of the content folder; it is left out',
    ])
    expect(allText(out)).not.toContain(SECRET)
    expect(readFileSync(join(out, 'start.html'), 'utf8')).not.toContain('geheim.png')
  })

  it('does not publish a symlink out of the root that appears while wikigen dev runs', async () => {
    const { root, outside, out } = vault()
    const session = await createDevSession({ root, out })
    symlinkSync(join(outside, 'Geheim.md'), join(root, 'Neu.md'))
    symlinkSync(join(outside, 'geheim.txt'), join(root, 'neu.txt'))
    const update = await session.update([
      { path: 'Neu.md', kind: 'change' },
      { path: 'neu.txt', kind: 'change' },
    ])
    expect(codes(update.diagnostics)).toEqual(expect.arrayContaining(['symlink-outside-root Neu.md', 'symlink-outside-root neu.txt']))
    expect(existsSync(join(out, 'neu.html'))).toBe(false)
    expect(existsSync(join(out, 'neu.txt'))).toBe(false)
    expect(allText(out)).not.toContain(SECRET)
  })
})

describe('odd entries of a content folder are diagnostics, and the rest of the site builds', () => {
  it('leaves out a named pipe and a socket named like pages instead of blocking on them', async () => {
    const { root, out } = vault()
    expect(spawnSync('mkfifo', [join(root, 'Pipe.md')]).status).toBe(0)
    const socket = createServer().listen(join(root, 'Socket.md'))
    await new Promise((resolve) => socket.once('listening', resolve))
    try {
      const result = await build({ root, out })
      expect(codes(result.diagnostics)).toEqual(['not-a-file Pipe.md', 'not-a-file Socket.md'])
      expect(result.diagnostics[0].hint).toBeTruthy()
      expect(readFileSync(join(out, 'gut.html'), 'utf8')).toContain('Alles in Ordnung.')
    } finally {
      socket.close()
    }
  })

  it('leaves out a name with backslashes such as x\\..\\..\\a.md, and writes nothing outside the output', async () => {
    const { work, root, out } = vault()
    writeFileSync(join(root, 'x\\..\\..\\a.md'), '# A\n')
    const result = await build({ root, out })
    expect(codes(result.diagnostics)).toEqual(['bad-file-name x\\..\\..\\a.md'])
    expect(result.diagnostics[0].severity).toBe('error')
    expect(readdirSync(work).sort()).toEqual(['privat', 'site', 'wiki'])
    expect(readdirSync(out).filter((name) => name.includes('\\'))).toEqual([])
  })

  it('builds a page with a 240-byte name and leaves out one with a 252-byte name, with an error', async () => {
    const { root, out } = vault()
    const fits = 'ä'.repeat(120)
    const tooLong = 'b'.repeat(252)
    writeFileSync(join(root, `${fits}.md`), '# Lang\n')
    writeFileSync(join(root, `${tooLong}.md`), '# Zu lang\n')
    const result = await build({ root, out })
    expect(codes(result.diagnostics)).toEqual([`file-name-too-long ${tooLong}.md`])
    expect(existsSync(join(out, `${fits}.html`))).toBe(true)
    expect(readFileSync(join(out, 'gut.html'), 'utf8')).toContain('Alles in Ordnung.')
  })

  it('leaves out an asset whose path would pass the system limit in the output folder', async () => {
    const { work, root } = vault()
    // folders of 200 bytes each until the path inside the content root is near 4 000 bytes
    let dir = root
    let relative = ''
    while (Buffer.byteLength(dir) < 3_900) {
      const name = 'o'.repeat(200)
      mkdirSync(join(dir, name))
      dir = join(dir, name)
      relative += `${name}/`
    }
    writeFileSync(join(dir, 'bild.png'), 'png')
    const out = join(work, 'ein-ausgabeordner-mit-einem-längeren-namen'.repeat(5))
    const result = await build({ root, out })
    expect(codes(result.diagnostics)).toEqual([`path-too-long ${relative}bild.png`])
    expect(readFileSync(join(out, 'gut.html'), 'utf8')).toContain('Alles in Ordnung.')
  })

  it('builds an empty content folder with a warning instead of a stack trace', async () => {
    const work = tempDir('wikigen-empty-')
    mkdirSync(join(work, 'leer'))
    const result = await wikigen(['build', '--root', 'leer', '--out', 'site'], { cwd: work })
    expect(result.stderr).not.toMatch(/\n\s+at /)
    expect(result.stderr).toContain('holds no markdown page')
    expect(result.code).toBe(0)
    expect(statSync(join(work, 'site', '404.html')).isFile()).toBe(true)
  })

  it('names a missing content folder in one line', async () => {
    const work = tempDir('wikigen-missing-')
    const result = await wikigen(['build', '--root', 'gibtsnicht', '--out', 'site'], { cwd: work })
    expect(result.code).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([
      'error  Content folder "gibtsnicht" does not exist  [missing-root]',
      '  hint: Name the folder of markdown with --root, e.g. --root docs.',
    ])
    expect(existsSync(join(work, 'site'))).toBe(false)
  })
})
