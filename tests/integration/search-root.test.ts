/**
 * `wikigen search --root X` answers from X's pages as they are now: never from a `dist/` built from another folder,
 * and never from a build of X older than its last edit. The real CLI in a project with two content folders.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir, wikigen } from './helpers.js'

describe('wikigen search --root', () => {
  it('searches the folder it names, built into a folder of its own, and sees an edit made since', async () => {
    const work = tempDir('wikigen-search-root-')
    for (const [folder, title] of [
      ['handbuch', 'Kaffeemaschine entkalken'],
      ['technik', 'Firewall Regeln'],
    ]) {
      mkdirSync(join(work, folder))
      writeFileSync(join(work, folder, 'index.md'), '# Start\n')
      writeFileSync(join(work, folder, `${title}.md`), `# ${title}\n\nText.\n`)
    }
    // dist/ holds the other folder's site
    expect((await wikigen(['build', '--root', 'handbuch'], { cwd: work })).code).toBe(0)

    const found = await wikigen(['search', '--root', 'technik', 'firewall', '--json'], { cwd: work })
    expect(found.code, found.stderr).toBe(0)
    expect(JSON.parse(found.stdout)).toEqual([{ link: '/firewall-regeln.html', title: 'Firewall Regeln' }])
    expect(found.stderr).toMatch(/building technik into \.wikigen\/search\/technik-\w+ to search it/)
    expect((await wikigen(['search', '--root', 'technik', 'kaffeemaschine'], { cwd: work })).code).toBe(1)

    writeFileSync(join(work, 'technik', 'VPN Zugang.md'), '# VPN Zugang\n')
    const edited = await wikigen(['search', '--root', 'technik', 'vpn', '--json'], { cwd: work })
    expect(JSON.parse(edited.stdout)).toEqual([{ link: '/vpn-zugang.html', title: 'VPN Zugang' }])
    const fullText = await wikigen(['search', '--root', 'technik', '--full-text', 'firewall', '--json'], { cwd: work })
    expect(fullText.code, fullText.stderr).toBe(0)

    // --out still reads a site built before, as it is
    const built = await wikigen(['search', '--out', 'dist', 'kaffeemaschine', '--json'], { cwd: work })
    expect(JSON.parse(built.stdout)).toEqual([{ link: '/kaffeemaschine-entkalken.html', title: 'Kaffeemaschine entkalken' }])
  })
})
