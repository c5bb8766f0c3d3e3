// Writes lib/THIRD-PARTY-LICENSES.txt for scripts/bundle.mjs: the licence of every package bundled into lib/ (the
// CLI, the build worker, the browser client). A bundled package no longer brings its own LICENSE file along, and
// most of these licences ask that their text travel with every copy.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i

/**
 * Lists the packages whose files went into the bundles and writes their licences to `file`.
 *
 * @param {string} file where to write
 * @param {import('esbuild').Metafile[]} metafiles of the builds, whose input paths are relative to the working folder
 */
export function writeThirdPartyLicenses(file, metafiles) {
  const folders = new Set()
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile.inputs)) {
      // the innermost node_modules/<name> or node_modules/@scope/<name>: nested copies are packages of their own
      const match = /^(?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/]+/.exec(input)
      if (match) folders.add(resolve(match[0]))
    }
  }
  const packages = new Map()
  for (const folder of folders) {
    const manifest = JSON.parse(readFileSync(resolve(folder, 'package.json'), 'utf8'))
    const key = `${manifest.name}@${manifest.version}`
    if (packages.has(key)) continue
    const licenseFile = existsSync(folder) ? readdirSync(folder).find((name) => LICENSE_FILE.test(name)) : undefined
    const license = typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'licence text below')
    const text = licenseFile
      ? readFileSync(resolve(folder, licenseFile), 'utf8').trim()
      : `(the package has no licence file; its package.json says ${license})`
    packages.set(key, `${manifest.name} ${manifest.version} (${license})\n\n${text}`)
  }
  const sections = [...packages].sort(([a], [b]) => a.localeCompare(b)).map(([, section]) => section)
  const intro = `wikigen carries these ${sections.length} packages inside lib/ (the CLI, the build worker and the browser client). Their licences follow.`
  writeFileSync(file, `${[intro, ...sections].join('\n\n' + '-'.repeat(80) + '\n\n')}\n`)
  return sections.length
}
