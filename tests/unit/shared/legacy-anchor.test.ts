import { describe, expect, it } from 'vitest'
import { vuepressAnchorOf } from '../../../src/shared/legacy-anchor.js'

describe('vuepressAnchorOf', () => {
  it.each([
    ['Passwort-Datenbank öffnen', 'passwort-datenbank-offnen'],
    ['Wirkungsräume', 'wirkungsraume'],
    ['Über uns', 'uber-uns'],
    // ß has no mark to lose: kept, as VuePress kept it
    ['Größe & Maße', 'große-maße'],
    ['2020 Plan', '_2020-plan'],
    ['Was tun? (Kurz)', 'was-tun-kurz'],
  ])('%s → %s', (text, anchor) => {
    expect(vuepressAnchorOf(text)).toBe(anchor)
  })
})
