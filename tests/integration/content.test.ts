/**
 * The Talwerk wiki in content/: it builds without a diagnostic, has the routes and headings the product
 * spec names, and every page can be reached from the home page by following links.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../src/compiler/build.js'
import { loadConfig } from '../../src/cli/load-config.js'
import { repoRoot, tempDir } from './helpers.js'

const out = join(tempDir(), 'site')
let result: BuildResult

beforeAll(async () => {
  const root = join(repoRoot, 'content')
  result = await build({ root, out, config: (await loadConfig(root)).config, workers: 0 })
}, 120_000)

const html = (file: string) => readFileSync(join(out, file), 'utf8')
const headingsOf = (file: string) =>
  [...html(file).matchAll(/<h([1-6]) id="[^"]*"[^>]*><a [^>]*><span>(.*?)<\/span><\/a><\/h\1>/g)].map((m) => m[2].replace(/&#x26;/g, '&'))

describe('the Talwerk wiki', () => {
  it('builds without a single diagnostic', () => {
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([])
  })

  it('has at least 250 pages', () => {
    expect(result.stats.pages).toBeGreaterThanOrEqual(250)
  })

  it('has a home page titled as the wiki with the sections Navigation and Mitarbeit, hero, actions and features', () => {
    const home = html('index.html')
    expect(home).toContain('<title>Wiki Talwerk</title>')
    expect(home).toMatch(/<h1 id="main-title">Wiki Talwerk<\/h1>/)
    expect(headingsOf('index.html')).toEqual(expect.arrayContaining(['Navigation', 'Mitarbeit']))
    expect(home).toMatch(/class="action-button primary"/)
    expect(home).toMatch(/<div class="features">/)
  })

  it.each([
    // every page family of spec §2.2, by a route of each
    'odoo.html',
    'odoo-hosting.html',
    'odoo-hosting-on-premise.html',
    'odoo-hosting-off-premise.html',
    'odoo-oca-lizenzierung.html',
    'odoo-ökosystem.html',
    'odoo-dokumente-mit-nextcloud.html',
    'odoo-assets-für-module.html',
    'odoo-app-buchhaltung.html',
    'odoo-upgrade.html',
    'odoo.sh.html',
    'nextcloud.html',
    'nextcloud-handbuch.html',
    'collabora.html',
    'ansible-build.html',
    'ansible-inventory.html',
    'ansible-vault.html',
    'ansible-troubleshooting.html',
    'docker.html',
    'kubernetes.html',
    'k3s.html',
    'git.html',
    'github.html',
    'gitlab.html',
    'gitea.html',
    'jenkins.html',
    'keycloak.html',
    'grafana.html',
    'hetzner.html',
    'exoscale.html',
    'infomaniak.html',
    'backup.html',
    'dns.html',
    'dkim.html',
    'dmarc.html',
    'mail.html',
    'mailgun.html',
    'mailpit.html',
    'man-rsync.html',
    'matomo.html',
    'matrix.html',
    'meilisearch.html',
    'n8n.html',
    'restic.html',
    'security.html',
    'ssh.html',
    'terraform.html',
    'vscode.html',
    'vscodium.html',
    'thunderbird.html',
    'firefox.html',
    'wordpress.html',
    'wireguard.html',
    'zsh.html',
    'zed.html',
    'xpath.html',
    'webassembly.html',
    'wasmtime.html',
    'worldline.html',
    'managed-server.html',
    'vshn-application-marketplace.html',
    'vshn-central-control-plane.html',
    'uri-cloud.html',
    'dienstleistungen.html',
    'corporate-design.html',
    'icons.html',
    'abos-und-preise.html',
    'agb.html',
    'datenschutzerklärung.html',
    'verhaltenskodex.html',
    'requirements-engineering.html',
    'bpmn.html',
    'schätzungen.html',
    'evaluationen.html',
    'disaster-recovery-plan.html',
    'talwerk.html',
    'talwerk-cloud.html',
    'talwerk-cloud-spesenreglement-2020.html',
    'supportvertrag.html',
    'wartungsauftrag.html',
    'wartungsvertrag.html',
    'weiterbildung.html',
    'wissenstransfer.html',
    'workshops.html',
    'workshop-gap-analyse.html',
    'weekly-meeting.html',
    'zahlen-zum-unternehmen.html',
    'ziele.html',
    'zusatzanforderungen.html',
    'zero-trust-architektur.html',
    'wirkungsräume.html',
    'wissensdomäne.html',
    'wir-sind-odoo-silberpartner.html',
    'waagen.html',
    'workplace-hardware.html',
    'workplace-software.html',
    'website.html',
    'web-analytics.html',
    'webapplikation.html',
    'websites-mit-odoo-erstellen.html',
    'wordpress-hosting.html',
    'wordpress-handbook.html',
    'wiki-talwerk.html',
    'vuepress.html',
    'phase-projekt.html',
    'phase-zeiterfassung.html',
    'phasen.html',
    'phasen.base.html',
    'prozesse-akquise.html',
    'prozesse-beratung.html',
    'prozesse-dokumentenmanagement.html',
    'prozesse-finanzen.html',
    'prozesse-hardware.html',
    'prozesse-infrastruktur.html',
    'prozesse-marketing.html',
    'prozesse-migration.html',
    'prozesse-nextcloud.html',
    'prozesse-odoo.html',
    'prozesse-odoo-app-entwicklung.html',
    'prozesse-odoo.sh.html',
    'prozesse-personal.html',
    'prozesse-projektmanagement.html',
    'prozesse-sicherheit.html',
    'prozesse-softwareentwicklung.html',
    'prozesse-support.html',
    'prozesse-wiki.html',
    'projektarbeit.html',
    'projektmanagement.html',
    'rollen-projektmanagement.html',
    'richtlinien.html',
    'richtlinie-passwörter.html',
    'vorlage-offerte.html',
    'template-meeting-notes.html',
    'vorgehensmodell.html',
    'specification-odoo-module.html',
    'spezifikation.html',
    'spezifikation-kundenportal.html',
    'liste-accounts.html',
    'liste-anleitungen.html',
    'liste-begriffe.html',
    'liste-blog.html',
    'liste-dienstleistungen.html',
    'liste-hardware.html',
    'liste-produkte.html',
    'liste-kontakte.html',
    'liste-manpages.html',
    'liste-projekte.html',
    'liste-prozesse.html',
    'liste-richtlinien.html',
    'liste-tools.html',
    'liste-troubleshooting.html',
    'liste-vorlagen.html',
    'liste-übersicht.html',
    'glossary.html',
    'login-mit-talwerk-id.html',
    'login-mit-talwerk-cloud.html',
    'login-mit-gitlab.html',
    'fernwartung.html',
    'hosting.html',
    'wissensmanager_in.html',
    'rolle-geschäftsführer_in.html',
    'zellij.html',
    'zellj.html',
    '404.html',
  ])('has the route /%s', (file) => {
    expect(() => html(file)).not.toThrow()
  })

  it.each([
    ['waagen.html', ['Mettler Toledo', 'ICS425 Wägeterminal']],
    ['wartungsauftrag.html', ['Leistungen', 'Servicebeschreibungen', 'Intervalle', 'Koordination']],
    ['weiterbildung.html', ['Modelle', 'Wissenstransfer']],
    ['wirkungsräume.html', ['Operativer Raum']],
    ['website.html', ['Werbebanner', 'Infomaniak']],
    ['workplace-hardware.html', ['Lieferant', 'Laptop', 'Keyboard', 'Docking', 'Tastatur']],
    ['workshop-gap-analyse.html', ['Inhalt', 'Ziele', 'Vorgehen', 'Ergebnisse', 'Projektrisiken']],
    ['wordpress.html', ['Plugins', 'WP Mail SMTP']],
    ['zsh.html', ['Terminal Multiplexer', 'Dotfiles']],
    ['zed.html', ['Extensions']],
    ['xpath.html', ['Tools']],
    ['zahlen-zum-unternehmen.html', ['Infrastruktur', 'Odoo']],
    ['wissenstransfer-odoo-anpassungen.html', ['Entwicklungsumgebung', 'Views, Actions und Menüs', 'XML, XPath und Snippets']],
  ])('%s has the headings the spec names', (file, headings) => {
    expect(headingsOf(file)).toEqual(expect.arrayContaining(headings))
  })

  it('titles zellij.html "Zellij" and keeps the old misspelt address zellj.html as a redirect to it', () => {
    expect(html('zellij.html')).toContain('<title>Zellij | Wiki Talwerk</title>')
    expect(html('zellj.html')).not.toContain('<title>Zsh | Wiki Talwerk</title>')
    expect(html('zellj.html')).toContain('zellij.html')
  })

  it('documents the task flow Backlog → Bereit → In Arbeit → Feedback → Erledigt → Postlog with a diagram', () => {
    const page = html('aufgabenfluss.html')
    for (const state of ['Backlog', 'Bereit', 'In Arbeit', 'Feedback', 'Erledigt', 'Postlog']) expect(page).toContain(state)
    expect(page).toContain('data-diagram="mermaid"')
  })

  it('has a glossary with headings A to Z', () => {
    const letters = headingsOf('glossary.html').filter((h) => /^[A-Z]$/.test(h))
    expect(letters).toEqual([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'])
  })

  it('uses Swiss spelling: no ß anywhere', () => {
    const offenders = result.site.pages.filter((p) => html(p.href === '/' ? 'index.html' : decodeURI(p.href).slice(1)).includes('ß'))
    expect(offenders.map((p) => p.page.sourcePath)).toEqual([])
  })

  it('marks the pages written in English as English, so screen readers speak them so', () => {
    const english = /\b(the|and|with|for|you)\b/gi
    const german = /\b(und|der|die|das|mit)\b/gi
    const written = result.site.pages.filter(({ page }) => {
      const text = readFileSync(join(repoRoot, 'content', page.sourcePath), 'utf8')
      return (text.match(english)?.length ?? 0) > (text.match(german)?.length ?? 0) + 5
    })
    expect(written.length).toBeGreaterThan(5)
    const unmarked = written.filter(
      (p) => !html(p.href === '/' ? 'index.html' : decodeURI(p.href).slice(1)).match(/^<!DOCTYPE html>\s*<html lang="en"/),
    )
    expect(unmarked.map((p) => p.page.sourcePath)).toEqual([])
  })

  it('lets a reader reach every page from the home page by links alone', () => {
    const seen = new Set<string>(['/'])
    const queue = ['/']
    while (queue.length > 0) {
      const path = queue.shift()!
      const file = path === '/' ? 'index.html' : decodeURI(path).slice(1)
      for (const [, href] of html(file).matchAll(/href="(\/[^"#?]*)/g)) {
        const target = decodeURI(href)
        if (!target.endsWith('.html') && target !== '/') continue
        const encoded = encodeURI(target)
        if (!seen.has(encoded) && result.site.pages.some((p) => p.href === encoded)) {
          seen.add(encoded)
          queue.push(encoded)
        }
      }
    }
    const orphans = result.site.pages.filter((p) => !seen.has(p.href)).map((p) => p.page.sourcePath)
    expect(orphans).toEqual([])
  })
})
