/**
 * Which printed page an element lands on, read from the PDF Chromium writes. Chromium keeps a named destination
 * (page and position) for every element a link on the page points to; this gives the elements a test asks about an
 * id and a link each (in an invisible list), prints, and reads the destinations back. No PDF library needed: the
 * destinations and the page tree are plain text in Chromium's PDF.
 */
import type { Page } from 'playwright-core'

export interface PrintedPages {
  /** How many pages the PDF has. */
  pages: number
  /** The page (from 0) each marked element starts on, by its mark; missing when it was not printed. */
  at: Record<string, number>
  /** The top of each marked element on its page, in PDF points from the page's bottom (A4: 842 high). */
  top: Record<string, number>
  pdf: Buffer
}

/**
 * Marks the elements `marks` selects in the page (a function run in the page returning [mark, element] pairs),
 * prints to an A4 PDF at `path` (or none), and tells where each mark landed. The invisible list of links is taken
 * out of the page again afterwards.
 */
export async function printedPages(page: Page, marks: string, path?: string): Promise<PrintedPages> {
  await page.evaluate((source) => {
    const pick = new Function(`return (${source})()`) as () => [string, Element][]
    const list = document.createElement('nav')
    list.id = 'print-marks'
    list.setAttribute('aria-hidden', 'true')
    list.style.cssText = 'position:absolute;left:0;top:0;width:1px;height:1px;overflow:hidden'
    for (const [mark, element] of pick()) {
      element.id = `print-mark-${mark}`
      element.setAttribute('data-print-mark', mark)
      const link = document.createElement('a')
      link.href = `#${element.id}`
      link.textContent = '.'
      list.append(link)
    }
    document.body.append(list)
  }, marks)
  const pdf = await page.pdf({ format: 'A4', printBackground: true, ...(path ? { path } : {}) })
  const ids = await page.evaluate(() => {
    document.getElementById('print-marks')?.remove()
    return Object.fromEntries([...document.querySelectorAll('[data-print-mark]')].map((e) => [e.id, e.getAttribute('data-print-mark')!]))
  })
  const text = pdf.toString('latin1')
  // the page objects in reading order: the /Kids of the page tree (one level in Chromium's PDFs)
  const kids = /\/Type\s*\/Pages[^]*?\/Kids\s*\[([^\]]*)\]/.exec(text)?.[1] ?? ''
  const order = [...kids.matchAll(/(\d+)\s+0\s+R/g)].map((match) => match[1])
  const at: Record<string, number> = {}
  const top: Record<string, number> = {}
  for (const match of text.matchAll(/\/([^\s/[\]<>()]+)\s*\[(\d+)\s+0\s+R\s*\/XYZ\s+[\d.-]+\s+([\d.-]+)/g)) {
    const mark = ids[decodeName(match[1])]
    if (mark === undefined) continue
    at[mark] = order.indexOf(match[2])
    top[mark] = Number(match[3])
  }
  return { pages: order.length, at, top, pdf }
}

/** A PDF name's #xx escapes undone. */
function decodeName(name: string): string {
  return name.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}
