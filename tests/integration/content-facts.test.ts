/**
 * One value per fact: every page under content/ agrees with the canonical facts of tests/fixtures/content-facts.ts.
 * A page that states a fact differently is reported as `file:line: fact — found "…"`, so drift shows where it is.
 * The owning page of each fact must still state the canonical value, and each fact's sample lines prove that its
 * patterns catch the old contradictions without flagging unrelated text.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONTENT_FACTS, type ContentFact } from '../fixtures/content-facts.js'
import { contentPages, contentRoot } from './content-pages.js'

/**
 * The contradiction patterns of `fact` that match `line`, each with the text it matched. On any page but the owner,
 * the owner-only wordings count as contradictions too.
 */
function findContradictions(fact: ContentFact, line: string, onOwnerPage = false): string[] {
  const patterns = onOwnerPage ? fact.contradictions : [...fact.contradictions, ...(fact.ownerOnly ?? [])]
  return patterns.flatMap((pattern) => {
    const match = pattern.exec(line)
    return match ? [match[0].trim()] : []
  })
}

const pages = contentPages().map((page) => ({ file: `content/${page.path}`, lines: page.lines }))

describe('the canonical facts of the wiki', () => {
  it('reads the wiki', () => {
    expect(pages.length).toBeGreaterThanOrEqual(250)
  })

  it('has no page that contradicts a canonical fact', () => {
    const found: string[] = []
    for (const { file, lines } of pages) {
      lines.forEach((line, index) => {
        for (const fact of CONTENT_FACTS) {
          const onOwnerPage = file === `content/${fact.owner}`
          for (const text of findContradictions(fact, line, onOwnerPage)) found.push(`${file}:${index + 1}: ${fact.id} — found "${text}"`)
        }
      })
    }
    expect(found).toEqual([])
  })

  it('gives every fact its own id', () => {
    const ids = CONTENT_FACTS.map((fact) => fact.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  describe.each(CONTENT_FACTS.map((fact) => [fact.id, fact] as const))('%s', (_id, fact) => {
    it('is stated with its canonical value on the page that owns it', () => {
      const path = join(contentRoot, fact.owner)
      expect(existsSync(path), `owner ${fact.owner} exists`).toBe(true)
      const text = readFileSync(path, 'utf8')
      const missing = fact.ownerStates.filter((pattern) => !pattern.test(text)).map(String)
      expect(missing).toEqual([])
    })

    it('catches each old way of stating it', () => {
      const missed = fact.caught.filter((line) => findContradictions(fact, line).length === 0)
      expect(missed).toEqual([])
    })

    it('leaves correct and unrelated lines alone', () => {
      const flagged = fact.allowed.filter((line) => findContradictions(fact, line).length > 0)
      expect(flagged).toEqual([])
    })
  })
})
