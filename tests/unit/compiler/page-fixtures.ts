import { parsePage } from '../../../src/compiler/parse/parse-page.js'
import { decodeSource } from '../../../src/compiler/discover/load.js'
import type { ContentRef } from '../../../src/compiler/discover/load.js'
import { toSourcePath } from '../../../src/compiler/paths.js'
import type { CompiledPage } from '../../../src/compiler/parse/page.js'

/** Compiles a literal page the way the build does (decoded by the loader, then parsed); the content hash is the path, unique per test site. */
export function compile(path: string, text: string): CompiledPage & { html: string } {
  return parsePage(decodeSource(toSourcePath(path), new TextEncoder().encode(text), `hash:${path}`))
}

export function asset(path: string): ContentRef {
  return { path: toSourcePath(path), absolute: `/content/${path}` }
}
