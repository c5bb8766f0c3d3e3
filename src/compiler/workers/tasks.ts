/**
 * The work a build spreads over threads: compiling batches of read source files and rendering batches of routes.
 * The same functions run inside worker threads and, for small amounts of work, on the main thread.
 */

import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { renderJob, type RenderJob } from '../emit/page-routes.js'
import { createDiskStore, createMemoryStore, type PageStore, type StoredBodies } from '../cache/page-store.js'
import type { SourceFile } from '../discover/load.js'
import { parsePage, type ParseSettings } from '../parse/parse-page.js'
import type { MarkdownPlugins } from '../parse/markdown/plugins.js'
import { mergeFullText, pageTextFile, shardFileOf, type FullTextSource, type FullTextState } from '../emit/fulltext-index.js'
import type { OutputFile } from '../emit/output-file.js'
import { createFileThread, type FileThread } from '../output/file-thread.js'
import type { FileToWrite } from '../output/file-ops.js'
import { recordKeyOf } from '../cache/record-key.js'
import { pageFile } from '../../shared/fulltext/format.js'
import type { CompiledPage, Page } from '../parse/page.js'
import type { Labels } from '../../shared/labels.js'
import type { SlotBundle } from '../emit/slot-render.js'
import { createSlotRenderer, type SlotFailure } from '../emit/slot-render.js'

/**
 * A task for a thread. `bodies` tells the store of the thread that runs it where the bodies are that another thread
 * stored (the pool fills it in when it hands the task to a worker).
 */
export type Task =
  | { type: 'compile'; sources: SourceFile[]; labels?: Labels; settings?: ParseSettings }
  /** One page, whole (body and search text too), stored nowhere: what `wikigen dev` parses after an edit. */
  | { type: 'parse'; source: SourceFile; labels?: Labels; settings?: ParseSettings }
  /** `slots`: the site's theme slots, bundled (emit/theme-slots.ts), which this thread loads once. */
  | { type: 'render'; jobs: RenderJob[]; outDir: string; bodies?: StoredBodies; slots?: SlotBundle[] }
  /** The full-text index of these pages, in site order, but its meta file (see build.ts). */
  | { type: 'fulltext'; sources: FullTextSource[]; outDir: string; previousDir?: string; previous?: FullTextState; bodies?: StoredBodies }

export interface CompileResult {
  pages: CompiledPage[]
  /** Where this thread stored the pages' bodies, for the store of the thread that asked. */
  bodies: StoredBodies
  /** The key of each page's record (cache/record-key.ts), made here rather than on the main thread. */
  recordKeys: string[]
}

export interface RenderResult {
  bytes: number
  /** Slots whose component failed on these pages (left empty there): the build fails on them. */
  slotFailures?: SlotFailure[]
}

export type { FullTextMergeResult } from '../emit/fulltext-index.js'
import type { FullTextMergeResult } from '../emit/fulltext-index.js'

/**
 * A task runner over a page store: on disk when `cacheDir` is set, else in memory. `plugins` are the config's markdown
 * hooks the pages are compiled with; `files` links the files a full-text delta keeps from the previous output (on this
 * thread, by default).
 */
export function createTaskRunner(
  cacheDir: string | undefined,
  plugins?: MarkdownPlugins,
  files: FileThread = createFileThread(undefined),
): {
  run(task: Task): Promise<CompileResult | RenderResult | FullTextMergeResult | Page>
  store: PageStore
} {
  const store = cacheDir ? createDiskStore(cacheDir) : createMemoryStore()
  return {
    store,
    async run(task) {
      if (task.type === 'compile') return compileBatch(task, store, plugins)
      if (task.type === 'parse') return parsePage(task.source, task.labels, plugins, task.settings)
      if (task.bodies) store.adopt(task.bodies)
      if (task.type === 'fulltext') return fullTextTask(task, store, files)
      return renderBatch(task.jobs, task.outDir, store, task.slots)
    },
  }
}

async function fullTextTask(task: Extract<Task, { type: 'fulltext' }>, store: PageStore, files: FileThread): Promise<FullTextMergeResult> {
  const { previousDir } = task
  const previous =
    task.previous && previousDir ? { state: task.previous, shardFile: (key: string) => shardFileOf(previousDir, key) } : undefined
  // each file handed to the file thread as soon as a batch is made: the merge then holds none of them
  const writer = fileWriter(task.outDir, files)
  const { unchanged, keptPages, ...merged } = mergeFullText(task.sources, (hash) => store.searchData(hash), writer.write, previous)
  const fromPrevious = (path: string) => [join(previousDir!, path), join(task.outDir, path)] as const
  const kept = [...keptPages]
  const [lostShards, lostPages] = await Promise.all([
    files.reuse(unchanged.map(fromPrevious)),
    files.reuse(kept.map(([doc]) => fromPrevious(pageFile(doc)))),
  ])
  if (lostShards.length > 0) throw new Error(`The previous full-text index lost ${relative(previousDir!, lostShards[0][0])}`)
  // the previous output has the text files of the base's pages, unless that build failed
  const lost = new Set(lostPages.map(([, to]) => to))
  for (const [doc, source] of kept) {
    if (lost.has(join(task.outDir, pageFile(doc)))) writer.write(pageTextFile(doc, source, store.searchData(source.hash)))
  }
  await writer.written()
  return { bytes: writer.bytes(), ...merged }
}

/**
 * Writes each file handed to it into `dir`, in batches, by `files` (the file thread, or this thread), and counts the
 * bytes: the full-text index writes thousands of small ones (a delta a hundred shards for one page), which the main
 * thread need not wait for.
 */
function fileWriter(dir: string, files: FileThread): { write(file: OutputFile): void; bytes(): number; written(): Promise<void> } {
  let bytes = 0
  let batch: FileToWrite[] = []
  let batchBytes = 0
  const writing: Promise<void>[] = []
  let failure: unknown
  const flush = () => {
    if (batch.length === 0) return
    // a write that fails is reported when the merge is done (written), not as a rejection nobody waits for yet
    writing.push(files.write(batch).catch((error: unknown) => void (failure ??= error)))
    batch = []
    batchBytes = 0
  }
  return {
    write(file) {
      if (!('contents' in file)) throw new Error(`Expected the contents of ${file.path}`)
      const size = typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength
      batch.push({ path: join(dir, file.path), contents: file.contents })
      bytes += size
      batchBytes += size
      if (batch.length >= WRITE_BATCH || batchBytes >= WRITE_BATCH_BYTES) flush()
    },
    bytes: () => bytes,
    async written() {
      flush()
      await Promise.all(writing)
      if (failure) throw failure
    },
  }
}

/** Files and bytes per batch handed to the file thread: few messages, none of them holding much. */
const WRITE_BATCH = 100
const WRITE_BATCH_BYTES = 1 << 20

function compileBatch(
  { sources, labels, settings }: Extract<Task, { type: 'compile' }>,
  store: PageStore,
  plugins: MarkdownPlugins | undefined,
): CompileResult {
  const pages = store.put(sources.map((source) => parsePage(source, labels, plugins, settings)))
  return { pages, bodies: store.locationsOf(pages.map((page) => page.contentHash)), recordKeys: pages.map(recordKeyOf) }
}

function renderBatch(jobs: RenderJob[], outDir: string, store: PageStore, slots: SlotBundle[] | undefined): RenderResult {
  let bytes = 0
  const made = new Set<string>()
  const slotRenderer = slots && slots.length > 0 ? createSlotRenderer(slots) : undefined
  for (const job of jobs) {
    const html = renderJob(job, (hash) => store.body(hash), slotRenderer)
    const file = join(outDir, job.file)
    const folder = dirname(file)
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true })
      made.add(folder)
    }
    writeFileSync(file, html)
    bytes += Buffer.byteLength(html)
  }
  return slotRenderer && slotRenderer.failures.length > 0 ? { bytes, slotFailures: slotRenderer.failures } : { bytes }
}
