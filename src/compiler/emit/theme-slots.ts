/**
 * The theme's slots (config `theme.slots`, docs/theming.md "Slots"): each slot's component bundled once per build for
 * Node, with `react` left to the React that renders the theme (emit/slot-render.ts hands it in), and its browser module,
 * if it has one, bundled into the client's folder under a name of its content. A slot file that is missing or does not
 * compile is a SlotError naming the file, line and column: the build stops before anything is written.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import type { ResolvedConfig, SlotConfig } from '../config/config-schema.js'
import { PlacedUsageError, type Diagnostic } from '../diagnostics.js'
import { importModule } from '../import-module.js'
import { ASSETS_DIR } from '../../shared/constants.js'
import { SLOT_NAMES, type SlotName } from '../../shared/theme-slots.js'
import type { OutputFile } from './output-file.js'
import type { SlotBundle, SlotFailure } from './slot-render.js'

export type { SlotBundle } from './slot-render.js'

/** The site's slots as a build uses them. */
export interface ThemeSlots {
  bundles: SlotBundle[]
  /** The slots' browser modules, for the client's folder. */
  files: OutputFile[]
  /** Changes with any slot's code: part of every route's fingerprint (cache/render-cache.ts). */
  hash: string
  /** Every file the bundles were made from (absolute paths), which the dev server watches. */
  inputs: string[]
}

/** A slot that cannot be used: a missing file, a compile error, a component that throws while a page renders. */
export class SlotError extends PlacedUsageError {
  constructor(
    /** The file at fault, relative to the content root (or absolute, outside it). */
    file: string,
    line: number,
    column: number,
    reason: string,
    hint: string,
  ) {
    super(file, line, column, reason, hint, 'bad-slot')
    this.name = 'SlotError'
  }

  toDiagnostic(): Diagnostic {
    return this.diagnosticOf(this.file)
  }
}

/** The error of a slot component that threw while a page rendered (emit/slot-render.ts). */
export function slotErrorOf(failure: SlotFailure): SlotError {
  return new SlotError(
    failure.file,
    failure.line,
    failure.column,
    `the slot ${failure.name} failed: ${failure.message}`,
    'A slot component runs for every page that shows its slot: fix what fails here (the page\'s props are in docs/theming.md, "Slots"); wikigen wrote nothing, and the last output stays.',
  )
}

const REACT_MODULES = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/server']

/**
 * Bundles the slots of `config` (paths relative to the content root `root`, where the config is); undefined for a site
 * without slots, which pays nothing, not even the import of esbuild.
 */
export async function bundleThemeSlots(root: string, config: ResolvedConfig): Promise<ThemeSlots | undefined> {
  const slots = config.theme.slots
  const chosen = SLOT_NAMES.flatMap((name) => (slots?.[name] ? [[name, slots[name]] as [SlotName, SlotConfig]] : []))
  if (chosen.length === 0) return undefined
  const { build } = await importModule<typeof import('esbuild')>('esbuild')
  const bundles: SlotBundle[] = []
  const files: OutputFile[] = []
  const inputs = new Set<string>()
  const shown = (file: string) => {
    const rel = relative(root, file)
    return rel.startsWith('..') ? file : rel.split(sep).join('/')
  }
  const fileOf = (name: SlotName, given: string, key: string): string => {
    const file = resolve(root, given)
    if (existsSync(file)) return file
    throw new SlotError(
      'wikigen.config.ts',
      0,
      0,
      `theme.slots.${name}${key}: ${JSON.stringify(given)} is no file`,
      'Name the component file relative to the config (e.g. "theme/Fusszeile.tsx"); wikigen stopped before writing anything, and the last output stays.',
    )
  }
  const bundle = async (entry: string, browser: boolean) => {
    try {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        // never written: the name places the source map's paths relative to the content root
        outfile: join(root, browser ? 'wikigen-slot.js' : 'wikigen-slot.cjs'),
        sourcemap: browser ? false : 'external',
        sourcesContent: false,
        metafile: true,
        jsx: 'automatic',
        define: { 'process.env.NODE_ENV': '"production"' },
        logLevel: 'silent',
        ...(browser
          ? { platform: 'browser', format: 'esm', minify: true, target: ['es2022'] }
          : { platform: 'node', format: 'cjs', target: 'node20', external: REACT_MODULES }),
      })
      for (const input of Object.keys(result.metafile.inputs)) inputs.add(resolve(process.cwd(), input))
      const code = result.outputFiles.find((out) => !out.path.endsWith('.map'))!.text
      const map = result.outputFiles.find((out) => out.path.endsWith('.map'))?.text ?? '{}'
      return { code: code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'), map }
    } catch (error) {
      const messages = (error as { errors?: { text: string; location: { file: string; line: number; column: number } | null }[] }).errors
      const first = messages?.find((message) => message.location) ?? messages?.[0]
      if (!first) throw error
      const at = first.location
      throw new SlotError(
        shown(at ? resolve(process.cwd(), at.file) : entry),
        at?.line ?? 1,
        (at?.column ?? 0) + 1,
        first.text,
        `Fix the slot's code at this place${messages!.length > 1 ? ` (${messages!.length} errors in all)` : ''}; wikigen stopped before writing anything, and the last output stays.`,
      )
    }
  }
  for (const [name, slot] of chosen) {
    const spec = typeof slot === 'string' ? { component: slot } : slot
    const component = fileOf(name, spec.component, typeof slot === 'string' ? '' : '.component')
    const server = await bundle(component, false)
    let client: string | undefined
    if (spec.client) {
      const browser = await bundle(fileOf(name, spec.client, '.client'), true)
      const path = `${ASSETS_DIR}/slot-${name}-${createHash('sha256').update(browser.code).digest('hex').slice(0, 8).toUpperCase()}.js`
      files.push({ path, contents: browser.code, immutable: true })
      client = `${config.site.base}${path}`
    }
    const hash = createHash('sha1')
      .update(server.code)
      .update('\0')
      .update(client ?? '')
      .digest('hex')
      .slice(0, 12)
    bundles.push({ name, file: shown(component), code: server.code, map: server.map, hash, client })
  }
  const hash = createHash('sha1')
  for (const bundle of bundles) hash.update(`${bundle.name}\0${bundle.hash}\0`)
  return { bundles, files, hash: hash.digest('hex').slice(0, 12), inputs: [...inputs].sort() }
}
