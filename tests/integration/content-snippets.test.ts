/**
 * The code blocks of the wiki work when copied: each language that has a linter on this machine is checked with it
 * (nginx -t, systemd-analyze verify, yamllint, shellcheck, terraform fmt), environment files are checked for the
 * KEY=value form systemd reads, and k3s upgrade Plans for the image and version the controller needs. A failure names the page and the page line, e.g.
 * `Hosting/Restic.md:47: "export" in an environment file …`. A linter that is not installed is reported as a skipped
 * test with the reason (scripts/install-linters.sh installs them on Debian); it never fails the run.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from './helpers.js'
import {
  hasTool,
  isEnvFile,
  isFragment,
  knowsHttp2Directive,
  lintEnvFile,
  lintNginx,
  lintShell,
  lintTerraform,
  lintUnits,
  lintUpgradePlans,
  lintYaml,
  nginxContextOf,
  nginxVersion,
  snippetsOf,
  testCertificate,
  unitNameOf,
  wikiSnippets,
  type Snippet,
} from './snippets.js'

const all = wikiSnippets(join(repoRoot, 'content'))
const checked = all.filter((snippet) => !isFragment(snippet))
const ofLang = (...langs: string[]) => checked.filter((snippet) => langs.includes(snippet.lang))

/** At most this many snippets may be marked `fragment`: each one is a snippet nobody checks. */
const MAX_FRAGMENTS = 12

const nginx = nginxVersion()
const tools = {
  yamllint: hasTool('yamllint'),
  shellcheck: hasTool('shellcheck'),
  systemd: hasTool('systemd-analyze'),
  terraform: hasTool('terraform', ['version']),
  openssl: hasTool('openssl', ['version']),
}
const missing = (tool: string) => `${tool} is not installed (scripts/install-linters.sh installs it on Debian)`

const report = (findings: string[]) => findings.join('\n')

describe('the code blocks of the wiki', () => {
  let dir = ''
  beforeAll(() => {
    dir = tempDir('wikigen-snippets-')
  })

  it('finds the code blocks, with the page line of each', () => {
    expect(all.length).toBeGreaterThan(300)
    const restic = all.find((snippet) => snippet.page === 'Hosting/Restic.md' && snippet.code.includes('[Timer]'))
    expect(restic?.lang).toBe('ini')
    expect(restic?.code.split('\n')[0]).toBe('# /etc/systemd/system/restic-backup.timer')
  })

  it(`marks at most ${MAX_FRAGMENTS} snippets as fragments, each with a reason in the text around it`, () => {
    const fragments = all.filter(isFragment).map((snippet) => `${snippet.page}:${snippet.line} (${snippet.lang})`)
    expect(fragments.length, fragments.join('\n')).toBeLessThanOrEqual(MAX_FRAGMENTS)
  })

  it.skipIf(!tools.yamllint)(`YAML passes yamllint (relaxed)${tools.yamllint ? '' : ` — skipped: ${missing('yamllint')}`}`, () => {
    const snippets = ofLang('yaml', 'yml')
    expect(snippets.length).toBeGreaterThan(10)
    const findings = lintYaml(snippets, join(dir, 'yaml'))
    expect(findings, report(findings)).toEqual([])
  })

  it.skipIf(!tools.shellcheck)(
    `shell commands pass shellcheck (severity warning)${tools.shellcheck ? '' : ` — skipped: ${missing('shellcheck')}`}`,
    () => {
      const snippets = ofLang('bash', 'sh', 'shell')
      expect(snippets.length).toBeGreaterThan(100)
      const findings = lintShell(snippets, join(dir, 'sh'))
      expect(findings, report(findings)).toEqual([])
    },
  )

  it.skipIf(!tools.systemd)(
    `systemd units pass systemd-analyze verify${tools.systemd ? '' : ' — skipped: systemd-analyze is not installed (Debian package systemd)'}`,
    () => {
      const units = ofLang('ini', 'systemd').flatMap((snippet, index) => {
        const name = unitNameOf(snippet, index)
        return name ? [{ name, snippet }] : []
      })
      expect(units.length).toBeGreaterThanOrEqual(2)
      const findings = lintUnits(units, join(dir, 'systemd'))
      expect(findings, report(findings)).toEqual([])
    },
  )

  it('k3s upgrade plans name the upgrade image and a version or channel', () => {
    const snippets = ofLang('yaml', 'yml')
    expect(snippets.filter((snippet) => /^kind: Plan$/m.test(snippet.code)).length).toBeGreaterThanOrEqual(1)
    const findings = lintUpgradePlans(snippets)
    expect(findings, report(findings)).toEqual([])
  })

  it('environment files hold KEY=value lines only, as systemd reads them', () => {
    const files = ofLang('ini', 'sh', 'bash', 'env').filter(isEnvFile)
    expect(files.length).toBeGreaterThanOrEqual(1)
    const findings = files.flatMap(lintEnvFile)
    expect(findings, report(findings)).toEqual([])
  })

  it.skipIf(!nginx || !tools.openssl)(
    `nginx configuration passes nginx -t${nginx && !knowsHttp2Directive(nginx) ? ` (nginx ${nginx.join('.')} predates "http2 on;", which is checked as a comment)` : ''}${!nginx ? ' — skipped: nginx is not installed (Debian package nginx)' : !tools.openssl ? ' — skipped: openssl is needed for a test certificate' : ''}`,
    () => {
      const snippets = ofLang('nginx')
      expect(snippets.length).toBeGreaterThanOrEqual(5)
      const certificate = testCertificate(join(dir, 'tls'))
      expect(certificate).toBeDefined()
      const findings = lintNginx(snippets, join(dir, 'nginx'), certificate!, nginx!)
      expect(findings, report(findings)).toEqual([])
    },
  )

  it.skipIf(!tools.terraform)(
    `Terraform passes terraform fmt -check${tools.terraform ? '' : ' — skipped: terraform is not installed (not a Debian package)'}`,
    () => {
      const snippets = ofLang('hcl', 'terraform', 'tf')
      expect(snippets.length).toBeGreaterThanOrEqual(1)
      const findings = lintTerraform(snippets, join(dir, 'tf'))
      expect(findings, report(findings)).toEqual([])
    },
  )
})

/** The linters catch what they are there for: broken samples, reported at the right page line. */
describe('the snippet linters', () => {
  let dir = ''
  beforeAll(() => {
    dir = tempDir('wikigen-snippet-samples-')
  })
  const sample = (lang: string, code: string, flags = ''): Snippet =>
    snippetsOf('Beispiel.md', `# Titel\n\nText\n\n\`\`\`${lang}${flags ? ` ${flags}` : ''}\n${code}\`\`\`\n`)[0]

  it('reads the info string, the first code line and nested fences', () => {
    const page = 'a\n````markdown\n```bash\nls\n```\n````\n\n```yaml fragment\nx: 1\n```\n'
    const snippets = snippetsOf('P.md', page)
    expect(snippets.map((s) => [s.lang, s.flags, s.line])).toEqual([
      ['markdown', [], 3],
      ['yaml', ['fragment'], 9],
    ])
    expect(isFragment(snippets[1])).toBe(true)
  })

  it('reports an export line of an environment file at its page line', () => {
    const snippet = sample('ini', '# /etc/restic/muster.env\nRESTIC_PASSWORD_FILE=/etc/restic/p\nexport AWS_ACCESS_KEY_ID=x\n')
    expect(isEnvFile(snippet)).toBe(true)
    expect(lintEnvFile(snippet)).toEqual(['Beispiel.md:8: "export" in an environment file; systemd expects KEY=value without it'])
  })

  it('places nginx snippets into the context they need', () => {
    expect(nginxContextOf('location / {\n    return 204;\n}\n')).toBe('server')
    expect(nginxContextOf('map $uri $x {\n}\nserver {\n}\n')).toBe('http')
    expect(nginxContextOf('events {}\nhttp {\n}\n')).toBe('main')
  })

  it.skipIf(!nginx || !tools.openssl)('refuses listen … http2 and an unknown directive in nginx', () => {
    const snippet = sample(
      'nginx',
      'server {\n    listen 443 ssl http2;\n    ssl_certificate /x.pem;\n    ssl_certificate_key /x.key;\n    proxy_passs http://127.0.0.1:1;\n}\n',
    )
    const findings = lintNginx([snippet], join(dir, 'nginx'), testCertificate(join(dir, 'tls'))!, nginx!)
    // a newer nginx adds its own deprecation warning for line 7; both findings must be there either way
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Beispiel\.md:7: "listen … http2" is deprecated/),
        expect.stringMatching(/^Beispiel\.md:10: \[emerg\] unknown directive "proxy_passs"/),
      ]),
    )
  })

  it.skipIf(!tools.systemd)('reports an unknown key of a unit at its page line', () => {
    const snippet = sample('ini', '# /etc/systemd/system/x.service\n[Service]\nType=oneshot\nExecStart=/bin/true\nRestartt=no\n')
    expect(lintUnits([{ name: unitNameOf(snippet, 0)!, snippet }], join(dir, 'systemd'))).toEqual([
      "Beispiel.md:10: Unknown key 'Restartt' in section [Service], ignoring.",
    ])
  })

  it('reports an upgrade plan without image or version at the line of its kind', () => {
    const plan = 'apiVersion: upgrade.cattle.io/v1\nkind: Plan\nmetadata:\n  name: server-plan\nspec:\n  concurrency: 1\n'
    const snippet = sample(
      'yaml',
      `${plan}---\n${plan.replace('server-plan', 'agent-plan')}  upgrade:\n    image: rancher/k3s-upgrade\n  version: v1.35.8+k3s1\n`,
    )
    expect(lintUpgradePlans([snippet])).toEqual([
      'Beispiel.md:7: Plan server-plan has no upgrade.image (e.g. rancher/k3s-upgrade)',
      'Beispiel.md:7: Plan server-plan has neither version nor channel',
    ])
  })

  it.skipIf(!tools.yamllint)('reports a YAML syntax error at its page line', () => {
    const findings = lintYaml([sample('yaml', 'a: 1\nb: [1, 2\nc: 3\n')], join(dir, 'yaml'))
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatch(/^Beispiel\.md:(8|9): \[error\] syntax error/)
  })

  it.skipIf(!tools.shellcheck)('reports a shell fault at its page line', () => {
    const findings = lintShell([sample('bash', 'echo ok\nif [ -f x ]; then\n  echo y\n')], join(dir, 'sh'))
    expect(findings.length).toBeGreaterThanOrEqual(1)
    expect(findings[0]).toMatch(/^Beispiel\.md:\d+: error: /)
  })

  it.skipIf(!tools.terraform)('reports Terraform that terraform fmt would change', () => {
    const findings = lintTerraform([sample('hcl', 'resource "a" "b" {\nname="x"\n}\n')], join(dir, 'tf'))
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatch(/^Beispiel\.md:6: terraform fmt would change it/)
  })
})
