/**
 * The fenced code blocks of the wiki and the linters that check them, for tests/integration/content-snippets.test.ts.
 *
 * Every linter writes the snippets into a temporary folder and translates what the tool reports back to
 * `page.md:line: message`, where `line` is the line of the page (not of the temporary file), so a failure says which
 * snippet to fix. A snippet whose info string carries the word `fragment` (```` ```yaml fragment ````) is partial on
 * purpose and not linted; see docs/authoring.md.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { parseAllDocuments } from 'yaml'

export interface Snippet {
  /** The page, relative to content/, with forward slashes. */
  page: string
  /** The info string's first word, lower case (`bash`, `yaml`, …). */
  lang: string
  /** The other words of the info string. */
  flags: string[]
  /** The page line of the snippet's first code line (1-based). */
  line: number
  code: string
}

/** One problem, already pointing into the page. */
export type Finding = string

/** Every `.md` file below `dir`, relative to `root`, with forward slashes. */
function listMarkdown(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return listMarkdown(root, path)
    return entry.isFile() && entry.name.endsWith('.md') ? [relative(root, path).split(sep).join('/')] : []
  })
}

/**
 * The fenced code blocks of one page. Fences of three or more backticks or tildes, closed by a fence of the same
 * character at least as long (CommonMark), so a ```` ````markdown ```` example that shows a fence is one block.
 */
export function snippetsOf(page: string, text: string): Snippet[] {
  const lines = text.split(/\r?\n/)
  const found: Snippet[] = []
  let open: { fence: string; indent: number; lang: string; flags: string[]; line: number; body: string[] } | undefined
  lines.forEach((line, index) => {
    if (!open) {
      const start = /^( {0,3})(`{3,}|~{3,})\s*([^`\s]*)\s*(.*)$/.exec(line)
      if (!start) return
      const [, indent, fence, lang, rest] = start
      open = {
        fence,
        indent: indent.length,
        lang: lang.toLowerCase(),
        flags: rest.split(/\s+/).filter(Boolean),
        line: index + 2,
        body: [],
      }
      return
    }
    const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line)
    if (close && close[1][0] === open.fence[0] && close[1].length >= open.fence.length) {
      found.push({ page, lang: open.lang, flags: open.flags, line: open.line, code: open.body.join('\n') + '\n' })
      open = undefined
      return
    }
    open.body.push(open.indent > 0 ? line.replace(new RegExp(`^ {0,${open.indent}}`), '') : line)
  })
  return found
}

/** Every fenced code block under `contentRoot`, in page order. */
export function wikiSnippets(contentRoot: string): Snippet[] {
  return listMarkdown(contentRoot)
    .sort()
    .flatMap((page) => snippetsOf(page, readFileSync(join(contentRoot, page), 'utf8')))
}

export const isFragment = (snippet: Snippet) => snippet.flags.includes('fragment')

/** Where a snippet points: `page.md:line`, `offset` lines into the snippet. */
const at = (snippet: Snippet, offset = 0) => `${snippet.page}:${snippet.line + offset}`

/** Runs a command; `undefined` when it is not installed. */
function run(command: string, args: string[], options: { cwd?: string; input?: string } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options })
  if (result.error) return undefined
  return { code: result.status ?? 1, out: `${result.stdout}${result.stderr}` }
}

/** Whether `command` can be started at all (its version option answers). */
export function hasTool(command: string, versionArgs = ['--version']): boolean {
  return run(command, versionArgs) !== undefined
}

/** Writes each snippet to `dir/<index><suffix>` and returns the file names with their snippets. */
function writeAll(dir: string, snippets: Snippet[], suffix: string, transform = (code: string) => code) {
  mkdirSync(dir, { recursive: true })
  return snippets.map((snippet, index) => {
    const file = `${String(index).padStart(4, '0')}${suffix}`
    writeFileSync(join(dir, file), transform(snippet.code))
    return { file, snippet }
  })
}

/** Maps `file:line:col: …` lines of a linter back onto the pages. */
function mapLocations(out: string, files: { file: string; snippet: Snippet }[], dir: string): Finding[] {
  const byFile = new Map(files.map((entry) => [entry.file, entry.snippet]))
  return out.split('\n').flatMap((line) => {
    const match = /^(?:\.\/)?([^:\s]+):(\d+):(?:(\d+):)?\s*(.*)$/.exec(line.replace(`${dir}/`, ''))
    const snippet = match && byFile.get(match[1])
    return snippet && match ? [`${at(snippet, Number(match[2]) - 1)}: ${match[4]}`] : []
  })
}

// ---------------------------------------------------------------------------------------------------------------
// YAML

/** yamllint with its `relaxed` configuration: errors fail (syntax, duplicate keys, …), warnings do not. */
export function lintYaml(snippets: Snippet[], dir: string): Finding[] {
  if (snippets.length === 0) return []
  const files = writeAll(dir, snippets, '.yaml')
  const result = run('yamllint', ['-d', 'relaxed', '-f', 'parsable', ...files.map((f) => f.file)], { cwd: dir })
  if (!result) return ['yamllint could not be started']
  const errors = result.out
    .split('\n')
    .filter((line) => line.includes('[error]'))
    .join('\n')
  return mapLocations(errors, files, dir)
}

/** The fields of a system-upgrade-controller Plan that the check reads. */
interface UpgradePlan {
  apiVersion?: unknown
  kind?: unknown
  metadata?: { name?: string }
  spec?: { upgrade?: { image?: unknown }; version?: unknown; channel?: unknown }
}

/**
 * A system-upgrade-controller Plan (`kind: Plan`, `apiVersion: upgrade.cattle.io/…`) that yamllint accepts can still do
 * nothing: without `upgrade.image` the controller creates no job, without `version` or `channel` it has no target.
 */
export function lintUpgradePlans(snippets: Snippet[]): Finding[] {
  return snippets.flatMap((snippet) => {
    const lines = snippet.code.split('\n')
    return parseAllDocuments(snippet.code).flatMap((doc) => {
      const plan = doc.toJS() as UpgradePlan | null
      if (!plan || plan.kind !== 'Plan' || !String(plan.apiVersion ?? '').startsWith('upgrade.cattle.io/')) return []
      const start = doc.range[0]
      const offset = snippet.code.slice(0, start).split('\n').length - 1
      const kindLine = lines.findIndex((line, index) => index >= offset && /^kind:\s*Plan\b/.test(line))
      const where = at(snippet, kindLine >= 0 ? kindLine : offset)
      const name = plan.metadata?.name ?? '(unnamed)'
      const found: Finding[] = []
      if (!plan.spec?.upgrade?.image) found.push(`${where}: Plan ${name} has no upgrade.image (e.g. rancher/k3s-upgrade)`)
      if (!plan.spec?.version && !plan.spec?.channel) found.push(`${where}: Plan ${name} has neither version nor channel`)
      return found
    })
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Shell

/**
 * The shellcheck severity that fails a snippet: `warning` (and `error`). Style and info remarks (quoting of a
 * variable that holds a file name without spaces, `$?` checks) are advice for scripts, not faults of a page's
 * example. Excluded, because a snippet is a sequence typed into a terminal rather than a script: SC2034 (a variable
 * set in one snippet and used in the next one), SC2154 (a variable the surrounding text says to set first, such as
 * a token), SC2164 (`cd` without `|| exit`: a failing `cd` is in front of the reader's eyes) and SC1090 (`source` of
 * a file that exists only on the reader's machine, such as a virtualenv).
 */
export const SHELLCHECK_SEVERITY = 'warning'
export const SHELLCHECK_EXCLUDED = ['SC1090', 'SC2034', 'SC2154', 'SC2164']

export function lintShell(snippets: Snippet[], dir: string): Finding[] {
  if (snippets.length === 0) return []
  // a snippet is a list of commands typed into bash, unless its first line names another shell
  const files = writeAll(dir, snippets, '.sh', (code) => (code.startsWith('#!') ? code : `# shellcheck shell=bash\n${code}`))
  const shifted = new Map(files.map(({ file, snippet }) => [file, snippet.code.startsWith('#!') ? 0 : 1]))
  const result = run(
    'shellcheck',
    ['-f', 'gcc', '-S', SHELLCHECK_SEVERITY, '-e', SHELLCHECK_EXCLUDED.join(','), ...files.map((f) => f.file)],
    { cwd: dir },
  )
  if (!result) return ['shellcheck could not be started']
  // move the line numbers back by the directive line added above
  const out = result.out.replace(/^([^:\s]+):(\d+):/gm, (_, file: string, line: string) => {
    return `${file}:${Number(line) - (shifted.get(file) ?? 0)}:`
  })
  return mapLocations(out, files, dir)
}

// ---------------------------------------------------------------------------------------------------------------
// systemd units and environment files

const UNIT_SECTIONS = ['Service', 'Timer', 'Socket', 'Mount', 'Path', 'Automount', 'Swap', 'Target', 'Slice']

/** An `ini` snippet that is a systemd unit: its unit file name, or undefined. */
export function unitNameOf(snippet: Snippet, index: number): string | undefined {
  const named = /^#\s*\S*\/([\w@.-]+\.(?:service|timer|socket|mount|path|automount|swap|target|slice))\s*$/m.exec(
    snippet.code.split('\n')[0],
  )
  if (named) return named[1]
  const type = UNIT_SECTIONS.find((section) => new RegExp(`^\\[${section}\\]`, 'm').test(snippet.code))
  if (type) return `snippet-${index}.${type.toLowerCase()}`
  return /^\[(?:Unit|Install)\]/m.test(snippet.code) ? `snippet-${index}.target` : undefined
}

/**
 * `systemd-analyze verify` on every unit of a page, together (a timer finds its service). Units refer to scripts
 * of the servers they are written for, so "is not executable: No such file or directory" for an absolute path is not
 * a fault of the snippet; every other line the tool prints is (it reports unknown keys and bad values but still
 * exits 0, so the output decides).
 */
export function lintUnits(units: { name: string; snippet: Snippet }[], dir: string): Finding[] {
  const findings: Finding[] = []
  const pages = [...new Set(units.map((unit) => unit.snippet.page))]
  pages.forEach((page, pageIndex) => {
    const pageDir = join(dir, String(pageIndex))
    mkdirSync(pageDir, { recursive: true })
    const ofPage = units.filter((unit) => unit.snippet.page === page)
    for (const unit of ofPage) writeFileSync(join(pageDir, unit.name), unit.snippet.code)
    const result = run('systemd-analyze', ['verify', ...ofPage.map((unit) => join(pageDir, unit.name))])
    if (!result) {
      findings.push('systemd-analyze could not be started')
      return
    }
    for (const line of result.out.split('\n').filter(Boolean)) {
      if (/: Command \/\S+ is not executable: No such file or directory$/.test(line)) continue
      const located = /^(\S+?):(\d+): (.*)$/.exec(line)
      const unit = located && ofPage.find((u) => join(pageDir, u.name) === located[1])
      if (unit && located) findings.push(`${at(unit.snippet, Number(located[2]) - 1)}: ${located[3]}`)
      else {
        const named = ofPage.find((u) => line.startsWith(`${u.name}:`)) ?? ofPage[0]
        findings.push(`${at(named.snippet)}: ${line.replace(`${pageDir}/`, '')}`)
      }
    }
  })
  return findings
}

/** An `ini` snippet whose first line names an environment file (`# /etc/restic/muster.env`). */
export const isEnvFile = (snippet: Snippet) => /^#\s*\S+\.env\s*$/.test(snippet.code.split('\n')[0])

/**
 * An environment file read by systemd's `EnvironmentFile=` holds `KEY=value` lines, comments and blank lines only:
 * systemd does not run a shell, so `export KEY=…` or `$(…)` never reach the service.
 */
export function lintEnvFile(snippet: Snippet): Finding[] {
  return snippet.code.split('\n').flatMap((line, index) => {
    if (line.trim() === '' || /^\s*[#;]/.test(line)) return []
    if (/^export\s/.test(line)) return [`${at(snippet, index)}: "export" in an environment file; systemd expects KEY=value without it`]
    if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(line)) return [`${at(snippet, index)}: not a KEY=value line: ${line.trim()}`]
    if (/\$\(|`/.test(line)) return [`${at(snippet, index)}: command substitution is not run by systemd: ${line.trim()}`]
    return []
  })
}

// ---------------------------------------------------------------------------------------------------------------
// nginx

/** nginx's version as [major, minor, patch], from `nginx -v`. */
export function nginxVersion(): [number, number, number] | undefined {
  const result = run('nginx', ['-v'])
  const match = result && /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(result.out)
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined
}

/** `http2 on;` exists since nginx 1.25.1; `listen … http2` is deprecated from then on. */
export const knowsHttp2Directive = ([major, minor, patch]: [number, number, number]) =>
  major > 1 || (major === 1 && (minor > 25 || (minor === 25 && patch >= 1)))

/** The context a snippet is written for: the whole file, `http {}` or `server {}`. */
export function nginxContextOf(code: string): 'main' | 'http' | 'server' {
  const topLevel = code
    .split('\n')
    .filter((line) => /^\S/.test(line))
    .map((line) => line.split(/[\s{;]/)[0])
  if (topLevel.some((word) => ['http', 'events', 'stream', 'worker_processes'].includes(word))) return 'main'
  const httpOnly = ['server', 'upstream', 'map', 'geo', 'split_clients', 'log_format', 'limit_req_zone', 'limit_conn_zone']
  if (topLevel.some((word) => httpOnly.includes(word))) return 'http'
  return 'server'
}

/**
 * `nginx -t` on each snippet, wrapped into a configuration of its own: `events {}` and `http {}` around it, and a
 * `server {}` too when the snippet is a set of locations. Certificates point at a self-signed pair made for the test,
 * temporary paths and the pid file into the test folder, so the check needs neither root nor the servers' files.
 * An nginx older than 1.25.1 does not know `http2 on;`; such a line is checked as a comment there (and the rule below
 * still refuses the deprecated `listen … http2`).
 */
export function lintNginx(
  snippets: Snippet[],
  dir: string,
  certificate: { cert: string; key: string },
  version: [number, number, number],
): Finding[] {
  const findings: Finding[] = []
  snippets.forEach((snippet, index) => {
    snippet.code.split('\n').forEach((line, offset) => {
      if (/^\s*listen\s[^;#]*\bhttp2\b/.test(line))
        findings.push(`${at(snippet, offset)}: "listen … http2" is deprecated since nginx 1.25.1; write "http2 on;"`)
    })
    const prefix = join(dir, String(index))
    mkdirSync(prefix, { recursive: true })
    let code = snippet.code
      .replace(/^(\s*ssl_certificate)\s+[^;]+;/gm, `$1 ${certificate.cert};`)
      .replace(/^(\s*ssl_certificate_key)\s+[^;]+;/gm, `$1 ${certificate.key};`)
    if (!knowsHttp2Directive(version)) code = code.replace(/^(\s*)(http2\s+on;)/gm, '$1# $2')
    const context = nginxContextOf(code)
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${prefix}/${kind};`)
    const before = [`pid ${prefix}/nginx.pid;`, 'events {}']
    if (context !== 'main') before.push('http {', ...temp, 'access_log off;')
    if (context === 'server') before.push('server {', 'listen 127.0.0.1:8080;')
    const after = context === 'server' ? ['}', '}'] : context === 'http' ? ['}'] : []
    const config = join(prefix, 'nginx.conf')
    writeFileSync(config, [...before, code, ...after].join('\n'))
    const result = run('nginx', ['-t', '-q', '-p', `${prefix}/`, '-e', 'stderr', '-c', config])
    if (!result) {
      findings.push('nginx could not be started')
      return
    }
    if (result.code === 0) return
    for (const line of result.out.split('\n').filter(Boolean)) {
      if (/configuration file .* test failed/.test(line)) continue
      // "2026/11/27 10:13:31 [emerg] 2313#2313: "location" directive is not allowed here in /…/nginx.conf:12"
      const located = /\[(\w+)\] (?:\d+#\d+: )?(.*) in (\S+):(\d+)$/.exec(line)
      if (located && located[3] === config)
        findings.push(`${at(snippet, Number(located[4]) - before.length - 1)}: [${located[1]}] ${located[2]}`)
      else findings.push(`${at(snippet)}: ${line.replace(/^\S+ \S+ /, '')}`)
    }
  })
  return findings
}

/** A self-signed certificate for the nginx check, or undefined without openssl. */
export function testCertificate(dir: string): { cert: string; key: string } | undefined {
  mkdirSync(dir, { recursive: true })
  const cert = join(dir, 'cert.pem')
  const key = join(dir, 'key.pem')
  const result = run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=snippet.test',
    '-keyout',
    key,
    '-out',
    cert,
  ])
  return result && result.code === 0 ? { cert, key } : undefined
}

// ---------------------------------------------------------------------------------------------------------------
// Terraform

/** `terraform fmt -check` on each HCL snippet: a syntax error or a layout terraform would change fails. */
export function lintTerraform(snippets: Snippet[], dir: string): Finding[] {
  const files = writeAll(dir, snippets, '.tf')
  return files.flatMap(({ file, snippet }) => {
    const result = run('terraform', ['fmt', '-check', '-diff', '-no-color', file], { cwd: dir })
    if (!result) return ['terraform could not be started']
    if (result.code === 0) return []
    const located = /on \S+ line (\d+)/.exec(result.out)
    const detail = result.out
      .split('\n')
      .filter((line) => /^[-+](?![-+])|Error:/.test(line))
      .slice(0, 6)
      .join(' | ')
    return [`${at(snippet, located ? Number(located[1]) - 1 : 0)}: terraform fmt would change it: ${detail}`]
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Meaning: commands and settings that pass their linter but do not do what the page says

const isShell = (snippet: Snippet) => ['bash', 'sh', 'shell'].includes(snippet.lang)

/** The logical lines of a shell snippet (continuations joined), each with its offset in the snippet. */
function shellLines(snippet: Snippet): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = []
  let pending: { text: string; offset: number } | undefined
  snippet.code.split('\n').forEach((line, offset) => {
    const joined = pending ? { text: `${pending.text} ${line.trim()}`, offset: pending.offset } : { text: line, offset }
    if (/\\\s*$/.test(line)) pending = { text: joined.text.replace(/\\\s*$/, ''), offset: joined.offset }
    else {
      pending = undefined
      out.push(joined)
    }
  })
  return out
}

/** `pg_restore -j` needs a file: with input from a pipe or `<` it stops ("parallel restore from standard input is not supported"). */
export function lintPgRestoreParallel(snippet: Snippet): Finding[] {
  if (!isShell(snippet)) return []
  return shellLines(snippet).flatMap(({ text, offset }) => {
    const piped = /\|\s*(?:\S+\s+)*?pg_restore\b(.*)$/.exec(text) ?? /\bpg_restore\b([^|]*<[^|]*)$/.exec(text)
    if (!piped || !/(?:^|\s)(?:-j\s*\d+|--jobs(?:=|\s+)\d+)/.test(piped[1])) return []
    return [`${at(snippet, offset)}: pg_restore -j reads standard input here; parallel restore needs the dump as a file`]
  })
}

/**
 * A database dump piped into `restic backup --stdin` is a snapshot of its own, apart from the one of the files: one
 * snapshot variable used both for `restic dump … x.dump` and for `restic restore` restores files from a snapshot
 * that holds only the dump. Checked over all shell snippets of a page.
 */
export function lintSnapshotReuse(snippets: Snippet[]): Finding[] {
  const dumps = new Map<string, string>()
  const restores = new Map<string, string>()
  for (const snippet of snippets.filter(isShell)) {
    for (const { text, offset } of shellLines(snippet)) {
      const dump = /\brestic\s+dump\b.*?"?\$\{?(\w+)\}?"?\s+\S+\.dump\b/.exec(text)
      if (dump) dumps.set(dump[1], at(snippet, offset))
      const restore = /\brestic\s+restore\s+"?\$\{?(\w+)\}?"?/.exec(text)
      if (restore) restores.set(restore[1], at(snippet, offset))
    }
  }
  return [...dumps.keys()]
    .filter((name) => restores.has(name))
    .map(
      (name) =>
        `${restores.get(name)}: $${name} is also the snapshot of a database dump (${dumps.get(name)}); files come from another snapshot`,
    )
}

/** The `key = value` pairs of an ini snippet's lines, with their offsets. */
function iniValues(snippet: Snippet): Map<string, { value: string; offset: number }> {
  const values = new Map<string, { value: string; offset: number }>()
  snippet.code.split('\n').forEach((line, offset) => {
    const match = /^\s*([\w.]+)\s*=\s*(.*?)\s*$/.exec(line)
    if (match) values.set(match[1], { value: match[2], offset })
  })
  return values
}

/** Odoo's `smtp_ssl` switches STARTTLS on; on port 587 without it, user and password go out in clear text. */
export function lintOdooSmtp(snippet: Snippet): Finding[] {
  if (snippet.lang !== 'ini') return []
  const values = iniValues(snippet)
  const port = values.get('smtp_port')
  if (!port || port.value !== '587') return []
  const ssl = values.get('smtp_ssl')
  if (ssl && /^(?:true|1|yes)$/i.test(ssl.value)) return []
  return [`${at(snippet, (ssl ?? port).offset)}: smtp_port = 587 without smtp_ssl = True sends in clear text (Odoo's smtp_ssl is STARTTLS)`]
}

/**
 * Odoo's memory limits hold for each process: workers, cron threads and the gevent process together may use
 * (workers + max_cron_threads + 1) × limit_memory_hard, which must stay below three quarters of `ramBytes`.
 */
export function lintOdooMemory(snippet: Snippet, ramBytes: number): Finding[] {
  if (snippet.lang !== 'ini') return []
  const values = iniValues(snippet)
  const hard = values.get('limit_memory_hard')
  const workers = values.get('workers')
  if (!hard || !workers) return []
  const processes = Number(workers.value) + Number(values.get('max_cron_threads')?.value ?? 2) + 1
  const total = processes * Number(hard.value)
  if (total <= ramBytes * 0.75) return []
  const gib = (bytes: number) => (bytes / 2 ** 30).toFixed(1)
  return [
    `${at(snippet, hard.offset)}: ${processes} processes × limit_memory_hard = ${gib(total)} GiB, more than 3/4 of ${gib(ramBytes)} GiB RAM`,
  ]
}

/**
 * Tags of the backup service (Specification Backup Service, BS-FR-003): the service (`odoo`, `nextcloud`, `keycloak`,
 * `system`) and the part (`db`, `files`), plus the markers of a manual snapshot. The customer is the repository, so
 * `key=value` tags such as `service=system` or `customer=muster` match no snapshot the jobs write.
 */
export const BACKUP_TAGS = ['odoo', 'nextcloud', 'keycloak', 'system', 'db', 'files', 'vor-upgrade', 'manuell']

/** `restic … --tag a,b` with a tag the backup jobs never set, so the filter finds nothing. */
export function lintResticTags(snippet: Snippet): Finding[] {
  if (!isShell(snippet)) return []
  return shellLines(snippet).flatMap(({ text, offset }) => {
    if (!/\brestic\b/.test(text)) return []
    return [...text.matchAll(/--tag[ =]([^\s]+)/g)].flatMap((match) =>
      match[1]
        .split(',')
        .filter((tag) => !BACKUP_TAGS.includes(tag))
        .map((tag) => `${at(snippet, offset)}: restic tag ${tag} is not a tag of the backup service (${BACKUP_TAGS.join(', ')})`),
    )
  })
}

/** A production `odoo.conf` (proxy_mode on) whose `workers` is not one of the worker counts of the packages. */
export function lintOdooWorkers(snippet: Snippet, packageWorkers: number[]): Finding[] {
  if (snippet.lang !== 'ini') return []
  const values = iniValues(snippet)
  const workers = values.get('workers')
  if (!workers || !/^(?:true|1|yes)$/i.test(values.get('proxy_mode')?.value ?? '')) return []
  if (packageWorkers.includes(Number(workers.value))) return []
  return [`${at(snippet, workers.offset)}: workers = ${workers.value} is not the worker count of a package (${packageWorkers.join(', ')})`]
}

/** `terraform workspace` fails with a backend that has no workspaces, such as `http` (GitLab's state). */
export function lintTerraformWorkspace(snippets: Snippet[], backends: string[]): Finding[] {
  if (!backends.includes('http')) return []
  return snippets
    .filter(isShell)
    .flatMap((snippet) =>
      shellLines(snippet).flatMap(({ text, offset }) =>
        /\bterraform\s+workspace\b/.test(text)
          ? [`${at(snippet, offset)}: terraform workspace does not exist with the http backend; use a separate state address`]
          : [],
      ),
    )
}

/** The backends named by the wiki's Terraform snippets. */
export const terraformBackends = (snippets: Snippet[]) =>
  snippets.flatMap((snippet) => [...snippet.code.matchAll(/\bbackend\s+"(\w+)"/g)].map((match) => match[1]))

/** A shell snippet that runs terraform changes only into `envs/…` or `kunden/…` of the infra/terraform repository. */
export function lintTerraformPaths(snippet: Snippet): Finding[] {
  if (!isShell(snippet) || !/^\s*terraform\s/m.test(snippet.code)) return []
  return shellLines(snippet).flatMap(({ text, offset }) => {
    const cd = /^\s*cd\s+(\S+)/.exec(text)
    if (!cd || /^(?:envs|kunden)\/[\w<>-]+\/?$/.test(cd[1])) return []
    return [`${at(snippet, offset)}: "cd ${cd[1]}" is not a directory of infra/terraform (envs/<umgebung> or kunden/<kunde>)`]
  })
}

/** `ansible-playbook -i …` names an inventory of infra/ansible and a playbook under `playbooks/`. */
export function lintAnsiblePaths(snippet: Snippet, inventories: string[]): Finding[] {
  if (!isShell(snippet)) return []
  return shellLines(snippet).flatMap(({ text, offset }) => {
    if (!/^\s*ansible-playbook\s/.test(text) || !/\s-i\s/.test(text)) return []
    const found: Finding[] = []
    for (const [, inventory] of text.matchAll(/\s-i\s+(\S+)/g)) {
      if (!inventories.includes(inventory.replace(/\/$/, '')))
        found.push(`${at(snippet, offset)}: inventory ${inventory} is not one of ${inventories.join(', ')}`)
    }
    const playbook = /\s(\S+\.ya?ml)(?:\s|$)/.exec(text.replace(/\s-i\s+\S+/g, ''))
    if (playbook && !playbook[1].startsWith('playbooks/'))
      found.push(`${at(snippet, offset)}: playbook ${playbook[1]} is not under playbooks/`)
    return found
  })
}

/** The inventories infra/ansible has, as the wiki names them (`inventories/production`, …). */
export const ansibleInventories = (text: string) => [
  ...new Set([...text.matchAll(/`(inventories\/[\w.-]+?)\/?`|^# (inventories\/[\w.-]+\.ya?ml)$/gm)].map((m) => m[1] ?? m[2])),
]

/**
 * A compose service that reads `*_FILE: /run/secrets/<name>` gets that file only if it lists the secret under its
 * own `secrets:` and the file defines it under the top-level `secrets:`.
 */
export function lintComposeSecrets(snippet: Snippet): Finding[] {
  if (!['yaml', 'yml'].includes(snippet.lang)) return []
  const lines = snippet.code.split('\n')
  return parseAllDocuments(snippet.code).flatMap((doc) => {
    const compose = doc.toJS() as { services?: Record<string, unknown>; secrets?: Record<string, unknown> } | null
    if (!compose || typeof compose.services !== 'object' || compose.services === null) return []
    return Object.entries(compose.services).flatMap(([name, raw]) => {
      const service = (raw ?? {}) as { environment?: unknown; secrets?: unknown[] }
      const env = Array.isArray(service.environment)
        ? Object.fromEntries(service.environment.map((entry) => String(entry).split(/=(.*)/s).slice(0, 2)))
        : ((service.environment ?? {}) as Record<string, unknown>)
      return Object.entries(env).flatMap(([key, value]) => {
        const secret = key.endsWith('_FILE') && /^\/run\/secrets\/([\w.-]+)$/.exec(String(value))
        if (!secret) return []
        const listed = (service.secrets ?? []).some((s) => (typeof s === 'string' ? s : (s as { source?: string }).source) === secret[1])
        const defined = compose.secrets !== undefined && secret[1] in compose.secrets
        if (listed && defined) return []
        const line = lines.findIndex((l) => l.includes(`${key}:`) || l.includes(`${key}=`))
        return [
          `${at(snippet, Math.max(line, 0))}: service ${name} reads /run/secrets/${secret[1]} but the secret is not ${listed ? 'defined at the top level' : 'listed under the service'}`,
        ]
      })
    })
  })
}

/** Packages that come from a vendor's apt source, not from Debian, and the host of that source. */
export const VENDOR_APT_PACKAGES: Record<string, string> = {
  'docker-ce': 'download.docker.com',
  'docker-ce-cli': 'download.docker.com',
  'containerd.io': 'download.docker.com',
  'docker-buildx-plugin': 'download.docker.com',
  'docker-compose-plugin': 'download.docker.com',
  terraform: 'apt.releases.hashicorp.com',
}

/** An `apt install` of a vendor package needs the vendor's source on the same page. */
export function lintAptSources(snippets: Snippet[], pageText: string): Finding[] {
  return snippets.filter(isShell).flatMap((snippet) =>
    shellLines(snippet).flatMap(({ text, offset }) =>
      [...text.matchAll(/\bapt(?:-get)?\s+install\s+([^;&|#]*)/g)].flatMap((match) =>
        match[1]
          .split(/\s+/)
          .filter((name) => VENDOR_APT_PACKAGES[name] && !pageText.includes(VENDOR_APT_PACKAGES[name]))
          .map(
            (name) => `${at(snippet, offset)}: ${name} is not in Debian; the page must add ${VENDOR_APT_PACKAGES[name]} as a source first`,
          ),
      ),
    ),
  )
}

/** The groups of `AllowGroups` in the wiki's sshd snippets. */
export const sshAllowGroups = (snippets: Snippet[]) =>
  snippets.flatMap((snippet) => [...snippet.code.matchAll(/^\s*AllowGroups\s+(.+)$/gm)].flatMap((m) => m[1].trim().split(/\s+/)))

/** A page that gives someone SSH access through a group (`SSH-Zugang … (Gruppe `x``) names a group sshd lets in. */
export function lintSshGroups(page: string, text: string, allowed: string[]): Finding[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(/SSH[^.]*?Gruppe `([\w-]+)`/g)]
        .filter((match) => !allowed.includes(match[1]))
        .map((match) => `${page}:${index + 1}: group ${match[1]} is not in AllowGroups (${allowed.join(' ')})`),
    )
}

/** An inventory's `hosts.yml` lists hosts only; their variables belong in host_vars/ (as the wiki says). */
export function lintInventoryHosts(snippet: Snippet): Finding[] {
  if (!['yaml', 'yml'].includes(snippet.lang) || !/^#\s*\S*hosts\.ya?ml\s*$/.test(snippet.code.split('\n')[0])) return []
  const lines = snippet.code.split('\n')
  const found: Finding[] = []
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    const record = node as Record<string, unknown>
    if (record.hosts && typeof record.hosts === 'object') {
      for (const [host, vars] of Object.entries(record.hosts as Record<string, unknown>)) {
        if (vars && typeof vars === 'object' && Object.keys(vars).length > 0) {
          const line = lines.findIndex((l) => l.trim() === `${host}:`)
          found.push(`${at(snippet, Math.max(line, 0))}: host ${host} has variables in hosts.yml; they belong in host_vars/${host}/`)
        }
      }
    }
    if (record.children && typeof record.children === 'object') Object.values(record.children as object).forEach(walk)
    if (record.all) walk(record.all)
  }
  for (const doc of parseAllDocuments(snippet.code)) walk(doc.toJS())
  return found
}
