/**
 * The built browser client (see scripts/bundle.mjs): its hashed files as hrefs for the page template, and as output
 * files to copy. Read once per build; the dev session keeps what the initial build read.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ASSETS_DIR } from '../../shared/constants.js'
import type { OutputFile } from './output-file.js'
import type { ClientAssets } from './render-document.js'
import { UsageError } from '../diagnostics.js'

/** The client as a build uses it. */
export interface ClientBundle {
  /** Stylesheets and scripts a page links to. */
  assets: ClientAssets
  /** The files to copy into the output's assets folder. */
  files: OutputFile[]
}

interface ClientManifest {
  styles: string[]
  headScript?: string
  entry?: string
  /** KaTeX's stylesheet with wikigen's rules for formulas; its fonts are among `files`. */
  mathStyles?: string
  files: string[]
}

/**
 * Reads the client of `clientDir`; none without a client folder (tests of the compiler alone). A client folder whose
 * manifest or files are missing or torn (a bundle running meanwhile) fails the build before anything is written: a
 * site without its CSS and JavaScript is no success.
 */
export function readClientManifest(clientDir: string | undefined, base: string): ClientBundle {
  if (!clientDir) return { assets: { styles: [] }, files: [] }
  const manifestFile = join(clientDir, 'manifest.json')
  const broken = (why: string): never => {
    throw new UsageError(
      `The built client of wikigen is incomplete: ${why}`,
      'Run "npm run bundle" in the wikigen folder (or reinstall wikigen), then build again.',
      'missing-client',
    )
  }
  let manifest: ClientManifest
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ClientManifest
  } catch (error) {
    return broken(`${manifestFile} cannot be read (${(error as Error).message})`)
  }
  if (!Array.isArray(manifest.files) || !Array.isArray(manifest.styles)) return broken(`${manifestFile} is not a client manifest`)
  const missing = manifest.files.find((file) => !existsSync(join(clientDir, file)))
  if (missing) broken(`${join(clientDir, missing)} is missing`)
  const href = (file: string) => `${base}${ASSETS_DIR}/${file}`
  return {
    assets: {
      styles: manifest.styles.map(href),
      headScript: manifest.headScript && href(manifest.headScript),
      entry: manifest.entry && href(manifest.entry),
      math: manifest.mathStyles && href(manifest.mathStyles),
    },
    files: manifest.files.map((file) => ({ path: `${ASSETS_DIR}/${file}`, copyFrom: join(clientDir, file), immutable: true })),
  }
}
