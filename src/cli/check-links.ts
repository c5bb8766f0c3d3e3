/**
 * `wikigen check-links`: every internal link, wikilink, anchor, image and embed of the site, reported as
 * `file:line:col  broken link to X` with a 'did you mean'. External links only with --external.
 */
import { checkSite } from '../compiler/build.js'
import { formatLocation, type Diagnostic } from '../compiler/diagnostics.js'
import type { SourcePath } from '../compiler/paths.js'
import { loadConfig } from './load-config.js'
import { createProgress, createReporter, type Reporter } from './output.js'
import { bundledRuntime } from './runtime.js'
import { relative } from 'node:path'
import { stateDirOf } from '../compiler/cache/site-key.js'
import { privateTargetOf } from './private-address.js'

export interface CheckLinksOptions {
  root: string
  base?: string
  external?: boolean
  json?: boolean
  /** Per-request timeout for --external, in ms. */
  timeout?: number
  /** Also probe links to loopback, private and link-local addresses (--allow-private); default false. */
  allowPrivate?: boolean
}

export interface BrokenLink {
  file: SourcePath | ''
  line: number
  column: number
  target: string
  kind: 'page' | 'anchor' | 'image' | 'embed' | 'external'
  message: string
  suggestion?: string
}

const KINDS: Partial<Record<Diagnostic['code'], BrokenLink['kind']>> = {
  'dead-link': 'page',
  'dead-anchor': 'anchor',
  'missing-image': 'image',
  'embed-cycle': 'embed',
  'missing-drawing-export': 'image',
}

/** Turns the link diagnostics of a build into broken-link records. */
export function brokenLinksOf(diagnostics: readonly Diagnostic[]): BrokenLink[] {
  return diagnostics.flatMap((d) => {
    const kind = KINDS[d.code]
    if (!kind) return []
    return [
      {
        file: d.file,
        line: d.line,
        column: d.column,
        target: d.target ?? '',
        kind,
        message: d.message,
        ...(d.suggestion ? { suggestion: d.suggestion } : {}),
      },
    ]
  })
}

export async function run(options: CheckLinksOptions, reporter: Reporter = createReporter()): Promise<number> {
  const { config, module: configModule } = await loadConfig(options.root)
  const runtime = bundledRuntime()
  const progress = createProgress(reporter, { lang: config.site?.lang })
  const result = await checkSite({
    root: options.root,
    base: options.base,
    config,
    configModule,
    workerFile: runtime.workerFile,
    cacheSalt: runtime.cacheSalt,
    cacheDir: stateDirOf('cache', options.root),
    onProgress: (phase, done, total) => progress.update(phase, done, total),
  })
  progress.done()
  const broken = brokenLinksOf(result.diagnostics)
  if (options.external) {
    const external = await checkExternal(
      result.site.pages.flatMap((p) => p.page.externalLinks.map((l) => ({ ...l, file: p.page.sourcePath }))),
      { timeout: options.timeout ?? 10_000, allowPrivate: options.allowPrivate ?? false },
    )
    broken.push(...external.broken)
    if (external.skipped.length > 0) {
      reporter.err(
        `${external.skipped.length} link${external.skipped.length === 1 ? '' : 's'} to a private or local address not checked (${external.skipped[0]}${external.skipped.length > 1 ? ', …' : ''}); --allow-private checks them too`,
      )
    }
  }
  broken.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column))

  if (options.json) reporter.out(JSON.stringify(broken, null, 2))
  else {
    const c = reporter.colors
    const prefix = relative(process.cwd(), options.root) || '.'
    for (const link of broken) {
      reporter.out(
        `${c.bold(formatLocation({ ...link, severity: 'warning', code: 'dead-link', message: '' }, prefix))}  broken link to ${c.red(link.target)}${link.kind === 'embed' ? ' (embed cycle)' : ''}`,
      )
      if (link.suggestion) reporter.out(`  ${c.dim('did you mean')} ${JSON.stringify(link.suggestion)}?`)
    }
    const count = result.site.pages.length
    const pages = `${count} page${count === 1 ? '' : 's'}`
    reporter.err(
      broken.length === 0
        ? `${c.green('✓')} no broken links in ${pages}`
        : `${c.red('✗')} ${broken.length} broken link${broken.length === 1 ? '' : 's'} in ${pages}`,
    )
  }
  return broken.length === 0 ? 0 : 1
}

/**
 * Checks http(s) links with HEAD (GET when HEAD is refused), a few at a time; each URL is asked once. A link to a
 * private or local address, or one that redirects there, is not asked unless `allowPrivate` (private-address.ts).
 */
async function checkExternal(
  links: { url: string; line: number; column: number; file: SourcePath }[],
  { timeout, allowPrivate }: { timeout: number; allowPrivate: boolean },
): Promise<{ broken: BrokenLink[]; skipped: string[] }> {
  const web = links.filter((l) => /^https?:/i.test(l.url))
  const urls = [...new Set(web.map((l) => l.url))]
  const failures = new Map<string, string>()
  const skipped: string[] = []
  const allowed = async (url: string) => allowPrivate || (await privateTargetOf(url)) === undefined
  let next = 0
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]
      const result = await probe(url, timeout, allowed)
      if (result === SKIPPED) skipped.push(url)
      else if (result) failures.set(url, result)
    }
  }
  await Promise.all(Array.from({ length: Math.min(8, urls.length) }, worker))
  const broken = web
    .filter((l) => failures.has(l.url))
    .map((l) => ({
      file: l.file,
      line: l.line,
      column: l.column,
      target: l.url,
      kind: 'external' as const,
      message: failures.get(l.url)!,
    }))
  return { broken, skipped: skipped.sort() }
}

/** What probe answers for a URL it did not ask, because it (or where it redirects) is a private or local address. */
const SKIPPED = Symbol('skipped')
/** Redirects followed before a link counts as broken. */
const MAX_REDIRECTS = 5

/**
 * Asks `url`: undefined when it answers, the problem when not, SKIPPED when it or a redirect leads where `allowed` says
 * no. Redirects are followed here, one at a time, so each hop is judged before it is asked.
 */
async function probe(
  url: string,
  timeout: number,
  allowed: (url: string) => Promise<boolean>,
): Promise<string | undefined | typeof SKIPPED> {
  for (const method of ['HEAD', 'GET']) {
    let current = url
    try {
      for (let hop = 0; ; hop++) {
        if (!(await allowed(current))) return SKIPPED
        const response = await fetch(current, { method, redirect: 'manual', signal: AbortSignal.timeout(timeout) })
        const location = response.headers.get('location')
        if (response.status >= 300 && response.status < 400 && location) {
          if (hop >= MAX_REDIRECTS) return `more than ${MAX_REDIRECTS} redirects`
          current = new URL(location, current).href
          continue
        }
        if (response.status === 405 && method === 'HEAD') break
        return response.ok ? undefined : `HTTP ${response.status}`
      }
    } catch (error) {
      return (error as Error).message
    }
  }
  return undefined
}
