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

export interface CheckLinksOptions {
  root: string
  base?: string
  external?: boolean
  json?: boolean
  /** Per-request timeout for --external, in ms. */
  timeout?: number
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
  if (options.external)
    broken.push(
      ...(await checkExternal(
        result.site.pages.flatMap((p) => p.page.externalLinks.map((l) => ({ ...l, file: p.page.sourcePath }))),
        options.timeout ?? 10_000,
      )),
    )
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
    const pages = result.site.pages.length
    reporter.err(
      broken.length === 0
        ? `${c.green('✓')} no broken links in ${pages} pages`
        : `${c.red('✗')} ${broken.length} broken link${broken.length === 1 ? '' : 's'} in ${pages} pages`,
    )
  }
  return broken.length === 0 ? 0 : 1
}

/** Checks http(s) links with HEAD (GET when HEAD is refused), a few at a time; each URL is asked once. */
async function checkExternal(
  links: { url: string; line: number; column: number; file: SourcePath }[],
  timeout: number,
): Promise<BrokenLink[]> {
  const web = links.filter((l) => /^https?:/i.test(l.url))
  const urls = [...new Set(web.map((l) => l.url))]
  const failures = new Map<string, string>()
  let next = 0
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]
      const problem = await probe(url, timeout)
      if (problem) failures.set(url, problem)
    }
  }
  await Promise.all(Array.from({ length: Math.min(8, urls.length) }, worker))
  return web
    .filter((l) => failures.has(l.url))
    .map((l) => ({
      file: l.file,
      line: l.line,
      column: l.column,
      target: l.url,
      kind: 'external' as const,
      message: failures.get(l.url)!,
    }))
}

async function probe(url: string, timeout: number): Promise<string | undefined> {
  for (const method of ['HEAD', 'GET']) {
    try {
      const response = await fetch(url, { method, redirect: 'follow', signal: AbortSignal.timeout(timeout) })
      if (response.status === 405 && method === 'HEAD') continue
      return response.ok ? undefined : `HTTP ${response.status}`
    } catch (error) {
      return (error as Error).message
    }
  }
  return undefined
}
