/**
 * The file thread (src/compiler/output/file-thread.ts): the bundled file worker links the unchanged files of the
 * previous output, writes the files of a full-text delta, and removes the previous output after the swap (or, with a
 * shared cache, the one the last build set aside), and a warm build on it gives the output a build on the main
 * thread gives, also when a route of the previous output was deleted by hand.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { createFileThread } from '../../src/compiler/output/file-thread.js'
import { fileLoader } from '../../src/cli/search.js'
import { createFullTextSearch } from '../../src/shared/fulltext/search.js'
import { filesIn, repoRoot, tempDir } from './helpers.js'

const fileWorkerFile = join(repoRoot, 'lib/file-worker.js')
const workerFile = join(repoRoot, 'lib/worker.js')

describe('the file thread', () => {
  it('links what the previous output has, answers what it lacks, and removes a folder whole', async () => {
    const work = tempDir()
    const previous = join(work, 'previous')
    mkdirSync(join(previous, 'ordner'), { recursive: true })
    writeFileSync(join(previous, 'a.html'), 'A')
    writeFileSync(join(previous, 'ordner', 'b.html'), 'B')
    const staging = join(work, 'staging')
    const files = createFileThread(fileWorkerFile)
    try {
      const lost = await files.reuse([
        [join(previous, 'a.html'), join(staging, 'a.html')],
        [join(previous, 'ordner', 'b.html'), join(staging, 'ordner', 'b.html')],
        [join(previous, 'weg.html'), join(staging, 'weg.html')],
      ])
      expect(lost).toEqual([[join(previous, 'weg.html'), join(staging, 'weg.html')]])
      // hard links: the staging folder's file is the previous output's
      expect(statSync(join(staging, 'ordner', 'b.html')).ino).toBe(statSync(join(previous, 'ordner', 'b.html')).ino)

      files.remove(previous)
      await files.settled()
      expect(existsSync(previous)).toBe(false)
      expect(readFileSync(join(staging, 'ordner', 'b.html'), 'utf8')).toBe('B')
    } finally {
      await files.close()
    }
  })

  it('removes a large folder at the end of a build with the main thread: half of its files wait for settled', async () => {
    const work = tempDir()
    const previous = join(work, 'previous')
    for (const folder of ['', 'fulltext/p', '_wikigen']) mkdirSync(join(previous, folder), { recursive: true })
    for (let i = 0; i < 300; i++) writeFileSync(join(previous, `seite-${i}.html`), 'S')
    for (let i = 0; i < 300; i++) writeFileSync(join(previous, 'fulltext', 'p', `${i}.json`), '{}')
    writeFileSync(join(previous, '_wikigen', 'app.js'), '')
    const files = createFileThread(fileWorkerFile)
    try {
      files.remove(previous, { split: true })
      // the thread answers in order: once this write is done, its half is unlinked
      await files.write([{ path: join(work, 'marke.txt'), contents: '' }])
      expect(filesIn(previous).size).toBe(300)
      await files.settled()
      expect(existsSync(previous)).toBe(false)
    } finally {
      await files.close()
    }
  })

  it('writes files into the folders it makes, and rejects a write that fails with the reason', async () => {
    const work = tempDir()
    const files = createFileThread(fileWorkerFile)
    try {
      await files.write([
        { path: join(work, 'fulltext', 'd', 'ab.json'), contents: '{"words":{}}' },
        { path: join(work, 'fulltext', 'p', '7.json'), contents: new TextEncoder().encode('{"title":"Grüsse"}') },
      ])
      expect(readFileSync(join(work, 'fulltext', 'd', 'ab.json'), 'utf8')).toBe('{"words":{}}')
      expect(readFileSync(join(work, 'fulltext', 'p', '7.json'), 'utf8')).toBe('{"title":"Grüsse"}')
      // a file where a folder is needed
      writeFileSync(join(work, 'datei'), '')
      await expect(files.write([{ path: join(work, 'datei', 'x.json'), contents: '{}' }])).rejects.toThrow(/datei/)
    } finally {
      await files.close()
    }
  })

  it('reports a removal that failed when the build waits for it', async () => {
    const work = tempDir()
    const files = createFileThread(fileWorkerFile)
    try {
      // a file where a folder was expected: removing it as a folder fails
      writeFileSync(join(work, 'datei'), '')
      files.remove(join(work, 'datei', 'drin'))
      await expect(files.settled()).rejects.toThrow(/ENOTDIR.*datei/)
    } finally {
      await files.close()
    }
  })

  it('refuses its work with a message when its thread cannot run, and does not leave the build waiting', async () => {
    const work = tempDir()
    const files = createFileThread(join(work, 'kein-worker.js'))
    try {
      await expect(files.reuse([[join(work, 'a.html'), join(work, 'b.html')]])).rejects.toThrow(/kein-worker\.js/)
      // and so is everything after
      files.remove(join(work, 'ordner'))
      await expect(files.settled()).rejects.toThrow(/kein-worker\.js/)
    } finally {
      await files.close()
    }
  })

  it('refuses work after it was stopped, and says so to the build that waits for it', async () => {
    const work = tempDir()
    mkdirSync(join(work, 'ordner'))
    const files = createFileThread(fileWorkerFile)
    await files.close()
    files.remove(join(work, 'ordner'))
    await expect(files.settled()).rejects.toThrow('The file thread was stopped')
    expect(existsSync(join(work, 'ordner'))).toBe(true)
  })

  it.each([
    ['on the main thread', {}],
    ['on the file thread', { workers: 2, workerFile, fileWorkerFile }],
  ])(
    'lets a warm build %s link the unchanged routes, render a route deleted by hand, and remove the previous output',
    async (_, threads) => {
      const work = tempDir()
      const root = join(work, 'wiki')
      mkdirSync(root)
      writeFileSync(join(root, 'index.md'), '# Start\n\n[[Seite 1]]\n')
      for (let i = 0; i < 70; i++) writeFileSync(join(root, `Seite ${i}.md`), `# Seite ${i}\n\nText ${i}.\n`)
      // on the file thread the previous output is set aside for the next build, as the CLI does it
      const setAsideDir = 'fileWorkerFile' in threads ? join(work, 'removed') : undefined
      const options = { root, out: join(work, 'site'), cacheDir: join(work, 'cache'), setAsideDir, ...threads }
      await build(options)
      const kept = statSync(join(options.out, 'seite-4.html')).ino

      writeFileSync(join(root, 'Seite 2.md'), '# Seite 2\n\nNeuer Text.\n')
      rmSync(join(options.out, 'seite-3.html'))
      const warm = await build(options)

      expect(warm.stats.renderedPages).toBe(2)
      expect(readFileSync(join(options.out, 'seite-2.html'), 'utf8')).toContain('Neuer Text.')
      expect(readFileSync(join(options.out, 'seite-3.html'), 'utf8')).toContain('Text 3.')
      expect(statSync(join(options.out, 'seite-4.html')).ino).toBe(kept)
      // the full-text delta the thread wrote finds the new text
      const found = await createFullTextSearch(fileLoader(options.out)).search('neuer', { limit: 5 })
      expect(found.hits.map((hit) => hit.title)).toEqual(['Seite 2'])
      // nothing of the previous output is left beside the new one
      expect(readdirSync(dirname(options.out)).sort()).toEqual(
        setAsideDir ? ['cache', 'removed', 'site', 'wiki'] : ['cache', 'site', 'wiki'],
      )
      // on the file thread it waits in its own folder, and the next build removes it while it compiles; else it is gone
      const setAside = () => (setAsideDir && existsSync(setAsideDir) ? readdirSync(setAsideDir) : [])
      const afterWarm = setAside()
      expect(afterWarm).toHaveLength(setAsideDir ? 1 : 0)
      writeFileSync(join(root, 'Seite 5.md'), '# Seite 5\n\nAnderer Text.\n')
      await build(options)
      const afterNext = setAside()
      expect(afterNext).toHaveLength(afterWarm.length)
      expect(afterNext.filter((entry) => afterWarm.includes(entry))).toEqual([])
      expect(readFileSync(join(options.out, 'seite-2.html'), 'utf8')).toContain('Neuer Text.')

      // and the output is the one a cold build makes
      const cold = join(work, 'cold')
      await build({ ...options, out: cold, cacheDir: join(work, 'cold-cache') })
      const built = filesIn(options.out)
      const expected = filesIn(cold)
      // the full-text index of a warm build is the previous base and a delta (warm-equals-cold.test.ts compares its results)
      const routes = (files: Map<string, Buffer>) => [...files.keys()].filter((path) => !path.startsWith('fulltext/')).sort()
      expect(routes(built)).toEqual(routes(expected))
      for (const [path, bytes] of expected) if (!path.startsWith('fulltext/')) expect(built.get(path)?.equals(bytes), path).toBe(true)
    },
  )
})
