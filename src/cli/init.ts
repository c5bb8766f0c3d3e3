/**
 * `wikigen init [folder]`: makes a folder of markdown (an Obsidian vault, or a new folder) a wikigen site. Writes a
 * commented `wikigen.config.ts` titled after the folder and in the language of its notes (unless `--lang` names one),
 * a home page when the folder has no page yet, the lines of `.gitignore` for what wikigen writes beside it, the npm
 * scripts a package.json lacks and, with `--ci github|gitlab`, a CI pipeline that deploys to the host's Pages
 * (init-ci.ts); then prints the two commands to run next. It never overwrites: a folder that has a config already is
 * left as it is (with `--ci`, only the pipeline is added), and an existing pipeline file stops it before it writes.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { discoverContent } from '../compiler/discover/load.js'
import { detectVaultLanguage } from '../compiler/discover/vault-language.js'
import { DEFAULT_CONFIG, machineTimeZone } from '../compiler/config/config.js'
import { guidePath } from '../compiler/package-files.js'
import { ciPipelineOf, defaultBranchOf, shellWord, type CiHost } from './init-ci.js'
import { createConfigSource, createHomePage } from './init-config.js'
import { findConfigFile } from './load-config.js'
import { createReporter, type Reporter } from './output.js'

export interface InitOptions {
  /** The vault or new folder, from the working directory. Default `content`, the folder every other command reads. */
  folder: string
  /**
   * Language of the site and of the config's comments. Default: the language of the vault's notes (what most declare
   * in front matter, else what they are written in), de-CH (the product's language) for a folder without notes.
   */
  lang?: string
  /** Output folder of `wikigen build`, to ignore in git. Default `dist`, the build's default. */
  out: string
  /** Where `.gitignore` is and the printed commands run: the working directory (a test passes its own). */
  cwd?: string
  /** Also write a CI pipeline for this host into the project (the working directory). */
  ci?: CiHost
}

/** The folder every other command reads when it is given no `--root`. */
const DEFAULT_ROOT = 'content'

/** Folder names that say where the wiki is rather than what it is called: the project folder names the site instead. */
const GENERIC_FOLDER_NAMES = new Set(['content', 'docs', 'vault', 'wiki'])

/**
 * The site title for a folder: its name, as Obsidian names a vault after its folder. A name that only says where the
 * wiki is (`content`, `docs`) gives way to the project folder's name, and a name written as a slug becomes words:
 *
 *     Handbuch                      → Handbuch
 *     wiki-talwerk                  → Wiki Talwerk
 *     content (in ~/acme_docs)      → Acme Docs, from the project folder
 */
export function siteTitleOf(folder: string): string {
  const absolute = resolve(folder)
  const own = basename(absolute)
  const name = GENERIC_FOLDER_NAMES.has(own.toLowerCase()) ? basename(dirname(absolute)) : own
  if (name === '') return 'Wiki'
  // a name with spaces was written for people: keep it as it is
  if (/\s/.test(name)) return name
  const words = name.split(/[-_.]+/).filter(Boolean)
  return words.length === 0 ? 'Wiki' : words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ')
}

export async function run(options: InitOptions, reporter: Reporter = createReporter()): Promise<number> {
  const c = reporter.colors
  const cwd = options.cwd ?? process.cwd()
  const folder = resolve(cwd, options.folder)
  const shown = (path: string) => relative(cwd, path) || '.'

  if (existsSync(folder) && !statSync(folder).isDirectory()) {
    reporter.err(`${c.red('error')}  ${shown(folder)} is a file, not a folder; nothing was changed`)
    return 1
  }
  const existing = existsSync(folder) ? findConfigFile(folder) : undefined
  // a project set up before gets only the pipeline
  if (existing && !options.ci) {
    reporter.err(`${c.red('error')}  ${shown(existing)} already exists; nothing was changed`)
    return 1
  }
  const fromProject = relative(cwd, folder).split('\\').join('/')
  // a content folder elsewhere is not in the project's repository, where the pipeline runs
  if (options.ci && (fromProject.startsWith('..') || isAbsolute(fromProject))) {
    reporter.err(`${c.red('error')}  ${shown(folder)} is outside the project, so its pipeline cannot build it; nothing was changed`)
    return 1
  }
  const pipeline =
    options.ci && ciPipelineOf(options.ci, { root: fromProject || '.', out: projectOutput(cwd, options.out), branch: defaultBranchOf(cwd) })
  const pipelineFile = pipeline && join(cwd, pipeline.path)
  if (pipelineFile && existsSync(pipelineFile)) {
    reporter.err(`${c.red('error')}  ${shown(pipelineFile)} already exists; nothing was changed`)
    return 1
  }

  if (existing) {
    reporter.out(`${c.dim('·')} ${shown(existing)} is there already: kept`)
  } else {
    const pages = existsSync(folder) ? (await discoverContent(folder)).markdown : []
    // the vault's own language, as a build without `site.lang` would find it: written down, it stays when notes change
    const detected = options.lang === undefined ? await detectVaultLanguage(pages) : undefined
    const site = {
      title: siteTitleOf(folder),
      lang: options.lang ?? detected ?? DEFAULT_CONFIG.site.lang,
      // this machine's zone, so that a CI runner in UTC shows the times the team sees
      timeZone: localTimeZone(),
    }
    mkdirSync(folder, { recursive: true })
    const configFile = join(folder, 'wikigen.config.ts')
    // 'wx': a config written between the check above and now is not replaced either
    writeFileSync(configFile, createConfigSource(site), { flag: 'wx' })
    reporter.out(
      `${c.green('✓')} ${shown(configFile)} written: "${site.title}", ${site.lang}${detected ? ' (the language of the notes)' : ''}`,
    )

    const homePage = join(folder, 'index.md')
    // an index.md the vault's settings exclude from publishing is no page, but it is still the author's file
    if (pages.length === 0 && !existsSync(homePage)) {
      writeFileSync(homePage, createHomePage(site), { flag: 'wx' })
      reporter.out(`${c.green('✓')} ${shown(homePage)} written: the home page`)
    }
  }

  const added = addToGitignore(cwd, ignoredFolders(cwd, options.out))
  if (added.length > 0) reporter.out(`${c.green('✓')} .gitignore: ${added.join(', ')} added`)

  const root = resolve(cwd, DEFAULT_ROOT) === folder ? '' : ` --root ${shellWord(shown(folder))}`
  const out = options.out === 'dist' ? '' : ` --out ${shellWord(options.out)}`
  // a project's scripts for a content folder of the project; a folder elsewhere is not the project's wiki
  const inProject = !relative(cwd, folder).startsWith('..') && !isAbsolute(relative(cwd, folder))
  const entries = inProject
    ? addToPackageJson(cwd, { dev: `wikigen dev${root}`, build: `wikigen build${root}${out}`, check: `wikigen check-links${root}` })
    : []
  if (entries.length > 0) reporter.out(`${c.green('✓')} package.json: ${entries.join(', ')} added`)
  if (pipeline && pipelineFile) {
    mkdirSync(dirname(pipelineFile), { recursive: true })
    writeFileSync(pipelineFile, pipeline.text, { flag: 'wx' })
    reporter.out(`${c.green('✓')} ${pipeline.path} written: ${pipeline.summary}`)
    reporter.out(`  ${c.yellow('→')} ${pipeline.todo}`)
    // the pipeline installs with npm ci, which needs the package in package.json and a lock file beside it
    if (!listsWikigen(cwd)) {
      reporter.out(
        `  ${c.yellow('→')} the pipeline installs with npm ci: add wikigen to package.json's devDependencies and commit package-lock.json (${guidePath('install.md')})`,
      )
    }
  }
  const dev = `npx wikigen dev${root}`
  const build = `npx wikigen build${root}${out}`
  const width = Math.max(dev.length, build.length) + 3
  reporter.out('')
  reporter.out('Next:')
  reporter.out(`  ${c.cyan(dev.padEnd(width))}${c.dim('preview on http://localhost:5173, updated on every edit')}`)
  reporter.out(`  ${c.cyan(build.padEnd(width))}${c.dim(`the site in ${options.out}/, for any static host`)}`)
  if (entries.some((entry) => entry.startsWith('"'))) reporter.out(c.dim('  (or npm run dev, npm run build, npm run check)'))
  return 0
}

/** The output folder as a pipeline of the project names it: `dist` for one outside the project. */
function projectOutput(cwd: string, out: string): string {
  const output = relative(cwd, resolve(cwd, out)).split('\\').join('/')
  return output === '' || output.startsWith('..') || isAbsolute(output) ? 'dist' : output
}

/** Whether the project's package.json names wikigen as a dependency and has a lock file, as `npm ci` needs. */
function listsWikigen(cwd: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'))
    const named = [manifest.dependencies, manifest.devDependencies].some((list) => list && typeof list === 'object' && 'wikigen' in list)
    return named && existsSync(join(cwd, 'package-lock.json'))
  } catch {
    return false
  }
}

/** The `.gitignore` lines for the build cache and the output folder; none for an output outside the working directory. */
function ignoredFolders(cwd: string, out: string): string[] {
  const output = relative(cwd, resolve(cwd, out)).split('\\').join('/')
  const inside = output !== '' && !output.startsWith('..') && !isAbsolute(output)
  return ['/node_modules/', '/.wikigen/', ...(inside ? [`/${output}/`] : [])]
}

/**
 * Adds to the project's package.json what it lacks: the scripts `dev`, `build` and `check` (`npm run build` in CI),
 * and npm 11's permission for esbuild's install step (`allowScripts`), so that `npm ci` runs without asking. A script
 * or permission the project has is kept, whatever it says; a folder without package.json gets none (npx works
 * without). Returns what it added, as `init` prints it.
 */
function addToPackageJson(cwd: string, scripts: Record<string, string>): string[] {
  const file = join(cwd, 'package.json')
  if (!existsSync(file)) return []
  const text = readFileSync(file, 'utf8')
  let manifest: { scripts?: Record<string, string>; allowScripts?: Record<string, boolean> }
  try {
    manifest = JSON.parse(text)
  } catch {
    return []
  }
  const added: string[] = []
  manifest.scripts ??= {}
  for (const [name, command] of Object.entries(scripts)) {
    if (manifest.scripts[name] !== undefined) continue
    manifest.scripts[name] = command
    added.push(`"${name}"`)
  }
  manifest.allowScripts ??= {}
  if (!Object.keys(manifest.allowScripts).some((key) => key === 'esbuild' || key.startsWith('esbuild@'))) {
    manifest.allowScripts.esbuild = true
    added.push('allowScripts "esbuild"')
  }
  if (added.length === 0) return []
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  '
  writeFileSync(file, `${JSON.stringify(manifest, null, indent)}\n`)
  return added
}

/** Appends the lines `.gitignore` lacks (`/dist/`, `dist` and `dist/` all count as there); returns them. */
function addToGitignore(cwd: string, lines: string[]): string[] {
  const file = join(cwd, '.gitignore')
  const text = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const normalise = (line: string) => line.trim().replace(/^\//, '').replace(/\/$/, '')
  const present = new Set(text.split(/\r?\n/).map(normalise))
  const missing = lines.filter((line) => !present.has(normalise(line)))
  if (missing.length === 0) return []
  const separator = text === '' || text.endsWith('\n') ? '' : '\n'
  appendFileSync(file, `${separator}# npm packages, wikigen's build cache and output\n${missing.join('\n')}\n`)
  return missing
}

/** The zone of the machine init runs on, unless it is UTC (a server or container, whose zone says nothing of the team). */
function localTimeZone(): string | undefined {
  const zone = machineTimeZone()
  return /^(?:Etc\/)?(?:UTC|GMT|Universal|Zulu)(?:[+-]0)?$/i.test(zone) ? undefined : zone
}
