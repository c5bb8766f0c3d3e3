import { describe, expect, it } from 'vitest'
import { stripComments } from '../../../../../src/compiler/parse/markdown/comments.js'

describe('stripComments', () => {
  it.each([
    // inline, twice on a line
    ['Sichtbar %%nur für uns%% weiter %%und das%%.', 'Sichtbar  weiter .'],
    // a block keeps its lines, so later positions still name the author's lines
    ['Vorher\n%%\nEntwurf\nnoch intern\n%%\nNachher', 'Vorher\n\n\n\n\nNachher'],
    // over lines within a paragraph
    ['A %%geheim\nweiter geheim%% B', 'A \n B'],
    // code keeps its %%
    ['`%%kein Kommentar%%` und %%weg%%', '`%%kein Kommentar%%` und '],
    ['```\n%%bleibt%%\n```\n%%weg%%', '```\n%%bleibt%%\n```\n'],
    // an escaped percent sign opens no comment
    ['Rabatt 10\\%% %%intern%%', 'Rabatt 10\\%% '],
    // no %% at all: untouched
    ['100 % sicher', '100 % sicher'],
  ])('%j → %j', (input, output) => {
    expect(stripComments(input)).toEqual({ text: output })
  })

  it('hides the rest of the page after a %% that is never closed, as Obsidian does, and names its line', () => {
    expect(stripComments('Eins\nZwei %%offen\nDrei')).toEqual({ text: 'Eins\nZwei \n', unclosedLine: 2 })
  })
})
