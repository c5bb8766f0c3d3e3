/**
 * `--out` can never delete what wikigen did not make, and a build that fails or is interrupted leaves the previous
 * output as it was. Every case runs the real CLI against real temporary folders.
 */
import { spawn, spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot, tempDir, wikigen } from './helpers.js'

/** A project folder with a git repository, a content folder of two pages and a file of the user's beside it. */
function project(): { dir: string; snapshot(): string } {
  const dir = tempDir('wikigen-out-')
  mkdirSync(join(dir, 'content'))
  writeFileSync(join(dir, 'content', 'index.md'), '# Start\n')
  writeFileSync(join(dir, 'content', 'Seite.md'), '# Seite\n\nText der Seite.\n')
  writeFileSync(join(dir, 'notizen.txt'), 'meine Notizen\n')
  spawnSync('git', ['init', '-q', dir])
  return { dir, snapshot: () => listTree(dir) }
}

/** Every path below `dir` with the size of each file: what "no change on disk" compares. */
function listTree(dir: string, prefix = ''): string {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((entry) => {
      const path = join(prefix, entry.name)
      if (entry.isDirectory()) return `${path}/\n${listTree(dir, path)}`
      return `${path} ${lstatSync(join(dir, path)).size}\n`
    })
    .join('')
}

describe('wikigen build refuses an output folder whose replacement would lose files', () => {
  it.each([
    ['the content folder', 'content', 'it is the content folder'],
    ['the current directory', '.', 'it contains the content folder "content"'],
    ['a parent of the current directory', '..', 'it contains the content folder "content"'],
    ['a folder spelled to reach the content folder', 'content/../content/', 'it is the content folder'],
    ['the root of the file system', '/', 'it is the root of the file system'],
  ])('refuses %s, with no change on disk', async (_name, out, why) => {
    const { dir, snapshot } = project()
    const before = snapshot()
    const result = await wikigen(['build', '--root', 'content', '--out', out], { cwd: dir })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`Refusing to write the site into ${JSON.stringify(out)}: ${why}; nothing was changed`)
    expect(result.stderr).toContain('hint: Choose a folder of its own for the site')
    expect(result.stderr).not.toMatch(/\n\s+at /) // no stack trace
    expect(snapshot()).toBe(before)
    expect(existsSync(join(dir, '.git', 'HEAD'))).toBe(true)
  })

  it('refuses the current directory when the content folder lies elsewhere', async () => {
    const { dir } = project()
    const work = join(dir, 'arbeit')
    mkdirSync(work)
    writeFileSync(join(work, 'wichtig.txt'), 'bleibt')
    const result = await wikigen(['build', '--root', '../content', '--out', '.'], { cwd: work })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('it is the current directory')
    expect(readdirSync(work)).toEqual(['wichtig.txt'])
  })

  it('refuses the home folder (--out ~)', async () => {
    const { dir } = project()
    const home = join(dir, 'home')
    mkdirSync(home)
    writeFileSync(join(home, '.bashrc'), 'export A=1\n')
    const result = await wikigen(['build', '--root', join(dir, 'content'), '--out', home], { cwd: '/', env: { HOME: home } })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('it is the home folder')
    expect(readdirSync(home)).toEqual(['.bashrc'])
  })

  it('refuses a non-empty folder that no build of wikigen made, and builds into an empty one', async () => {
    const { dir } = project()
    mkdirSync(join(dir, 'fotos'))
    writeFileSync(join(dir, 'fotos', 'ferien.jpg'), 'jpg')
    const refused = await wikigen(['build', '--root', 'content', '--out', 'fotos'], { cwd: dir })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Refusing to write the site into "fotos": it holds files that wikigen did not make')
    expect(readdirSync(join(dir, 'fotos'))).toEqual(['ferien.jpg'])

    mkdirSync(join(dir, 'leer'))
    const built = await wikigen(['build', '--root', 'content', '--out', 'leer'], { cwd: dir })
    expect(built.code).toBe(0)
    expect(readFileSync(join(dir, 'leer', 'seite.html'), 'utf8')).toContain('Text der Seite.')
  })

  it('refuses a file given as the output folder', async () => {
    const { dir, snapshot } = project()
    const before = snapshot()
    const result = await wikigen(['build', '--root', 'content', '--out', 'notizen.txt'], { cwd: dir })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('it is a file, not a folder')
    expect(snapshot()).toBe(before)
  })

  it('marks its output and replaces it on the next build, also an output of an earlier version without the mark', async () => {
    const { dir } = project()
    expect((await wikigen(['build', '--root', 'content', '--out', 'dist'], { cwd: dir })).code).toBe(0)
    expect(readdirSync(join(dir, 'dist'))).toContain('.wikigen-output')
    writeFileSync(join(dir, 'content', 'Neu.md'), '# Neu\n')
    expect((await wikigen(['build', '--root', 'content', '--out', 'dist'], { cwd: dir })).code).toBe(0)
    expect(existsSync(join(dir, 'dist', 'neu.html'))).toBe(true)

    rmSync(join(dir, 'dist', '.wikigen-output'))
    expect((await wikigen(['build', '--root', 'content', '--out', 'dist'], { cwd: dir })).code).toBe(0)
    expect(readdirSync(join(dir, 'dist'))).toContain('.wikigen-output')
  })

  it('never reads an output folder inside the content folder back as content', async () => {
    const { dir } = project()
    for (let i = 0; i < 3; i++) {
      const result = await wikigen(['build', '--root', 'content', '--out', 'content/dist'], { cwd: dir })
      expect(result.code).toBe(0)
      expect(result.stderr).toContain('✓ 2 pages')
    }
    expect(existsSync(join(dir, 'content', 'dist', 'dist'))).toBe(false)
    expect(
      readdirSync(join(dir, 'content', 'dist'))
        .filter((f) => f.endsWith('.html'))
        .sort(),
    ).toEqual(['404.html', 'glossary.html', 'index.html', 'seite.html', 'suche.html'])
  })

  it('writes through a symbolic link named as the output folder, and the link stays a link', async () => {
    const { dir } = project()
    mkdirSync(join(dir, 'www'))
    symlinkSync('www', join(dir, 'public'))
    for (let i = 0; i < 2; i++) expect((await wikigen(['build', '--root', 'content', '--out', 'public'], { cwd: dir })).code).toBe(0)
    expect(lstatSync(join(dir, 'public')).isSymbolicLink()).toBe(true)
    expect(readlinkSync(join(dir, 'public'))).toBe('www')
    expect(readFileSync(join(dir, 'www', 'seite.html'), 'utf8')).toContain('Text der Seite.')
    expect(readdirSync(dir).filter((name) => name.includes('staging') || name.includes('previous'))).toEqual([])
  })

  const mounts: string[] = []
  afterAll(() => {
    for (const mount of mounts) spawnSync('umount', [mount])
  })

  it('builds into a mount point, which cannot be renamed, again and again', async (context) => {
    const { dir } = project()
    const mount = join(dir, 'mnt')
    mkdirSync(mount)
    if (process.getuid?.() !== 0 || spawnSync('mount', ['-t', 'tmpfs', 'tmpfs', mount]).status !== 0) {
      context.skip() // mounting needs root
      return
    }
    mounts.push(mount)
    expect((await wikigen(['build', '--root', 'content', '--out', 'mnt'], { cwd: dir })).code).toBe(0)
    writeFileSync(join(dir, 'content', 'Neu.md'), '# Neu\n')
    const second = await wikigen(['build', '--root', 'content', '--out', 'mnt'], { cwd: dir })
    expect(second.code, second.stderr).toBe(0)
    expect(spawnSync('mountpoint', ['-q', mount]).status).toBe(0)
    const entries = readdirSync(mount)
    expect(entries).toEqual(expect.arrayContaining(['.wikigen-output', 'index.html', 'neu.html', 'seite.html', '_wikigen']))
    expect(entries.filter((name) => name.startsWith('.wikigen-') && name !== '.wikigen-output')).toEqual([])
  })

  it('builds into a bind mount of a folder on the same file system, and takes back one an interrupted swap left', async (context) => {
    const { dir } = project()
    const real = join(dir, 'real')
    const mount = join(dir, 'site')
    mkdirSync(real)
    mkdirSync(mount)
    if (process.getuid?.() !== 0 || spawnSync('mount', ['--bind', real, mount]).status !== 0) {
      context.skip() // mounting needs root
      return
    }
    mounts.push(mount)
    // same device as its parent, yet nothing can be renamed into it from outside
    expect(statSync(mount).dev).toBe(statSync(dir).dev)
    for (const page of ['Neu', 'Neuer']) {
      const result = await wikigen(['build', '--root', 'content', '--out', 'site'], { cwd: dir })
      expect(result.code, result.stderr).toBe(0)
      expect(readdirSync(mount)).toEqual(expect.arrayContaining(['.wikigen-output', 'index.html', 'seite.html']))
      writeFileSync(join(dir, 'content', `${page}.md`), `# ${page}\n`)
    }
    // what an earlier version left after a failed move: every live entry moved aside, nothing new in place
    const previous = join(mount, '.wikigen-previous-1-abc')
    mkdirSync(previous)
    for (const entry of readdirSync(mount)) if (entry !== '.wikigen-previous-1-abc') renameSync(join(mount, entry), join(previous, entry))
    const recovered = await wikigen(['build', '--root', 'content', '--out', 'site'], { cwd: dir })
    expect(recovered.code, recovered.stderr).toBe(0)
    expect(readdirSync(mount)).toEqual(expect.arrayContaining(['.wikigen-output', 'index.html', 'neu.html', 'neuer.html']))
    expect(readdirSync(mount).filter((name) => name.startsWith('.wikigen-') && name !== '.wikigen-output')).toEqual([])
    expect(readdirSync(dir).filter((name) => name.includes('staging') || name.includes('previous'))).toEqual([])
  })
})

describe('a build that fails or is interrupted leaves the previous output untouched', () => {
  /** A large enough site that a build is still running when the signal arrives. */
  function largeProject(): string {
    const dir = tempDir('wikigen-sigint-')
    mkdirSync(join(dir, 'content'))
    for (let i = 0; i < 600; i++) {
      const body = Array.from(
        { length: 30 },
        (_, j) => `## Abschnitt ${j}\n\nText ${i} mit [[Seite ${(i + 1) % 600}]] und **fett** und \`code\`.\n`,
      ).join('\n')
      writeFileSync(join(dir, 'content', `Seite ${i}.md`), `# Seite ${i}\n\n${body}`)
    }
    return dir
  }

  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s removes the staging folder and the temporary cache, and keeps the previous output',
    async (signal) => {
      const dir = largeProject()
      const tmp = join(dir, 'tmp')
      mkdirSync(tmp)
      const env = { ...process.env, NO_COLOR: '1', TMPDIR: tmp }
      const cli = join(repoRoot, 'bin/wikigen.js')
      expect(
        spawnSync(process.execPath, [cli, 'build', '--root', 'content', '--out', 'dist', '--no-cache'], { cwd: dir, env }).status,
      ).toBe(0)
      const before = listTree(join(dir, 'dist'))
      writeFileSync(join(dir, 'content', 'Seite 1.md'), '# Geändert\n')

      const child = spawn(process.execPath, [cli, 'build', '--root', 'content', '--out', 'dist', '--no-cache', '--workers', '2'], {
        cwd: dir,
        env,
        stdio: 'ignore',
      })
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
      // wait until the build is writing its staging folder, then interrupt it
      for (let i = 0; i < 600 && !readdirSync(dir).some((name) => name.includes('.staging-')); i++)
        await new Promise((r) => setTimeout(r, 20))
      expect(readdirSync(dir).some((name) => name.includes('.staging-'))).toBe(true)
      child.kill(signal)
      expect(await exited).toBe(signal === 'SIGINT' ? 130 : 143)
      expect(readdirSync(dir).sort()).toEqual(['content', 'dist', 'tmp'])
      expect(readdirSync(tmp).filter((name) => name.startsWith('wikigen-cache-'))).toEqual([])
      expect(listTree(join(dir, 'dist'))).toBe(before)
    },
    120_000,
  )

  it('SIGKILL leaves a temporary cache that the next build removes, and leaves alone those of running builds', async () => {
    const dir = largeProject()
    const tmp = join(dir, 'tmp')
    mkdirSync(tmp)
    const env = { ...process.env, NO_COLOR: '1', TMPDIR: tmp }
    const cli = join(repoRoot, 'bin/wikigen.js')
    const args = [cli, 'build', '--root', 'content', '--out', 'dist', '--no-cache', '--workers', '2']
    const child = spawn(process.execPath, args, { cwd: dir, env, stdio: 'ignore' })
    const exited = new Promise((resolve) => child.on('exit', resolve))
    for (let i = 0; i < 600 && !readdirSync(tmp).some((name) => name.startsWith('wikigen-cache-')); i++)
      await new Promise((r) => setTimeout(r, 20))
    child.kill('SIGKILL')
    await exited
    const orphans = readdirSync(tmp).filter((name) => name.startsWith('wikigen-cache-'))
    expect(orphans).toHaveLength(1)
    // one of a build that still runs (this test's own process), and a folder of another shape
    const running = `wikigen-cache-${process.pid}-abcdef`
    mkdirSync(join(tmp, running))
    mkdirSync(join(tmp, 'wikigen-cache-notes'))
    expect(spawnSync(process.execPath, args, { cwd: dir, env }).status).toBe(0)
    expect(readdirSync(tmp).sort()).toEqual([running, 'wikigen-cache-notes'])
  }, 120_000)

  it('fails like a crash when the built client is missing: exit 1, a message, the previous output as it was', async () => {
    const { dir } = project()
    expect((await wikigen(['build', '--root', 'content', '--out', 'dist'], { cwd: dir })).code).toBe(0)
    const before = listTree(join(dir, 'dist'))
    // an installation of wikigen whose client folder is missing, as while a bundle is running
    const install = join(dir, 'wikigen')
    cpSync(join(repoRoot, 'bin'), join(install, 'bin'), { recursive: true })
    cpSync(join(repoRoot, 'lib'), join(install, 'lib'), {
      recursive: true,
      filter: (source) => !source.includes(`${join('lib', 'client')}`),
    })
    writeFileSync(join(install, 'package.json'), '{"type":"module"}')
    writeFileSync(join(dir, 'content', 'Seite.md'), '# Seite\n\nNeu.\n')
    const result = spawnSync(process.execPath, [join(install, 'bin/wikigen.js'), 'build', '--root', 'content', '--out', 'dist'], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('The built client of wikigen is incomplete')
    expect(listTree(join(dir, 'dist'))).toBe(before)
  }, 60_000)
})
