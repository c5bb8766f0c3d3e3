/**
 * Who writes what into the output folder: the claims of a build's render jobs and emitted files, named for messages
 * after the page, asset or redirect behind them, settled by output-claims.ts.
 */
import { ASSETS_DIR } from '../../shared/constants.js'
import { FULLTEXT_DIR } from '../../shared/fulltext/format.js'
import type { Diagnostic } from '../diagnostics.js'
import { outputPathOf } from '../discover/load.js'
import type { OutputFile } from '../emit/output-file.js'
import type { RenderJob } from '../emit/page-routes.js'
import type { Redirect, Site } from '../link/link-site.js'
import { redirectFileOf, redirects as redirectsEmitter } from '../emit/redirects.js'
import { settleOutputClaims, type OutputClaim } from './output-claims.js'

/** The folders the build fills as a whole, with their owners for messages. */
const WHOLE_FOLDERS: readonly (readonly [string, string])[] = [
  [FULLTEXT_DIR, 'the full-text index'],
  [ASSETS_DIR, "wikigen's client folder"],
]

/** The emitter of wikigen's client files (emit/emitters.ts), which own ASSETS_DIR as a whole. */
const CLIENT_EMITTER = 'client files'

/** The files of one emitter (emit/emitters.ts), named after it. */
export interface EmittedFiles {
  emitter: string
  files: OutputFile[]
}

/** What a build writes once every path has one owner, and an error for each claim that lost. */
export interface SettledOutputs {
  jobs: RenderJob[]
  files: OutputFile[]
  /** The site's redirects that take no URL of the site's own files: the ones the host files and `serve` answer. */
  redirects: Redirect[]
  diagnostics: Diagnostic[]
}

/**
 * Gives every output path of a build one owner (output-claims.ts): generated files first, then page routes, content
 * assets and redirect pages. What loses is left out, with an error naming both; what is kept comes back as the render
 * jobs and files to write.
 */
export function settleOutputs(site: Site, jobs: readonly RenderJob[], given: readonly EmittedFiles[]): SettledOutputs {
  const assetSources = new Map(site.assets.map((asset) => [outputPathOf(asset), asset.path]))
  const free = freeRedirects(site, jobs, given, assetSources)
  // the host files (_redirects, the nginx map) are made again without the redirects that lost
  const emitted =
    free.redirects.length === site.redirects.length
      ? given
      : given.map((entry) =>
          entry.emitter === 'redirects' ? { ...entry, files: redirectsEmitter.emit({ ...site, redirects: free.redirects }) } : entry,
        )
  const sourceOfBody = new Map(site.pages.map((p) => [p.page.contentHash, p.page.sourcePath]))
  const base = site.config.site.base
  const redirectSources = new Map(
    site.redirects.flatMap((r) => (r.from.startsWith(base) ? [[redirectFileOf(r, base) ?? '', r] as const] : [])),
  )
  // the full-text index's folder, written by a worker after the claims are settled, and the client's folder belong to
  // them as a whole: no content file may take a path in either (a Content-Security-Policy names the client's folder)
  const generated: OutputClaim[] = WHOLE_FOLDERS.map(([path, owner]) => ({ path, owner, wholeFolder: true }))
  const pages: OutputClaim[] = []
  const assets: OutputClaim[] = []
  const redirects: OutputClaim[] = []
  const claimOf = new Map<OutputClaim, RenderJob | OutputFile>()
  for (const job of jobs) {
    const source = job.bodyHash ? sourceOfBody.get(job.bodyHash) : undefined
    const claim: OutputClaim = source
      ? { path: job.file, owner: `page "${source}"`, source }
      : { path: job.file, owner: job.file === '404.html' ? 'the generated 404 page' : `the generated page "${job.file}"` }
    ;(source ? pages : generated).push(claim)
    claimOf.set(claim, job)
  }
  const clientFiles: OutputFile[] = []
  for (const { emitter, files } of emitted) {
    if (emitter === CLIENT_EMITTER) {
      clientFiles.push(...files)
      continue
    }
    for (const file of files) {
      const redirect = emitter === 'redirects' ? redirectSources.get(file.path) : undefined
      const asset = emitter === 'assets' ? assetSources.get(file.path) : undefined
      const claim: OutputClaim = redirect
        ? {
            path: file.path,
            owner: `the redirect from "${redirect.from}" to "${redirect.to}"`,
            source: redirect.source,
            // an Obsidian Publish URL's forwarding page is the build's own guess: it yields to any file without a word
            ...(redirect.publishUrl ? { quiet: true, foldCase: true } : {}),
          }
        : asset
          ? { path: file.path, owner: `file "${asset}"`, source: asset }
          : { path: file.path, owner: `the ${emitter}` }
      ;(redirect ? redirects : asset ? assets : generated).push(claim)
      claimOf.set(claim, file)
    }
  }
  const { refused, diagnostics } = settleOutputClaims([...generated, ...pages, ...assets, ...redirects])
  const kept = (claims: OutputClaim[]) =>
    claims.flatMap((claim) => {
      const item = refused.has(claim) ? undefined : claimOf.get(claim)
      return item ? [item] : []
    })
  return {
    jobs: kept([...generated, ...pages]).filter((item): item is RenderJob => 'input' in item),
    files: [...kept([...generated, ...assets, ...redirects]).filter((item): item is OutputFile => !('input' in item)), ...clientFiles],
    redirects: free.redirects,
    diagnostics: [...free.diagnostics, ...diagnostics],
  }
}

/**
 * The redirects that take no URL of the site's own files. A redirect is answered before any file (by `serve`, Netlify,
 * nginx), so one from `/suche.html`, `/suche` (the same page without its extension), `/tags/a` or a folder of the
 * site's files would hide what the build made there: such a redirect is left out of every redirect file, with an
 * error naming what it would hide.
 */
function freeRedirects(
  site: Site,
  jobs: readonly RenderJob[],
  emitted: readonly EmittedFiles[],
  assetSources: ReadonlyMap<string, string>,
): { redirects: Redirect[]; diagnostics: Diagnostic[] } {
  const owners = new Map<string, string>()
  const claim = (path: string, owner: string) => {
    const key = path.normalize('NFC')
    if (!owners.has(key)) owners.set(key, owner)
    const parts = key.split('/')
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/')
      if (!owners.has(folder)) owners.set(folder, `a folder of ${owner}`)
    }
  }
  for (const [folder, owner] of WHOLE_FOLDERS) owners.set(folder, owner)
  const sourceOfBody = new Map(site.pages.map((p) => [p.page.contentHash, p.page.sourcePath]))
  for (const job of jobs) {
    const source = job.bodyHash ? sourceOfBody.get(job.bodyHash) : undefined
    claim(job.file, source ? `page "${source}"` : job.file === '404.html' ? 'the generated 404 page' : `the generated page "${job.file}"`)
  }
  for (const { emitter, files } of emitted) {
    if (emitter === 'redirects') continue
    for (const file of files) {
      const asset = emitter === 'assets' ? assetSources.get(file.path) : undefined
      claim(file.path, asset ? `file "${asset}"` : `the ${emitter}`)
    }
  }
  const base = site.config.site.base
  const diagnostics: Diagnostic[] = []
  const redirects = site.redirects.filter((redirect) => {
    const path = redirect.from.slice(base.length).normalize('NFC').replace(/\/$/, '')
    // the forms a static host answers a path with: as it is, with .html, and a folder's index
    const hidden =
      [path, `${path}.html`, `${path}/index.html`].map((form) => owners.get(form)).find(Boolean) ??
      WHOLE_FOLDERS.find(([folder]) => path.startsWith(`${folder}/`))?.[1]
    if (!hidden) return true
    // a URL the build derived from a page's name yields to the site's own file without a word
    if (redirect.ownName) return false
    diagnostics.push({
      severity: 'error',
      code: 'bad-redirect',
      file: redirect.source ?? '',
      line: 0,
      column: 0,
      message: `Redirect from "${redirect.from}" to "${redirect.to}" would hide ${hidden}; it is left out`,
      hint: "Remove it from redirectFrom or the config's redirects: that URL is the site's own.",
    })
    return false
  })
  return { redirects, diagnostics }
}
