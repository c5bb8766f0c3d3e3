/**
 * Rendering the theme's slots (emit/theme-slots.ts bundles them): each slot component runs in the thread that renders
 * the page, with that thread's React, so a team's project needs no React of its own. Its HTML is made apart from the
 * theme's and handed to the theme as markup, so a component that throws costs only its slot: the failure is recorded
 * with its place in the author's file, and the build stops after rendering (build.ts), keeping the last output.
 */
import { createRequire, SourceMap } from 'node:module'
import { compileFunction } from 'node:vm'
import * as React from 'react'
import * as jsxRuntime from 'react/jsx-runtime'
import * as ReactDOMServer from 'react-dom/server'
import type { SlotHtml, SlotName, SlotProps } from '../../shared/theme-slots.js'

/** One slot's component, bundled: what a render thread runs. */
export interface SlotBundle {
  name: SlotName
  /** The component file, relative to the content root, as messages name it. */
  file: string
  /** CommonJS code whose `require('react')` the renderer answers; its default export is the component. */
  code: string
  /** The code's source map (JSON), to place an exception in the author's file. */
  map: string
  /** A hash of code and client, which names the loaded component in a render thread. */
  hash: string
  /** Href of the slot's browser module, base path included. */
  client?: string
}

/** A slot whose component failed: where, as the author's file has it, and why. */
export interface SlotFailure {
  name: SlotName
  file: string
  line: number
  column: number
  message: string
}

/** The slots a render thread has loaded, and the failures of the pages it rendered. */
export interface SlotRenderer {
  /** The HTML of the slots that `props.page` shows, by name; a slot that throws is left empty and recorded. */
  render(names: readonly SlotName[], props: Omit<SlotProps, 'slot'>): Partial<Record<SlotName, SlotHtml>>
  failures: SlotFailure[]
}

type Component = (props: SlotProps) => unknown

// what else a slot's bundle requires: Node's own modules (esbuild leaves them out of a bundle for Node)
const builtins = createRequire(import.meta.url)

const loaded = new Map<string, { component?: Component; failure?: SlotFailure }>()
const REACT: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react/jsx-dev-runtime': jsxRuntime,
  'react-dom/server': ReactDOMServer,
}

/** The renderer of `bundles`; each component is loaded once per thread (by its hash), on first use. */
export function createSlotRenderer(bundles: readonly SlotBundle[]): SlotRenderer {
  const byName = new Map(bundles.map((bundle) => [bundle.name, bundle]))
  const failures: SlotFailure[] = []
  const failed = new Set<SlotName>()
  const fail = (failure: SlotFailure) => {
    if (failed.has(failure.name)) return
    failed.add(failure.name)
    failures.push(failure)
  }
  return {
    failures,
    render(names, props) {
      const html: Partial<Record<SlotName, SlotHtml>> = {}
      for (const name of names) {
        const bundle = byName.get(name)
        if (!bundle) continue
        const { component, failure } = load(bundle)
        if (failure) fail(failure)
        if (!component) continue
        try {
          const element = React.createElement(component as React.FunctionComponent<SlotProps>, { ...props, slot: name })
          html[name] = { html: ReactDOMServer.renderToStaticMarkup(element), client: bundle.client }
        } catch (error) {
          fail(failureOf(bundle, error))
        }
      }
      return html
    },
  }
}

function load(bundle: SlotBundle): { component?: Component; failure?: SlotFailure } {
  const key = `${bundle.name}\0${bundle.hash}`
  let entry = loaded.get(key)
  if (!entry) {
    try {
      const run = compileFunction(bundle.code, ['require', 'module', 'exports'], { filename: fileNameOf(bundle) })
      const module = { exports: {} as Record<string, unknown> }
      run((id: string) => REACT[id] ?? builtins(id), module, module.exports)
      const exported = (module.exports.default ?? module.exports) as unknown
      entry =
        typeof exported === 'function'
          ? { component: exported as Component }
          : {
              failure: {
                name: bundle.name,
                file: bundle.file,
                line: 1,
                column: 1,
                message: 'does not export a component',
              },
            }
    } catch (error) {
      entry = { failure: failureOf(bundle, error) }
    }
    loaded.set(key, entry)
  }
  return entry
}

const fileNameOf = (bundle: SlotBundle) => `wikigen-slot-${bundle.name}.cjs`

/** The failure of `error` thrown by a slot's code, placed in the author's file through the bundle's source map. */
function failureOf(bundle: SlotBundle, error: unknown): SlotFailure {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : `threw ${String(error)}`
  const place = { file: bundle.file, line: 1, column: 1 }
  const frame = new RegExp(`${fileNameOf(bundle).replace(/\./g, '\\.')}:(\\d+):(\\d+)`).exec(String((error as Error)?.stack ?? ''))
  if (frame) {
    try {
      const entry = new SourceMap(JSON.parse(bundle.map)).findEntry(Number(frame[1]) - 1, Number(frame[2]) - 1) as {
        originalSource?: string
        originalLine?: number
        originalColumn?: number
      }
      if (entry.originalSource !== undefined && entry.originalLine !== undefined) {
        place.file = entry.originalSource.replace(/^file:\/\//, '')
        place.line = entry.originalLine + 1
        place.column = (entry.originalColumn ?? 0) + 1
      }
    } catch {
      // a map that cannot be read: the slot's file without a place
    }
  }
  return { name: bundle.name, ...place, message }
}
