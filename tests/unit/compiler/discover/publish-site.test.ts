import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readPublishSite } from '../../../../src/compiler/discover/publish-site.js'
import { resolveConfig } from '../../../../src/compiler/config/config.js'

function vault(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'wikigen-publish-site-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  return root
}

describe('readPublishSite', () => {
  it('reads the navigation: shown, its order and hidden items, paths trimmed', () => {
    const root = vault({
      'site-options.json': JSON.stringify({
        showNavigation: true,
        navigationOrdering: ['Anleitungen', '/Anleitungen/Start.md', 7, ''],
        navigationHiddenItems: ['Archiv/'],
      }),
    })
    const { options, diagnostics } = readPublishSite(root)
    expect(diagnostics).toEqual([])
    expect(options).toEqual({
      sidebar: 'folders',
      folderSidebar: { order: ['Anleitungen', 'Anleitungen/Start.md'], hidden: ['Archiv'] },
      published: true,
    })
  })

  it('knows a published vault by site-options.json, publish.css or .obsidian/publish.json', () => {
    expect(readPublishSite(vault({ 'Notiz.md': '# Notiz\n' })).options).toEqual({})
    expect(readPublishSite(vault({ 'publish.css': '' })).options).toEqual({ published: true })
    expect(readPublishSite(vault({ '.obsidian/publish.json': '{}' })).options).toEqual({ published: true })
    // showNavigation false or absent leaves the sidebar to the config and its default
    expect(readPublishSite(vault({ 'site-options.json': '{"showNavigation": false}' })).options).toEqual({ published: true })
  })
})

describe('the vault’s Publish settings in the config', () => {
  it('give the folder sidebar and the Publish URLs only where the config says nothing', () => {
    const vaultOptions = { sidebar: 'folders' as const, folderSidebar: { order: ['B.md'] }, published: true }
    const plain = resolveConfig({}, { vault: vaultOptions })
    expect([plain.theme.sidebar, plain.theme.folderSidebar, plain.redirectPublishUrls]).toEqual(['folders', { order: ['B.md'] }, true])
    const own = resolveConfig(
      { theme: { sidebar: 'heading', folderSidebar: { hidden: ['A.md'] } }, redirectPublishUrls: false },
      { vault: vaultOptions },
    )
    expect([own.theme.sidebar, own.theme.folderSidebar, own.redirectPublishUrls]).toEqual(['heading', { hidden: ['A.md'] }, false])
    const none = resolveConfig({}, {})
    expect([none.theme.sidebar, none.redirectPublishUrls, 'published' in none.theme]).toEqual(['heading', false, false])
  })
})
