/**
 * Where compiled pages live between the compile and render phases, keyed by content hash.
 *
 * The disk store is also the build cache: a page whose file did not change is read back instead of parsed.
 * Metadata and body are separate files, so linking a site reads only the small metadata, and a body is read
 * only when its page is rendered. The memory store serves builds without a cache.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from './page.js'
import type { PageMeta } from './resolve-links.js'

export interface PageStore {
  /** The metadata of the compiled page with this content hash, if stored. */
  meta(contentHash: string): PageMeta | undefined
  put(page: Page): void
  /** Body HTML of a stored page; throws if it is missing (a bug: every rendered page was compiled first). */
  body(contentHash: string): string
}

export function createMemoryStore(): PageStore {
  const pages = new Map<string, Page>()
  return {
    meta(hash) {
      const page = pages.get(hash)
      if (!page) return undefined
      const { html: _html, ...meta } = page
      return meta
    },
    put: (page) => void pages.set(page.contentHash, page),
    body(hash) {
      const page = pages.get(hash)
      if (!page) throw new Error(`Page ${hash} was never compiled`)
      return page.html
    },
  }
}

export function createDiskStore(dir: string): PageStore {
  const fileOf = (hash: string, extension: 'json' | 'html') => join(dir, hash.slice(0, 2), `${hash}.${extension}`)
  const write = (file: string, text: string) => {
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
    writeFileSync(temp, text)
    renameSync(temp, file)
  }
  return {
    meta(hash) {
      const file = fileOf(hash, 'json')
      if (!existsSync(file) || !existsSync(fileOf(hash, 'html'))) return undefined
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as PageMeta
      } catch {
        return undefined // a torn or foreign file: compile again
      }
    },
    put(page) {
      mkdirSync(join(dir, page.contentHash.slice(0, 2)), { recursive: true })
      const { html, ...meta } = page
      // body first: a metadata file is only ever there with its body
      write(fileOf(page.contentHash, 'html'), html)
      write(fileOf(page.contentHash, 'json'), JSON.stringify(meta))
    },
    body(hash) {
      try {
        return readFileSync(fileOf(hash, 'html'), 'utf8')
      } catch {
        throw new Error(`Page ${hash} is missing from the build cache`)
      }
    },
  }
}
