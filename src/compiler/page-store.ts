/**
 * Where compiled pages live between the compile and render phases, keyed by content hash.
 *
 * The disk store is also the build cache: a page whose file did not change is read back instead of parsed,
 * and its body never has to sit in the main thread's memory. The memory store serves in-process builds.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from './page.js'

export interface PageStore {
  /** The compiled page with this content hash, if stored. */
  get(contentHash: string): Page | undefined
  put(page: Page): void
  /** Body HTML of a stored page; throws if it is missing (a bug: every rendered page was compiled first). */
  body(contentHash: string): string
}

export function createMemoryStore(): PageStore {
  const pages = new Map<string, Page>()
  return {
    get: (hash) => pages.get(hash),
    put: (page) => void pages.set(page.contentHash, page),
    body(hash) {
      const page = pages.get(hash)
      if (!page) throw new Error(`Page ${hash} was never compiled`)
      return page.html
    },
  }
}

export function createDiskStore(dir: string): PageStore {
  const fileOf = (hash: string) => join(dir, hash.slice(0, 2), `${hash}.json`)
  const read = (hash: string): Page | undefined => {
    try {
      return JSON.parse(readFileSync(fileOf(hash), 'utf8')) as Page
    } catch {
      return undefined
    }
  }
  return {
    get: read,
    put(page) {
      const file = fileOf(page.contentHash)
      mkdirSync(join(dir, page.contentHash.slice(0, 2)), { recursive: true })
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
      writeFileSync(temp, JSON.stringify(page))
      renameSync(temp, file)
    },
    body(hash) {
      const page = read(hash)
      if (!page) throw new Error(`Page ${hash} is missing from the build cache`)
      return page.html
    },
  }
}
