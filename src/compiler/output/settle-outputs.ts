/**
 * Who writes what into the output folder: the claims of a build's render jobs and emitted files, named for messages
 * after the page, asset or redirect behind them, settled by output-claims.ts.
 */
import { FULLTEXT_DIR } from '../../shared/fulltext/format.js'
import type { Diagnostic } from '../diagnostics.js'
import { outputPathOf } from '../discover/load.js'
import type { OutputFile } from '../emit/output-file.js'
import type { RenderJob } from '../emit/page-routes.js'
import type { Site } from '../link/link-site.js'
import { settleOutputClaims, type OutputClaim } from './output-claims.js'

/** The files of one emitter (emit/emitters.ts), named after it. */
export interface EmittedFiles {
  emitter: string
  files: OutputFile[]
}

/** What a build writes once every path has one owner, and an error for each claim that lost. */
export interface SettledOutputs {
  jobs: RenderJob[]
  files: OutputFile[]
  diagnostics: Diagnostic[]
}

/**
 * Gives every output path of a build one owner (output-claims.ts): generated files first, then page routes, content
 * assets and redirect pages. What loses is left out, with an error naming both; what is kept comes back as the render
 * jobs and files to write.
 */
export function settleOutputs(site: Site, jobs: readonly RenderJob[], emitted: readonly EmittedFiles[]): SettledOutputs {
  const sourceOfBody = new Map(site.pages.map((p) => [p.page.contentHash, p.page.sourcePath]))
  const assetSources = new Map(site.assets.map((asset) => [outputPathOf(asset), asset.path]))
  const redirectSources = new Map(site.redirects.map((r) => [r.from.slice(site.config.site.base.length), r]))
  // the full-text index's folder, written by a worker after the claims are settled, belongs to it as a whole
  const generated: OutputClaim[] = [{ path: FULLTEXT_DIR, owner: 'the full-text index' }]
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
  for (const { emitter, files } of emitted) {
    for (const file of files) {
      const redirect = emitter === 'redirects' ? redirectSources.get(file.path) : undefined
      const asset = emitter === 'assets' ? assetSources.get(file.path) : undefined
      const claim: OutputClaim = redirect
        ? { path: file.path, owner: `the redirect from "${redirect.from}" to "${redirect.to}"`, source: redirect.source }
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
    files: kept([...generated, ...assets, ...redirects]).filter((item): item is OutputFile => !('input' in item)),
    diagnostics,
  }
}
