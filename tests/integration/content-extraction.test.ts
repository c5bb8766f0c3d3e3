/**
 * One value per fact, found by method: tests/integration/fact-extract.ts reads every value of the kinds the wiki
 * repeats from all pages; this test checks that each key has one value across pages (apart from the variations
 * below, each with its reason) and that every name is kept on the page for its kind. `FACTS_REPORT=1` prints the
 * whole table of stated facts, to review what the pages say.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentPages, contentRoot } from './content-pages.js'
import { conflicts, extractFacts, plain, type FactKind, type StatedFact, type Variation } from './fact-extract.js'

const pages = contentPages()
const facts = pages.flatMap(extractFacts)
const pageText = (path: string) => readFileSync(join(contentRoot, path), 'utf8')

/** The keys whose values differ between pages on purpose. */
const VARIATIONS: Variation[] = [
  {
    key: /^rto rto › intern$/,
    reason: 'the Disaster Recovery Plan tightens the internal services to 24 hours; the policy gives 3 working days as the ceiling',
  },
]

/** Minutes between backups per cadence word, for the RPO check. */
const CADENCE_MINUTES: Record<string, number> = { stündlich: 60, täglich: 1440, wöchentlich: 10080 }

const VALUE_KINDS: FactKind[] = ['money', 'duration', 'cadence', 'quantity', 'version', 'rpo', 'rto', 'workers', 'set-up-fee', 'client-id']

if (process.env.FACTS_REPORT) {
  const byKey = new Map<string, StatedFact[]>()
  for (const fact of facts) byKey.set(`${fact.kind} ${fact.key}`, [...(byKey.get(`${fact.kind} ${fact.key}`) ?? []), fact])
  const lines = [...byKey]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, stated]) => `${key}\n${stated.map((fact) => `    ${fact.value}  content/${fact.file}:${fact.line}`).join('\n')}`)
  console.log(`${facts.length} stated facts under ${byKey.size} keys\n${lines.join('\n')}`)
  console.log(`keys with more than one value:\n${conflicts(facts, VARIATIONS, VALUE_KINDS).join('\n')}`)
}

describe('the facts the wiki states', () => {
  it('finds facts of every kind', () => {
    const kinds = new Set(facts.map((fact) => fact.kind))
    expect([...kinds].sort()).toEqual(
      [
        'backup',
        'cadence',
        'client-id',
        'duration',
        'host',
        'mailbox',
        'phone',
        'money',
        'quantity',
        'repository',
        'room',
        'rpo',
        'rto',
        'set-up-fee',
        'version',
        'workers',
      ].sort(),
    )
  })

  it('gives every key one value across pages', () => {
    expect(conflicts(facts, VARIATIONS, VALUE_KINDS)).toEqual([])
  })

  it('backs up every service of the Premium-SLA at least as often as its RPO allows', () => {
    const policy = 'Richtlinien/Richtlinie Datensicherung.md'
    const premium = facts.filter((fact) => fact.kind === 'rpo' && fact.file === policy && fact.key === 'rpo › premium')
    expect(premium.length).toBeGreaterThan(0)
    const rpo = Math.min(...premium.map((fact) => Number(/^(\d+) min/.exec(fact.value)?.[1])))
    // the services the class names: "Premium-SLA (Odoo, Nextcloud, Managed Server)"
    const services = [
      ...plain(premium[0].text)
        .toLowerCase()
        .matchAll(/odoo|nextcloud|managed server/g),
    ].map((match) => match[0])
    const rows = facts.filter((fact) => fact.kind === 'backup' && fact.file === policy)
    const gaps = services.flatMap((service) => {
      const lines = new Set(rows.filter((fact) => fact.key.endsWith(` › ${service}`)).map((fact) => fact.line))
      if (lines.size === 0) return [`${service}: no backup row in ${policy}`]
      return [...lines].flatMap((line) => {
        const stated = rows.filter((fact) => fact.line === line)
        const forPremium = stated.filter((fact) => fact.key.startsWith('backup › premium'))
        const minutes = Math.min(...(forPremium.length ? forPremium : stated).map((fact) => CADENCE_MINUTES[fact.value] ?? Infinity))
        return minutes > rpo
          ? [`content/${policy}:${line}: ${service} backed up every ${minutes} min under a Premium RPO of ${rpo} min`]
          : []
      })
    })
    expect(gaps).toEqual([])
  })

  it('lists every mailbox in Liste Kontakte', () => {
    const list = pageText('Listen/Liste Kontakte.md')
    const people = new Set(pages.filter((page) => page.frontMatter.type === 'Person').map((page) => page.name))
    const personal = (address: string) =>
      /^(?:vorname\.nachname|[a-z]+\.muster)@/.test(address) ||
      [...people].some((name) =>
        address.startsWith(`${name.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(' ', '.')}@`),
      )
    const missing = facts.filter((fact) => fact.kind === 'mailbox' && !personal(fact.value) && !list.includes(fact.value))
    expect(missing.map((fact) => `content/${fact.file}:${fact.line}: ${fact.value}`)).toEqual([])
  })

  it('lists every phone number in Liste Kontakte', () => {
    const list = pageText('Listen/Liste Kontakte.md').replace(/\s/g, '')
    const missing = facts.filter((fact) => fact.kind === 'phone' && !list.includes(fact.key))
    expect(missing.map((fact) => `content/${fact.file}:${fact.line}: ${fact.value}`)).toEqual([])
  })

  it('lists every chat room on the Matrix page', () => {
    const matrix = pageText('Werkzeuge/Matrix.md')
    const missing = facts.filter((fact) => fact.kind === 'room' && !matrix.includes(`#${fact.value}:talwerk.example`))
    expect(missing.map((fact) => `content/${fact.file}:${fact.line}: #${fact.value}`)).toEqual([])
  })

  it('names every host that more than one page uses on the DNS page, or names it by its scheme there', () => {
    const dns = pageText('Hosting/DNS.md')
    // the short names in the first column of its tables ("git, chat, wiki", "db.int")
    const listed = new Set(
      dns
        .split('\n')
        .filter((line) => line.startsWith('| '))
        .flatMap((line) =>
          line
            .split('|')[1]
            .split(',')
            .map((name) => name.trim()),
        ),
    )
    const schemes = [...dns.matchAll(/`<[a-z]+>(?:-<[a-z]+>)?\.([a-z0-9.-]+)\.talwerk\.example`/g)].map((match) => match[1])
    const known = (host: string) => {
      const short = host.replace(/\.talwerk\.example$/, '')
      return (
        dns.includes(`\`${host}\``) ||
        listed.has(short) ||
        schemes.some((zone) => short.endsWith(`.${zone}`) && !short.slice(0, -zone.length - 1).includes('.'))
      )
    }
    const pagesOf = new Map<string, Set<string>>()
    for (const fact of facts.filter((fact) => fact.kind === 'host'))
      pagesOf.set(fact.value, (pagesOf.get(fact.value) ?? new Set()).add(fact.file))
    const missing = [...pagesOf]
      .filter(([host, files]) => files.size > 1 && !known(host))
      .map(([host, files]) => `${host}: ${[...files].join(', ')}`)
    expect(missing).toEqual([])
  })

  it('names every client id by the scheme of the Keycloak page', () => {
    const keycloak = pageText('Sicherheit/Keycloak.md')
    expect(keycloak).toContain('Client-ID im Schema `<anwendung>-<umgebung>`')
    const off = facts.filter((fact) => fact.kind === 'client-id' && !/^[a-z0-9]+(?:-[a-z0-9]+)*-(?:prod|stage|test|dev)$/.test(fact.value))
    expect(off.map((fact) => `content/${fact.file}:${fact.line}: ${fact.value}`)).toEqual([])
  })

  it('gives every repository one path', () => {
    const pathsOf = new Map<string, Set<string>>()
    for (const fact of facts.filter((fact) => fact.kind === 'repository'))
      pathsOf.set(fact.key, (pathsOf.get(fact.key) ?? new Set()).add(fact.value))
    expect([...pathsOf].filter(([, paths]) => paths.size > 1).map(([name, paths]) => `${name}: ${[...paths].join(', ')}`)).toEqual([])
  })
})
