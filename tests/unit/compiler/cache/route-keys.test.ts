import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../../../src/compiler/config/config.js'
import { loadRenderCache } from '../../../../src/compiler/cache/render-cache.js'
import { linkKeyOf, pageKeysOf } from '../../../../src/compiler/cache/route-keys.js'
import { stableJson } from '../../../../src/compiler/cache/record-key.js'
import { createRenderJobs, type KnownRoutes, type RenderJob } from '../../../../src/compiler/emit/page-routes.js'
import { linkSite } from '../../../../src/compiler/link/link-site.js'
import type { CompiledPage } from '../../../../src/compiler/parse/page.js'
import { compile } from '../page-fixtures.js'

/** A compiled version of a page: each text its own content hash, as the loader gives it. */
const version = (path: string, text: string): CompiledPage => {
  const { html: _html, searchData: _searchData, ...page } = compile(path, text) as CompiledPage & { html: string; searchData?: string }
  return { ...page, contentHash: `${path}:${text.length}:${text}` }
}

const PLAN = '# Plan\n\nErster Absatz.\n\nSiehe [[Handbuch]] und [[Fehlt]].\n\n## Schritte\n\nText.\n'

const linkKey = (pages: CompiledPage[]) =>
  linkKeyOf({ compiled: pages, pages: pageKeysOf(pages, {}), assets: [], config: resolveConfig({}), salt: '', options: {} })

describe('the link key', () => {
  const handbuch = version('Handbuch.md', '# Handbuch\n\nInhalt.\n')

  it('stays when text is written above the links of a page: their places belong to its body', () => {
    const before = version('Plan.md', PLAN)
    const after = version('Plan.md', PLAN.replace('Erster Absatz.', 'Erster Absatz.\n\nNoch ein Absatz\nauf zwei Zeilen.'))
    expect(after.links.map((link) => link.line)).not.toEqual(before.links.map((link) => link.line))
    expect(linkKey([after, handbuch])).toBe(linkKey([before, handbuch]))
    // in any order the compile step lists the pages
    expect(linkKey([handbuch, after])).toBe(linkKey([before, handbuch]))
  })

  it('changes with what other pages see of a page: a heading, a link, the first paragraph', () => {
    const before = linkKey([version('Plan.md', PLAN), handbuch])
    expect(linkKey([version('Plan.md', PLAN.replace('## Schritte', '## Ablauf')), handbuch])).not.toBe(before)
    expect(linkKey([version('Plan.md', PLAN.replace('[[Fehlt]]', '[[Fehlt noch]]')), handbuch])).not.toBe(before)
    expect(linkKey([version('Plan.md', PLAN.replace('Erster Absatz.', 'Ein anderer Anfang.')), handbuch])).not.toBe(before)
  })

  it('changes with the config', () => {
    const pages = [version('Plan.md', PLAN), handbuch]
    const keys = pageKeysOf(pages, {})
    const of = (config: ReturnType<typeof resolveConfig>) =>
      linkKeyOf({ compiled: pages, pages: keys, assets: [], config, salt: '', options: {} })
    expect(of(resolveConfig({ site: { title: 'Wiki' } }))).not.toBe(of(resolveConfig({ site: { title: 'Handbuch' } })))
  })

  it('hashes the record of a page only when its content hash is new', () => {
    const plan = version('Plan.md', PLAN)
    const previous = { 'Plan.md': [plan.contentHash, 'kept'] as [string, string] }
    expect(pageKeysOf([plan], previous)['Plan.md']).toEqual([plan.contentHash, 'kept'])
    const edited = version('Plan.md', `${PLAN}\nMehr.\n`)
    expect(pageKeysOf([edited], previous)['Plan.md']![1]).not.toBe('kept')
  })
})

describe('the render cache with route keys', () => {
  it('takes the last fingerprint of a route whose key is unchanged, and computes it when the key changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikigen-render-cache-'))
    const out = join(dir, 'dist')
    const first = loadRenderCache(dir, out)!
    expect(first.isFresh('plan.html', () => 'fp-1', 'key-1')).toBe(false)
    first.save()

    let computed = 0
    const fingerprint = (value: string) => () => {
      computed++
      return value
    }
    const second = loadRenderCache(dir, out)!
    expect(second.isFresh('plan.html', fingerprint('fp-2'), 'key-1')).toBe(true)
    expect(computed).toBe(0)
    second.save()

    const third = loadRenderCache(dir, out)!
    expect(third.isFresh('plan.html', fingerprint('fp-2'), 'key-2')).toBe(false)
    expect(computed).toBe(1)
    // without a key, the fingerprint decides
    expect(third.isFresh('plan.html', fingerprint('fp-1'))).toBe(true)
  })
})

describe('generated routes under an unchanged site key', () => {
  const site = () =>
    linkSite([compile('Alpha.md', '---\ntags: [plan]\n---\n# Alpha\n'), compile('Beta.md', '# Beta\n\nText.\n')], [], resolveConfig({}))
  const options = { git: new Map(), assets: { styles: [] } }
  /** Known routes backed by a render cache of `dir`, under the site key `key`. */
  const knownIn = (dir: string, key: string) => {
    const cache = loadRenderCache(dir, join(dir, 'dist'))!
    const known: KnownRoutes = {
      keyOf: () => undefined,
      problemsOf: cache.problemsOf,
      keep: cache.keepProblems,
      site: key,
      generatedOf: cache.generatedOf,
      keepGenerated: cache.keepGenerated,
    }
    return { cache, known }
  }
  const generated = (jobs: RenderJob[]) => jobs.filter((job) => job.bodyHash === undefined)

  it('are listed from the last build and made only when their input or body is read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikigen-generated-'))
    const first = knownIn(dir, 'site-1')
    const made = generated(createRenderJobs(site(), options, first.known).jobs)
    for (const job of made) first.cache.isFresh(job.file, 'fp', first.known.keyOf(job))
    first.cache.save()
    expect(made.map((job) => job.file)).toEqual(expect.arrayContaining(['404.html', 'glossary.html', 'tags/plan.html']))

    const second = knownIn(dir, 'site-1')
    const listed = generated(createRenderJobs(site(), options, second.known).jobs)
    expect(listed.map((job) => job.file)).toEqual(made.map((job) => job.file))
    const glossary = listed.find((job) => job.file === 'glossary.html')!
    // not made yet: its fields are still the getters that make it
    expect(Object.getOwnPropertyDescriptor(glossary, 'bodyHtml')?.get).toBeTypeOf('function')
    expect(glossary.bodyHtml).toBe(made.find((job) => job.file === 'glossary.html')!.bodyHtml)
    expect(glossary.input).toEqual(made.find((job) => job.file === 'glossary.html')!.input)
    expect(Object.getOwnPropertyDescriptor(glossary, 'bodyHtml')?.get).toBeUndefined()
  })

  it('are made anew under another site key, or when a route of theirs has no fingerprint any more', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikigen-generated-'))
    const first = knownIn(dir, 'site-1')
    for (const job of generated(createRenderJobs(site(), options, first.known).jobs)) first.cache.isFresh(job.file, 'fp')
    first.cache.save()

    const other = knownIn(dir, 'site-2')
    for (const job of generated(createRenderJobs(site(), options, other.known).jobs))
      expect(Object.getOwnPropertyDescriptor(job, 'input')?.get, job.file).toBeUndefined()

    // a build that rendered every generated route but the glossary: the glossary's kind is not known any more
    const lost = knownIn(dir, 'site-1')
    for (const job of generated(createRenderJobs(site(), options, lost.known).jobs))
      if (job.file !== 'glossary.html') lost.cache.isFresh(job.file, 'fp')
    lost.cache.save()
    const after = knownIn(dir, 'site-1')
    expect(after.cache.generatedOf('glossary', 'site-1')).toBeUndefined()
    expect(after.cache.generatedOf('tags', 'site-1')?.map((shell) => shell.file)).toEqual(expect.arrayContaining(['tags/plan.html']))
  })
})

describe('the JSON that keys are hashed from', () => {
  it('keeps regular expressions and functions by their source, however deep they stand', () => {
    const hook = (text: string) => text.trim()
    expect(stableJson({ markdown: { pattern: /Ticket-\d+/g, steps: [{ hook }] } })).toBe(
      `{"markdown":{"pattern":"/Ticket-\\\\d+/g","steps":[{"hook":${JSON.stringify(String(hook))}}]}}`,
    )
    // a changed hook changes the key
    expect(stableJson({ hook: (text: string) => text })).not.toBe(stableJson({ hook }))
  })

  it('is plain JSON for values without them', () => {
    const record = { title: 'Plan', tags: ['a', 'b'], links: [{ target: 'Handbuch', anchor: undefined }], draft: false, order: null }
    expect(stableJson(record)).toBe(JSON.stringify(record))
  })
})
