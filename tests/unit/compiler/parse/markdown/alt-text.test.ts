import { describe, expect, it } from 'vitest'
import { altText, isFileName } from '../../../../../src/compiler/parse/markdown/alt-text.js'

describe('alternative texts of images', () => {
  it('recognises a file name given as the text', () => {
    expect(isFileName('talwerk-logo', 'attachments/talwerk-logo.svg')).toBe(true)
    expect(isFileName('nextcloud_plattformen', 'nextcloud_plattformen.png')).toBe(true)
    expect(isFileName('karte.png', 'Bilder/karte.png')).toBe(true)
    expect(isFileName('IMG_2041', 'IMG_2041.JPG')).toBe(true)
    expect(isFileName('Pasted image 20240501101233', 'Pasted image 20240501101233.png')).toBe(true)
    expect(isFileName('Bildschirmfoto 2024-05-01 um 10.12.33', 'Bildschirmfoto 2024-05-01 um 10.12.33.png')).toBe(true)
  })

  it('keeps what a person wrote, also when it is the name of the file', () => {
    expect(isFileName('Logo', 'Logo.png')).toBe(false)
    expect(isFileName('Karte Zürich', 'Karte Zürich.png')).toBe(false)
    expect(isFileName('Architektur der Talwerk Cloud', 'talwerk-cloud-architektur.svg')).toBe(false)
    expect(isFileName('', 'logo.svg')).toBe(false)
  })

  it('gives the caption, or nothing, in place of a file name', () => {
    expect(altText('phasen-modell', 'phasen-modell.svg')).toBe('')
    expect(altText('phasen-modell', 'phasen-modell.svg', 'Die fünf Phasen eines Projekts')).toBe('Die fünf Phasen eines Projekts')
    expect(altText('Die fünf Phasen', 'phasen-modell.svg', 'Titel')).toBe('Die fünf Phasen')
    expect(altText(undefined, 'phasen-modell.svg')).toBe('')
  })
})
