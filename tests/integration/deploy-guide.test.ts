/**
 * docs/deploy.md holds pipelines and server configuration that people copy as they are, so they are checked here:
 * the GitHub Actions and GitLab CI pipelines parse as YAML and have what a wiki pipeline needs (linted with
 * actionlint where it is installed), the nginx block passes `nginx -t` and answers real requests where nginx is
 * installed, the file formats the guide shows are the ones a build writes, and a shallow clone's warning does not
 * fail `--strict`, as the guide says.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { DOCUMENTED_CSP, NGINX_CSP, recommendedCsp } from '../../src/cli/csp.js'
import { NOT_STRICT } from '../../src/compiler/diagnostics.js'
import { fixtureSite, repoRoot, tempDir, wikigen } from './helpers.js'

const guide = readFileSync(join(repoRoot, 'docs/deploy.md'), 'utf8')

/** The fenced code blocks of a markdown text, with their info strings. */
function fencedBlocks(markdown: string): { lang: string; text: string }[] {
  return [...markdown.matchAll(/^```(\S*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], text: m[2] }))
}

/** The block of the guide whose first line is `firstLine` (the file it is meant for, as a comment). */
function blockNamed(firstLine: string): string {
  const found = fencedBlocks(guide).filter((block) => block.text.split('\n')[0] === firstLine)
  expect(found, `one block starting with ${firstLine}`).toHaveLength(1)
  return found[0].text
}

/** Parses YAML as strictly as CI services do (duplicate keys are errors) and returns it as plain data. */
function parseYaml(text: string): Record<string, unknown> {
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: true })
  expect(document.errors.map(String)).toEqual([])
  expect(document.warnings.map(String)).toEqual([])
  return document.toJS() as Record<string, unknown>
}

type Step = { uses?: string; run?: string; with?: Record<string, unknown>; if?: string; name?: string; id?: string }

/** A program on the PATH (or in the usual sbin folders, for nginx run by a non-root user); undefined without it. */
function findProgram(name: string, versionFlag: string): string | undefined {
  for (const candidate of [name, `/usr/sbin/${name}`, `/usr/local/sbin/${name}`]) {
    const result = spawnSync(candidate, [versionFlag], { stdio: 'ignore' })
    if (!result.error) return candidate
  }
  return undefined
}

/** A test's name, saying why it is skipped where it is. */
function unless(missing: boolean, name: string, why: string): string {
  return missing ? `${name} (skipped: ${why})` : name
}

const actionlint = findProgram('actionlint', '-version')
const nginx = findProgram('nginx', '-v')
const git = findProgram('git', '--version')

describe('the GitHub Actions workflow', () => {
  const text = blockNamed('# .github/workflows/wiki.yml')
  const workflow = parseYaml(text) as {
    on: Record<string, unknown>
    permissions: Record<string, string>
    jobs: Record<
      string,
      { steps: Step[]; needs?: string; if?: string; permissions?: Record<string, string>; environment?: { name: string } }
    >
  }
  const steps = workflow.jobs.build.steps
  const step = (action: string) => steps.find((s) => s.uses?.startsWith(`${action}@`))
  const runIndex = (pattern: RegExp) => steps.findIndex((s) => s.run !== undefined && pattern.test(s.run))

  it('runs on pushes to main and on pull requests', () => {
    expect(workflow.on.push).toEqual({ branches: ['main'] })
    expect(workflow.on).toHaveProperty('pull_request')
    expect(workflow.permissions).toEqual({ contents: 'read' })
  })

  it('clones the whole history, so last-updated dates are right', () => {
    expect(steps[0].uses).toBe('actions/checkout@v4')
    expect(steps[0].with).toEqual({ 'fetch-depth': 0 })
  })

  it('restores and saves the build cache and the previous output', () => {
    const cache = step('actions/cache')
    expect(cache).toBeDefined()
    const paths = String(cache!.with!.path).trim().split('\n')
    expect(paths).toEqual(['.wikigen/cache', 'dist'])
    expect(cache!.with!.key).toContain('${{ github.sha }}')
    expect(String(cache!.with!['restore-keys']).trim()).toBe('wikigen-${{ runner.os }}-')
    // restored before anything builds
    expect(steps.indexOf(cache!)).toBeLessThan(runIndex(/wikigen check-links/))
  })

  it('checks links, then builds with --strict into the folder it uploads', () => {
    const checkLinks = runIndex(/^npx wikigen check-links --root content$/)
    const build = runIndex(/^npx wikigen build --root content --out dist --strict\b/)
    expect(checkLinks).toBeGreaterThan(-1)
    expect(build).toBeGreaterThan(checkLinks)
    expect(step('actions/upload-pages-artifact')!.with).toEqual({ path: 'dist' })
  })

  it('deploys to GitHub Pages from main only, with the permissions Pages needs', () => {
    const deploy = workflow.jobs.deploy
    expect(deploy.needs).toBe('build')
    expect(deploy.if).toContain("github.ref == 'refs/heads/main'")
    expect(deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' })
    expect(deploy.environment?.name).toBe('github-pages')
    expect(deploy.steps.map((s) => s.uses)).toEqual(['actions/deploy-pages@v4'])
  })

  it('pins every action to a major version', () => {
    const uses = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((s) => (s.uses ? [s.uses] : [])))
    for (const action of uses) expect(action).toMatch(/^[\w-]+\/[\w-]+@v\d+$/)
  })

  it.skipIf(!actionlint)(unless(!actionlint, 'passes actionlint', 'no actionlint on the PATH'), () => {
    const work = tempDir()
    mkdirSync(join(work, '.github/workflows'), { recursive: true })
    writeFileSync(join(work, '.github/workflows/wiki.yml'), text)
    const result = spawnSync(actionlint!, ['-no-color', '.github/workflows/wiki.yml'], { cwd: work, encoding: 'utf8' })
    expect(result.stdout + result.stderr).toBe('')
    expect(result.status).toBe(0)
  })
})

describe('the GitLab CI pipeline', () => {
  const pipeline = parseYaml(blockNamed('# .gitlab-ci.yml')) as Record<string, unknown> & {
    variables: Record<string, string>
    cache: { key: string; paths: string[] }
    stages: string[]
  }
  type Job = { stage: string; script: string[]; artifacts?: { paths: string[] }; rules?: { if: string }[] }
  const job = (name: string) => pipeline[name] as Job

  it('clones the whole history and caches the build cache and the previous output', () => {
    expect(pipeline.image).toBe('node:20')
    expect(pipeline.variables.GIT_DEPTH).toBe('0')
    expect(pipeline.cache.paths).toEqual(expect.arrayContaining(['.wikigen/cache/', 'public/']))
  })

  it('checks links in every pipeline and publishes a --strict build from the default branch', () => {
    expect(job('check-links').script).toEqual(['npx wikigen check-links --root content'])
    const pages = job('pages')
    expect(pages.script).toEqual([
      'PAGES_BASE="/$(echo "$CI_PAGES_URL" | cut -d/ -f4-)"',
      'npx wikigen build --root content --out public --strict --base "${PAGES_BASE%/}/"',
    ])
    expect(pages.artifacts).toEqual({ paths: ['public'] })
    expect(pages.rules).toEqual([{ if: '$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH' }])
    // each job's stage exists, and links are checked before the pages are published
    expect(pipeline.stages.indexOf(job('check-links').stage)).toBeLessThan(pipeline.stages.indexOf(pages.stage))
    expect(pipeline.stages.indexOf(job('check-links').stage)).toBeGreaterThan(-1)
  })
})

describe('what the guide says --strict fails on', () => {
  it('names exactly the warnings the build lets pass under --strict', () => {
    const section = guide.slice(
      guide.indexOf('## What `--strict` fails on'),
      guide.indexOf('\n## ', guide.indexOf('## What `--strict` fails on') + 1),
    )
    const codes = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1])
    expect(codes).toEqual([...NOT_STRICT.keys()])
  })
})

describe('what the guide says a build writes', () => {
  const site = join(tempDir(), 'site')
  beforeAll(async () => {
    const { code } = await wikigen(['build', '--root', fixtureSite('basic'), '--out', site, '--no-cache'])
    expect(code).toBe(0)
  }, 120_000)

  it('shows the real lines of _redirects and redirects.nginx.map', () => {
    const samples = fencedBlocks(guide).filter((block) => block.lang === '' && /\/alt\/hosting\.html/.test(block.text))
    expect(samples).toHaveLength(2)
    const lines = (text: string) => text.trim().split('\n')
    for (const line of lines(samples[0].text)) expect(lines(readFileSync(join(site, '_redirects'), 'utf8'))).toContain(line)
    for (const line of lines(samples[1].text)) expect(lines(readFileSync(join(site, 'redirects.nginx.map'), 'utf8'))).toContain(line)
  })

  it('publishes the _headers file of the guide from public/ at the root', async () => {
    const headers = blockNamed('# content/public/_headers')
    expect(headers).toContain('/_wikigen/*\n  Cache-Control: public, max-age=31536000, immutable\n')
    expect(headers).toContain(`/*\n  Content-Security-Policy: ${DOCUMENTED_CSP}\n`)
    expect(headers).toContain('/*.svg\n  Content-Security-Policy: sandbox\n')
    const work = tempDir()
    const root = join(work, 'wiki')
    mkdirSync(join(root, 'public'), { recursive: true })
    writeFileSync(join(root, 'index.md'), '# Start\n')
    writeFileSync(join(root, 'public/_headers'), headers)
    const { code } = await wikigen(['build', '--root', 'wiki', '--out', 'site', '--no-cache'], { cwd: work })
    expect(code).toBe(0)
    expect(readFileSync(join(work, 'site/_headers'), 'utf8')).toBe(headers)
  })

  it('writes only hashed files under _wikigen/, which the cache headers treat as immutable', () => {
    const files = readdirSync(join(site, '_wikigen'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    expect(files.length).toBeGreaterThan(0)
    // with their precompressed copies (client-….js.br, .gz), named by the same hash
    for (const file of files) expect(file.name).toMatch(/-[A-Z0-9]{8}\.(js|css|woff2|svg)(\.br|\.gz)?$/)
  })

  describe('the nginx block', () => {
    const block = blockNamed('# /etc/nginx/conf.d/wiki.conf (conf.d files are read inside the http block)')
    const brotliModule = ['/usr/lib/nginx/modules', '/usr/lib64/nginx/modules', '/usr/local/nginx/modules']
      .map((dir) => join(dir, 'ngx_http_brotli_filter_module.so'))
      .find((file) => existsSync(file))

    it('sends the Content-Security-Policy of docs/SECURITY.md and the cache headers of `wikigen serve`', () => {
      expect(block).toContain(`default "${NGINX_CSP}";`)
      expect(block).toContain(`~*\\.(?:svgz?|xml|xsl|xslt|xhtml|xht)$ "${NGINX_CSP}, sandbox";`)
      expect(block).toContain('add_header Content-Security-Policy $wikigen_csp always;')
      expect(readFileSync(join(repoRoot, 'docs/SECURITY.md'), 'utf8')).toContain(`Content-Security-Policy: ${DOCUMENTED_CSP}`)
      const serve = readFileSync(join(repoRoot, 'src/cli/serve.ts'), 'utf8')
      for (const value of ['public, max-age=31536000, immutable', 'public, max-age=0, must-revalidate']) {
        expect(block).toContain(`"${value}"`)
        expect(serve).toContain(`'${value}'`)
      }
    })

    /** A minimal nginx.conf around the block, for the site in `site`, with every path nginx writes in `work`. */
    function nginxConf(work: string, listen?: number): string {
      let server = block.replaceAll('/var/www/wiki', site)
      if (listen !== undefined) server = server.replace('listen 80;', `listen 127.0.0.1:${listen};`).replace('    listen [::]:80;\n', '')
      // the guide says to leave the brotli lines out where the module is missing
      if (!brotliModule) server = server.replace(/^\s*brotli.*\n/gm, '')
      const types = existsSync('/etc/nginx/mime.types')
        ? 'include /etc/nginx/mime.types;'
        : 'types { text/html html; text/css css; application/javascript js; application/json json; image/svg+xml svg; }'
      return [
        brotliModule ? `load_module ${brotliModule};` : '',
        `pid ${work}/nginx.pid;`,
        `error_log ${work}/error.log;`,
        'events {}',
        'http {',
        `  ${types}`,
        '  default_type application/octet-stream;',
        `  access_log ${work}/access.log;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${work}/${kind};`),
        server,
        '}',
      ].join('\n')
    }

    it.skipIf(!nginx)(unless(!nginx, 'passes nginx -t', 'no nginx binary found; install nginx to check the block'), () => {
      const work = tempDir()
      writeFileSync(join(work, 'nginx.conf'), nginxConf(work))
      const result = spawnSync(nginx!, ['-t', '-p', work, '-e', `${work}/error.log`, '-c', join(work, 'nginx.conf')], { encoding: 'utf8' })
      expect(result.stderr).toContain('syntax is ok')
      expect(result.stderr).toContain('test is successful')
      expect(result.status).toBe(0)
    })

    describe.skipIf(!nginx)(unless(!nginx, 'serving the built site', 'no nginx binary found; install nginx to check the block'), () => {
      let server: ChildProcess | undefined
      let port = 0
      beforeAll(async () => {
        port = await freePort()
        const work = tempDir()
        writeFileSync(join(work, 'nginx.conf'), nginxConf(work, port))
        // one process, in the foreground, as the current user: nothing to clean up but the process itself
        server = spawn(
          nginx!,
          ['-p', work, '-e', `${work}/error.log`, '-c', join(work, 'nginx.conf'), '-g', 'daemon off; master_process off;'],
          {
            stdio: 'ignore',
          },
        )
        await waitForPort(port)
      }, 30_000)
      afterAll(() => void server?.kill())

      it('answers old URLs with 301, before the forwarding page', async () => {
        for (const old of ['/wissensmanager-in.html', '/wissensmanager:in.html', '/alt/hosting.html']) {
          const response = await request(port, old)
          expect(response.status, old).toBe(301)
          expect(response.headers.location).toMatch(/\/(wissensmanager_in|odoo-hosting)\.html$/)
        }
      })

      it('finds /glossary, umlaut paths and the 404 page', async () => {
        expect((await request(port, '/glossary')).status).toBe(200)
        expect((await request(port, '/wirkungsr%C3%A4ume.html')).status).toBe(200)
        const missing = await request(port, '/gibt-es-nicht.html')
        expect(missing.status).toBe(404)
        expect(missing.body).toContain('Take me home')
      })

      it('caches hashed assets for a year and revalidates the rest', async () => {
        const script = readdirSync(join(site, '_wikigen')).find((name) => name.endsWith('.js'))!
        const asset = await request(port, `/_wikigen/${script}`)
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        const page = await request(port, '/odoo.html')
        expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
        // nginx's $host is the name without the port, as a site on the default port has it
        expect(page.headers['content-security-policy']).toBe(recommendedCsp('http://127.0.0.1/_wikigen/'))
        const svg = readdirSync(join(site, 'attachments')).find((name) => name.endsWith('.svg'))
        if (svg) expect((await request(port, `/attachments/${svg}`)).headers['content-security-policy']).toMatch(/, sandbox$/)
        expect(page.headers['x-content-type-options']).toBe('nosniff')
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      })

      it('compresses with gzip, and with brotli where the module is loaded', async () => {
        const gzip = await request(port, '/odoo.html', { 'Accept-Encoding': 'gzip' })
        expect(gzip.headers['content-encoding']).toBe('gzip')
        expect(gzip.headers.vary).toContain('Accept-Encoding')
        const css = readdirSync(join(site, '_wikigen')).find((name) => name.endsWith('.css'))!
        expect((await request(port, `/_wikigen/${css}`, { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip')
        if (brotliModule) expect((await request(port, '/odoo.html', { 'Accept-Encoding': 'br' })).headers['content-encoding']).toBe('br')
      })
    })
  })
})

describe.skipIf(!git)(unless(!git, 'a build in a shallow clone', 'no git'), () => {
  /** A repository with two commits and a shallow clone of it with only the newest. */
  function shallowClone(): string {
    const work = tempDir()
    const origin = join(work, 'origin')
    mkdirSync(join(origin, 'wiki'), { recursive: true })
    const run = (args: string[], cwd = origin) =>
      execFileSync('git', args, {
        cwd,
        stdio: 'ignore',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'Lea',
          GIT_AUTHOR_EMAIL: 'lea@example.test',
          GIT_COMMITTER_NAME: 'Lea',
          GIT_COMMITTER_EMAIL: 'lea@example.test',
        },
      })
    run(['init', '-q'])
    writeFileSync(join(origin, 'wiki/index.md'), '# Start\n\n[[Alt]]\n')
    writeFileSync(join(origin, 'wiki/Alt.md'), '# Alt\n')
    run(['add', '-A'])
    run(['commit', '-qm', 'first'])
    writeFileSync(join(origin, 'wiki/index.md'), '# Start\n\n[[Alt]], neu.\n')
    run(['commit', '-qam', 'second'])
    run(['clone', '-q', '--depth', '1', `file://${origin}`, 'clone'], work)
    return join(work, 'clone')
  }

  it('warns about the clone, and --strict does not fail on it', async () => {
    const clone = shallowClone()
    const { code, stderr } = await wikigen(['build', '--root', 'wiki', '--out', 'site', '--strict'], { cwd: clone })
    expect(stderr).toContain('[shallow-clone]')
    expect(stderr).toMatch(/✓ 2 pages in [\d.]+ s · 1 warning → site/)
    expect(code).toBe(0)
    // the guide quotes the warning as the build prints it
    for (const line of stderr.split('\n').filter((l) => /shallow-clone|hint:/.test(l)))
      expect(guide).toContain(line.replace(/^wiki/, 'content'))
  })

  it('still fails --strict on a warning about the content', async () => {
    const clone = shallowClone()
    writeFileSync(join(clone, 'wiki/Neu.md'), '# Neu\n\n[[Gibt es nicht]]\n')
    const { code, stderr } = await wikigen(['build', '--root', 'wiki', '--out', 'site', '--strict'], { cwd: clone })
    expect(stderr).toContain('[shallow-clone]')
    expect(stderr).toContain('[dead-link]')
    expect(stderr).toMatch(/✗ 3 pages .* 2 warnings/)
    expect(code).toBe(1)
  })
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function waitForPort(port: number): Promise<void> {
  const started = Date.now()
  for (;;) {
    try {
      await request(port, '/')
      return
    } catch (error) {
      if (Date.now() - started > 20_000) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

/** One GET with the raw answer: status, headers as sent (no decompression) and the body as text. */
function request(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = ''
      response.setEncoding('latin1')
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string | undefined>, body }),
      )
    }).on('error', reject)
  })
}
