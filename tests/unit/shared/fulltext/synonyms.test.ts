import { describe, expect, it } from 'vitest'
import { synonymGroups } from '../../../../src/compiler/emit/fulltext-index.js'
import { synonymSlots } from '../../../../src/shared/fulltext/search.js'
import { editDistance, editsAllowed } from '../../../../src/shared/fulltext/text.js'

describe("the config's synonyms as the index carries them", () => {
  it('folds every member as a query is folded, leaves out stopwords, and drops groups of one', () => {
    expect(
      synonymGroups({
        Ferien: ['Urlaub', 'Abwesenheit'],
        MA: 'Mitarbeiter',
        'Maintenance Window': 'Wartungsfenster',
        Größe: 'grösse',
        der: 'die',
      }),
    ).toEqual([
      ['ferien', 'urlaub', 'abwesenheit'],
      ['ma', 'mitarbeiter'],
      ['maintenance window', 'wartungsfenster'],
    ])
    expect(synonymGroups(undefined)).toEqual([])
  })
})

describe('synonymSlots', () => {
  const groups = [
    ['ferien', 'urlaub'],
    ['maintenance window', 'wartungsfenster'],
    ['urlaub', 'vacation'],
  ]

  it('gives each word its group, both ways, with the members of every group it is in', () => {
    expect(synonymSlots(['urlaub', 'antrag'], groups)).toEqual([
      { start: 0, end: 1, others: [['ferien'], ['vacation']] },
      { start: 1, end: 2, others: [] },
    ])
  })

  it('takes the longest run of words that is a member first', () => {
    expect(synonymSlots(['nextcloud', 'maintenance', 'window'], groups)).toEqual([
      { start: 0, end: 1, others: [] },
      { start: 1, end: 3, others: [['wartungsfenster']] },
    ])
    expect(synonymSlots(['wartungsfenster'], groups)).toEqual([{ start: 0, end: 1, others: [['maintenance', 'window']] }])
  })
})

describe('typos', () => {
  it('counts two swapped neighbouring letters as one edit', () => {
    expect(editDistance('wiregaurd', 'wireguard', 2)).toBe(1)
    expect(editDistance('wartungsfentser', 'wartungsfenster', 2)).toBe(1)
    expect(editDistance('abc', 'xyz', 1)).toBe(2)
  })

  it('allows no edit below five letters, one from five and two from eight', () => {
    expect([4, 5, 7, 8].map(editsAllowed)).toEqual([0, 1, 1, 2])
  })
})
