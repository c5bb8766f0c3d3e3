/**
 * The CLI as a Unix citizen: a wrong content folder is one line with a hint, a busy port ends `dev` and `serve` with
 * exit code 1 at once, colours follow NO_COLOR, FORCE_COLOR and whether the output is a terminal, the progress bar
 * speaks the site's language, and the hint of a dead link says what its syntax really accepts.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createProgress, createReporter, progressLabelsOf } from '../../src/cli/output.js'
import { fixtureSite, repoRoot, tempDir, wikigen } from './helpers.js'

const ESC = '\x1b['
/** A colour or style (SGR) sequence; the progress bar's cursor movements are not colours. */
const SGR = /\x1b\[[\d;]*m/
/** The variables that decide colours, all unset (an empty value counts as unset). */
const NO_COLOR_VARIABLES = { NO_COLOR: '', FORCE_COLOR: '', CI: '', TERM: 'xterm-256color' }

/** A folder holding one wiki `wiki/` with the given files. */
function wikiWith(files: Record<string, string>): { work: string; root: string } {
  const work = tempDir()
  const root = join(work, 'wiki')
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return { work, root }
}

/** Lines that only a stack trace prints. */
const STACK = /^\s+at |node:internal|^Error: /m

describe('a content folder that is not there', () => {
  const work = tempDir()
  writeFileSync(join(work, 'notes.md'), '# Notizen\n')

  it.each([
    // the usual typo
    ['build', ['build', '--root', 'wikki', '--out', 'site'], 'Content folder "wikki" does not exist'],
    ['check-links', ['check-links', '--root', 'wikki'], 'Content folder "wikki" does not exist'],
    ['dev', ['dev', '--root', 'wikki', '--port', '0'], 'Content folder "wikki" does not exist'],
    // `new` used to create the folder silently
    ['new', ['new', 'Anleitung', 'Titel', '--root', 'wikki'], 'Content folder "wikki" does not exist'],
    // a path through a file used to print a Node stack (ENOTDIR)
    ['build, path through a file', ['build', '--root', 'notes.md/sub', '--out', 'site'], 'Content folder "notes.md/sub" does not exist'],
    ['dev, path through a file', ['dev', '--root', 'notes.md/sub', '--port', '0'], 'Content folder "notes.md/sub" does not exist'],
    ['a file', ['build', '--root', 'notes.md', '--out', 'site'], 'Content folder "notes.md" is a file, not a folder'],
  ])('%s: one line and a hint, exit code 1, nothing written', async (_name, args, message) => {
    const { code, stdout, stderr } = await wikigen(args, { cwd: work })
    expect(code).toBe(1)
    expect(stdout).toBe('')
    const lines = stderr.trimEnd().split('\n')
    expect(lines).toEqual([`error  ${message}  [missing-root]`, expect.stringMatching(/^ {2}hint: .*--root/)])
    expect(stderr).not.toMatch(STACK)
    expect(readdirSync(work).sort()).toEqual(['notes.md'])
  })
})

describe('a port in use', () => {
  const servers: Server[] = []
  afterEach(() => servers.splice(0).forEach((server) => server.close()))

  /** Holds a port on 127.0.0.1 for the test and returns it. */
  async function takePort(): Promise<number> {
    const server = createServer()
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (server.address() as { port: number }).port
  }

  it('ends `dev` with exit code 1 and a hint, before it builds anything', async () => {
    const port = await takePort()
    const work = tempDir()
    const { code, stdout, stderr } = await wikigen(['dev', '--root', fixtureSite('basic'), '--port', String(port)], { cwd: work })
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      `error  Port ${port} on 127.0.0.1 is in use  [port-in-use]\n` +
        `  hint: Choose another port with --port (e.g. --port ${port + 1}), or stop what runs there.\n`,
    )
    // the port is taken before the initial build: no dev build was written
    const devFolder = join(work, '.wikigen', 'dev')
    const built = existsSync(devFolder) ? readdirSync(devFolder).filter((name) => !name.endsWith('.lock')) : []
    expect(built).toEqual([])
  })

  it('ends `serve` with exit code 1 and the same hint', async () => {
    const port = await takePort()
    const out = join(tempDir(), 'site')
    expect((await wikigen(['build', '--root', fixtureSite('basic'), '--out', out, '--no-cache'])).code).toBe(0)
    const { code, stderr } = await wikigen(['serve', '--dir', out, '--port', String(port)])
    expect(code).toBe(1)
    expect(stderr).toBe(
      `error  Port ${port} on 127.0.0.1 is in use  [port-in-use]\n` +
        `  hint: Choose another port with --port (e.g. --port ${port + 1}), or stop what runs there.\n`,
    )
  })

  it('names an address of another machine as the problem, not the port', async () => {
    const { code, stderr } = await wikigen(['dev', '--root', fixtureSite('basic'), '--port', '0', '--host', '192.0.2.1'], {
      cwd: tempDir(),
    })
    expect(code).toBe(1)
    expect(stderr).toContain('error  Cannot listen on 192.0.2.1:0: 192.0.2.1 is not an address of this machine  [cannot-listen]')
    expect(stderr).not.toMatch(STACK)
  })
})

describe('colours', () => {
  const broken = fixtureSite('broken')
  const build = (env: Record<string, string>) =>
    wikigen(['build', '--root', broken, '--out', join(tempDir(), 'site'), '--no-cache'], { env: { ...NO_COLOR_VARIABLES, ...env } })

  it.each([
    // a pipe is not a terminal
    [{}, false],
    [{ FORCE_COLOR: '1' }, true],
    // an explicit request wins over NO_COLOR, as in Node itself
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, true],
    [{ FORCE_COLOR: '0' }, false],
    [{ FORCE_COLOR: 'false' }, false],
  ])('into a pipe with %o: coloured %s', async (env, coloured) => {
    const { code, stderr } = await build(env)
    expect(code).toBe(1)
    expect(stderr).toContain('front matter')
    expect(SGR.test(stderr)).toBe(coloured)
  })

  it('decides per stream and by the conventions, in order', () => {
    const tty = { isTTY: true }
    const pipe = { isTTY: false }
    const reporter = (env: Record<string, string>, out = tty, err = tty) => {
      const written = { out: '', err: '' }
      const r = createReporter({
        stdout: { ...out, write: (s: string) => (written.out += s) } as unknown as NodeJS.WriteStream,
        stderr: { ...err, write: (s: string) => (written.err += s) } as unknown as NodeJS.WriteStream,
        env,
      })
      r.out(r.colors.red('x'))
      r.err(r.colors.red('x'))
      return written
    }
    expect(reporter({})).toEqual({ out: `${ESC}31mx${ESC}39m\n`, err: `${ESC}31mx${ESC}39m\n` })
    expect(reporter({ NO_COLOR: '1' })).toEqual({ out: 'x\n', err: 'x\n' })
    // an empty NO_COLOR is unset (no-color.org)
    expect(reporter({ NO_COLOR: '' }).err).toContain(ESC)
    expect(reporter({ TERM: 'dumb' })).toEqual({ out: 'x\n', err: 'x\n' })
    // `wikigen search … > file` on a terminal: the file gets plain text, the terminal its colours
    expect(reporter({}, pipe, tty)).toEqual({ out: 'x\n', err: `${ESC}31mx${ESC}39m\n` })
    expect(reporter({ FORCE_COLOR: '1' }, pipe, pipe).out).toContain(ESC)
  })

  const script = findScript()
  it.skipIf(!script)('on a terminal: coloured, and plain under NO_COLOR or TERM=dumb (needs `script` for a terminal)', () => {
    const out = join(tempDir(), 'site')
    const command = `node bin/wikigen.js build --root ${quote(broken)} --out ${quote(out)} --no-cache`
    expect(onTerminal(command, {})).toMatch(SGR)
    expect(onTerminal(command, { NO_COLOR: '1' })).not.toMatch(SGR)
    expect(onTerminal(command, { TERM: 'dumb' })).not.toMatch(SGR)
  })

  it.skipIf(!script)('on a terminal with stdout sent to a file: the file stays plain (needs `script`)', () => {
    const file = join(tempDir(), 'links.txt')
    const terminal = onTerminal(`node bin/wikigen.js check-links --root ${quote(broken)} > ${quote(file)}`, {})
    expect(terminal).toMatch(SGR) // the summary on stderr
    const links = readFileSync(file, 'utf8')
    expect(links).toContain('Gibtsnicht')
    expect(links).not.toMatch(SGR)
  })
})

describe('progress labels', () => {
  it.each([
    ['de-CH', 'Seiten'],
    ['de', 'Seiten'],
    ['DE-at', 'Seiten'],
    [undefined, 'Seiten'], // the default language is de-CH
    ['en', 'Pages'],
    ['en-GB', 'Pages'],
    ['fr-CH', 'Pages'],
    ['dev', 'Pages'], // not German: a tag only starts with "de" when it is "de" or "de-…"
  ])('site.lang %s → "%s"', (lang, word) => {
    expect(progressLabelsOf(lang)).toEqual({ compile: word, render: 'HTML' })
  })

  it('draws the bar on a terminal only, with the label of the site language', () => {
    const draw = (isTerminal: boolean, lang: string) => {
      let written = ''
      const reporter = { ...createReporter({ env: { NO_COLOR: '1' } }), isTerminal }
      const stream = { write: (s: string) => (written += s) } as unknown as NodeJS.WriteStream
      const progress = createProgress(reporter, { lang, stream })
      progress.update('compile', 3, 10)
      progress.done()
      return written
    }
    expect(draw(true, 'en')).toContain(' Pages 3/10')
    expect(draw(true, 'de-CH')).toContain(' Seiten 3/10')
    expect(draw(false, 'de-CH')).toBe('')
  })

  it.skipIf(!findScript())('follows site.lang in a real build on a terminal (needs `script`)', () => {
    const english = wikiWith({
      'wikigen.config.ts': "export default { site: { lang: 'en', title: 'Wiki' } }\n",
      'index.md': '# Home\n',
      'Page.md': '# Page\n',
    })
    const german = wikiWith({ 'index.md': '# Start\n', 'Seite.md': '# Seite\n' })
    const run = (root: string) => onTerminal(`node bin/wikigen.js build --root ${quote(root)} --out ${quote(join(root, '..', 'site'))}`, {})
    const inEnglish = run(english.root)
    expect(inEnglish).toMatch(/ Pages \d+\/\d+/)
    expect(inEnglish).not.toContain('Seiten')
    expect(run(german.root)).toMatch(/ Seiten \d+\/\d+/)
  })

  it('is not drawn into a pipe or a CI log', async () => {
    const { stderr } = await wikigen(['build', '--root', fixtureSite('basic'), '--out', join(tempDir(), 'site'), '--no-cache'], {
      env: { ...NO_COLOR_VARIABLES },
    })
    expect(stderr).not.toContain('\r')
    expect(stderr).not.toContain('Seiten')
  })
})

describe('the hint of a link to a missing page', () => {
  const pages = {
    'index.md': '# Start\n',
    'Odoo Hosting.md': '# Odoo Hosting\n',
    'Team/Lea.md': [
      // a markdown link without .md names the page as a wiki link would: this one resolves
      '[ohne Endung](odoo-hosting)',
      '[Tippfehler](../Odoo%20Hostng.md)',
      '[URL](/odoo-hostng.html)',
      '[[Odoo Hostng]]',
      '[[Odoo Hostng.md]]',
      '[fern](weit/weg/nichts.md)',
      '',
    ].join('\n'),
  }

  it('says what the link syntax accepts and suggests a target that resolves', async () => {
    const { work } = wikiWith(pages)
    const { stderr } = await wikigen(['build', '--root', 'wiki', '--out', 'site', '--no-cache'], { cwd: work })
    const problems = stderr.split('\n').filter((line) => /dead-link|hint:/.test(line))
    expect(problems).toMatchInlineSnapshot(`
      [
        "wiki/Team/Lea.md:2:1  warning  Link target "../Odoo Hostng.md" does not exist  [dead-link]",
        "  hint: Did you mean "../Odoo%20Hosting.md"? In a markdown link, write the page's name as in a wiki link, or the path of its file from this page (a space as %20 or the whole target in <…>), or the page's URL ending in ".html".",
        "wiki/Team/Lea.md:3:1  warning  Link target "/odoo-hostng.html" does not exist  [dead-link]",
        "  hint: Did you mean "/odoo-hosting.html"? In a markdown link, write the page's name as in a wiki link, or the path of its file from this page (a space as %20 or the whole target in <…>), or the page's URL ending in ".html".",
        "wiki/Team/Lea.md:4:1  warning  Link target "Odoo Hostng" does not exist  [dead-link]",
        "  hint: Did you mean "Odoo Hosting"? A wiki link names a page by its file name (".md" may be left out), its title or an alias.",
        "wiki/Team/Lea.md:5:1  warning  Link target "Odoo Hostng.md" does not exist  [dead-link]",
        "  hint: Did you mean "Odoo Hosting"? A wiki link names a page by its file name (".md" may be left out), its title or an alias.",
        "wiki/Team/Lea.md:6:1  warning  Link target "weit/weg/nichts.md" does not exist  [dead-link]",
        "  hint: In a markdown link, write the page's name as in a wiki link, or the path of its file from this page (a space as %20 or the whole target in <…>), or the page's URL ending in ".html".",
      ]
    `)
  })

  it('each suggestion, written in, resolves', async () => {
    const { work, root } = wikiWith(pages)
    const { stdout } = await wikigen(['check-links', '--root', 'wiki', '--json'], { cwd: work })
    const suggestions = (JSON.parse(stdout) as { target: string; suggestion?: string }[]).filter((link) => link.suggestion)
    expect(suggestions.length).toBe(4)
    let text = readFileSync(join(root, 'Team/Lea.md'), 'utf8').replace(/^\[fern\].*$/m, '')
    for (const { target, suggestion } of suggestions) {
      const written = target === '../Odoo Hostng.md' ? '../Odoo%20Hostng.md' : target
      text = text.replace(written, suggestion!)
    }
    writeFileSync(join(root, 'Team/Lea.md'), text)
    const strict = await wikigen(['build', '--root', 'wiki', '--out', 'site', '--no-cache', '--strict'], { cwd: work })
    expect(strict.stderr).not.toContain('dead-link')
    expect(strict.code).toBe(0)
  })
})

/** The `script` command of util-linux, which runs a command on a pseudo-terminal; undefined where there is none. */
function findScript(): string | undefined {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' })
    return 'script'
  } catch {
    return undefined
  }
}

/** Runs a shell command in the repository on a pseudo-terminal and returns what the terminal showed. */
function onTerminal(command: string, env: Record<string, string>): string {
  const result = spawnSync('script', ['-qec', command, '/dev/null'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, ...NO_COLOR_VARIABLES, ...env },
    timeout: 60_000,
  })
  return result.stdout
}

function quote(path: string): string {
  return `'${path.replace(/'/g, `'\\''`)}'`
}
