import { describe, expect, it } from 'vitest'
import { diagramTitle } from '../../../src/client/diagram-title.js'

describe('diagramTitle', () => {
  it.each([
    // mermaid's accessibility title wins
    ['flowchart LR\n  accTitle: Ablauf einer Anfrage\n  A --> B', 'Ablauf einer Anfrage'],
    ['flowchart LR\n  accTitle : Mit Leerzeichen  \n  A --> B', 'Mit Leerzeichen'],
    ['---\ntitle: Oben\n---\nflowchart LR\n  accTitle: Zugänglich\n  A --> B', 'Zugänglich'],
    // front matter, quotes optional
    ['---\ntitle: Projektphasen\n---\nflowchart TD\n  A --> B', 'Projektphasen'],
    ['---\ntitle: "Bestellung: Ablauf"\nconfig:\n  theme: forest\n---\nsequenceDiagram\n  A->>B: Hallo', 'Bestellung: Ablauf'],
    ["  ---\r\ntitle: 'Windows'\r\n---\r\nflowchart TD", 'Windows'],
    // a title statement of the diagram types that have one
    ['pie title Anteile\n  "A": 1', 'Anteile'],
    ['pie showData title Mit Daten\n  "A": 1', 'Mit Daten'],
    ['gantt\n  title Projektplan\n  dateFormat YYYY-MM-DD', 'Projektplan'],
    ['%%{init: {"theme": "dark"}}%%\njourney\n  title Einkauf', 'Einkauf'],
    // none
    ['flowchart LR\n  title --> B', undefined], // in a flowchart 'title' is a node
    ['sequenceDiagram\n  Alice->>Bob: title Hallo', undefined],
    ['flowchart LR\n  %% accTitle: auskommentiert\n  A --> B', undefined],
    ['---\nconfig:\n  theme: dark\n---\nflowchart LR', undefined],
    ['', undefined],
  ])('%j → %j', (source, title) => {
    expect(diagramTitle(source)).toBe(title)
  })
})
