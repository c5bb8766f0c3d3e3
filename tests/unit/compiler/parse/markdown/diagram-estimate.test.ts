import { describe, expect, it } from 'vitest'
import { diagramBlock, estimateDiagramSize } from '../../../../../src/compiler/parse/markdown/diagram/index.js'
import { labelSize, labelText } from '../../../../../src/compiler/parse/markdown/diagram/text-size.js'

/** Sources from the wiki, with the height mermaid 11 draws them at in Chromium (DejaVu Sans), measured once. */
const MEASURED = {
  // a chain with a decision: the 200 px diamond sets the height
  pipeline: [
    'flowchart LR\n  A[lint] --> B[test]\n  B --> C[build]\n  C --> D[deploy staging]\n  D --> E{manuell freigeben}\n  E --> F[deploy production]',
    216,
  ],
  // three sources side by side, two of them with labels that wrap at 200 px
  mail: [
    'flowchart LR\n  P[Mitarbeitende in Thunderbird] --> MS[Mail Service Infomaniak]\n  O[Odoo und Nextcloud Produktion] --> MG[Mailgun EU]\n  D[Entwicklung und Staging] --> MP[Mailpit]\n  MS --> I[Internet]\n  MG --> I\n  MP -. keine Zustellung .-> X[bleibt intern]',
    326,
  ],
  // the lifelines between the two rows of participants, one step per message
  sequence: [
    'sequenceDiagram\n  participant B as Browser\n  participant N as Nextcloud\n  participant C as Collabora\n  B->>N: Dokument öffnen\n  N->>B: Editor-Seite mit Zugriffstoken\n  B->>C: Editor laden\n  C->>N: Datei per WOPI holen\n  C-->>B: Darstellung der Seite\n  B->>C: Änderungen\n  C->>N: Datei per WOPI speichern',
    507,
  ],
  // a state diagram top to bottom: start, two states, end
  states: ['stateDiagram-v2\n  [*] --> Bestellt\n  Bestellt --> Inventarisiert\n  Inventarisiert --> [*]', 274],
} as const

describe('estimateDiagramSize', () => {
  it.each(Object.entries(MEASURED))('estimates %s within 5 %% of what mermaid draws', (_name, [source, measured]) => {
    const size = estimateDiagramSize(source)
    expect(size?.height).toBeGreaterThanOrEqual(measured * 0.95)
    expect(size?.height).toBeLessThanOrEqual(measured * 1.05)
  })

  it.each([
    // [source, width, height]
    ['flowchart LR\n  A[lint] --> B[test]\n  B --> C[build]', 384, 70], // three boxes in a row, 50 px apart
    ['flowchart TD\n  A[lint] --> B[test]\n  B --> C[build]', 113, 278], // the same, stacked
    ['graph TD;A[lint]-->B[test];B-->C[build]', 113, 278], // `graph`, statements split by ';'
    ['flowchart LR\n  A[Start] --> B[Entwicklung]\n  B --> B\n  B --> C[Ende]', 468, 136], // a self-loop beside its node
    ['flowchart TD\n  A[Offerte] --> B{Alles grün?}\n  B -- nein --> A\n  B -- ja --> C[Abrechnung]', 171, 414], // edge labels between ranks
    [
      'flowchart TB\n  LB[Load Balancer] --> IN[Ingress]\n  subgraph Cluster[k3s-Cluster]\n    IN --> NS1[Namespace a]\n    IN --> NS2[Namespace b]\n  end\n  Cluster --> BK[Backup]',
      627,
      328,
    ], // a subgraph entered from outside: a border around its nodes
    ['stateDiagram-v2\n  direction LR\n  [*] --> Backlog\n  Backlog --> Bereit: geklärt\n  Bereit --> Backlog: zurückgestellt', 378, 84], // labels of opposite edges stacked
    [
      'gantt\n  title Plan\n  dateFormat YYYY-MM-DD\n  section A\n  Analyse :a1, 2026-02-02, 5d\n  Konzept :a2, after a1, 10d\n  section B\n  Bau :a3, after a2, 20d',
      600,
      190,
    ], // three rows of 30 px between 50 px paddings
  ])('%j → %d × %d', (source, width, height) => {
    expect(estimateDiagramSize(source)).toEqual({ width, height })
  })

  it('makes room for the title a flowchart has in its front matter', () => {
    const plain = estimateDiagramSize('flowchart TD\n  Analyse --> Umsetzung --> Abnahme')?.height ?? 0
    // mermaid draws this one 328 px high, 50 px more than without the title
    expect(estimateDiagramSize('---\ntitle: Projektphasen\n---\nflowchart TD\n  Analyse --> Umsetzung --> Abnahme')?.height).toBe(
      plain + 50,
    )
  })

  it('counts the steps of a sequence diagram: a self-message, a block with a divider, a note', () => {
    const plain = estimateDiagramSize('sequenceDiagram\n  A->>B: weiter\n  B-->>A: zurück')?.height ?? 0
    const richer = estimateDiagramSize(
      'sequenceDiagram\n  A->>A: prüfen\n  alt ok\n    A->>B: weiter\n  else nicht ok\n    B-->>A: zurück\n  end\n  Note over A,B: fertig',
    )?.height
    expect(richer).toBe(plain + 48 + 31 + 65 + 35 + 50)
  })

  it.each([
    ['pie title Anteile\n  "A": 1'], // a type it does not know
    [''], // nothing
    ['flowchart LR\n  A[[[ --> ((( ]]] -->'], // not valid mermaid: any answer, but no exception
  ])('never throws (%j)', (source) => {
    expect(() => estimateDiagramSize(source)).not.toThrow()
  })

  it('has no estimate for a type it does not know', () => {
    expect(estimateDiagramSize('pie title Anteile\n  "A": 1')).toBeUndefined()
    expect(estimateDiagramSize('classDiagram\n  A <|-- B')).toBeUndefined()
  })
})

describe('labels', () => {
  it.each([
    // [raw label, plain text]
    ['Erfassen<br/>und prüfen', 'Erfassen\nund prüfen'], // a line break
    ['"Text mit [Klammern]"', 'Text mit [Klammern]'], // quoted
    ['"`**Neu** und _kursiv_`"', 'Neu und kursiv'], // a markdown string
  ])('%j reads as %j', (raw, plain) => {
    expect(labelText(raw)).toBe(plain)
  })

  it('wraps a label wider than 200 px into lines of 24 px, 200 px wide', () => {
    expect(labelSize('lint', 16, 200).height).toBe(24)
    expect(labelSize('Willkommensmail an Kundschaft senden', 16, 200)).toEqual({ width: 200, height: 48 })
    expect(labelSize('Erfassen<br/>und prüfen', 16, 200).height).toBe(48)
  })
})

describe('diagramBlock', () => {
  it('reserves the estimated size with a placeholder and keeps the source for readers without JavaScript', () => {
    const block = diagramBlock('flowchart LR\n  A --> B')
    expect(block.properties.className).toEqual(['diagram-figure'])
    const frame = block.children[0]
    expect(frame).toMatchObject({ properties: { dataDiagram: 'mermaid', dataDiagramHeight: '70' } })
    expect(JSON.stringify(frame)).toContain('"diagram-placeholder"')
    expect(JSON.stringify(frame)).toContain('flowchart LR\\n  A --> B')
  })

  it('reserves a default box for a diagram without an estimate', () => {
    const frame = diagramBlock('pie title Anteile\n  "A": 1').children[0]
    expect(frame).toMatchObject({ properties: { dataDiagram: 'mermaid' } })
    expect(JSON.stringify(frame)).toContain('"height":"240"')
    expect(JSON.stringify(frame)).not.toContain('dataDiagramHeight')
  })
})
