/**
 * The code blocks of the wiki work when copied: each language that has a linter on this machine is checked with it
 * (nginx -t, systemd-analyze verify, yamllint, shellcheck, terraform fmt), environment files are checked for the
 * KEY=value form systemd reads, and k3s upgrade Plans for the image and version the controller needs. Rules for meaning
 * catch what a linter accepts but a reader's paste gets wrong (pg_restore -j on a pipe, terraform workspace with the
 * http backend, smtp_ssl off on 587, undeclared compose secrets, Odoo memory limits above the package's RAM, …). A failure names the page and the page line, e.g.
 * `Hosting/Restic.md:47: "export" in an environment file …`. A linter that is not installed is reported as a skipped
 * test with the reason (scripts/install-linters.sh installs them on Debian); it never fails the run.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from './helpers.js'
import {
  ansibleInventories,
  hasTool,
  isEnvFile,
  isFragment,
  knowsHttp2Directive,
  lintAnsiblePaths,
  lintAptSources,
  lintComposeSecrets,
  lintEnvFile,
  lintInventoryHosts,
  lintNginx,
  lintOdooMemory,
  lintOdooWorkers,
  lintOdooSmtp,
  lintPgRestoreParallel,
  lintResticTags,
  lintShell,
  lintSnapshotReuse,
  lintSshGroups,
  lintTerraform,
  lintTerraformPaths,
  lintTerraformWorkspace,
  lintUnits,
  lintUpgradePlans,
  lintYaml,
  nginxContextOf,
  nginxVersion,
  snippetsOf,
  sshAllowGroups,
  terraformBackends,
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

const contentRoot = join(repoRoot, 'content')
const pageText = (page: string) => readFileSync(join(contentRoot, page), 'utf8')
const pages = [...new Set(checked.map((snippet) => snippet.page))]
const ofPage = (page: string) => checked.filter((snippet) => snippet.page === page)
/** RAM of the smallest server package Odoo runs on (Managed Server M, see Odoo Hosting Off-Premise), in bytes. */
function packageRam(name: string): number {
  const row = new RegExp(`^\\|\\s*${name}\\s*\\|[^|]*?(\\d+)\\s*GB RAM`, 'm').exec(pageText('Hosting/Managed Server.md'))
  if (!row) throw new Error(`no package ${name} in Hosting/Managed Server.md`)
  return Number(row[1]) * 10 ** 9
}
/** Worker counts of the Odoo packages in Talwerk Cloud Preise (Odoo S, M, L); Off-Premise M and L use 4 and 8. */
function packageWorkers(): number[] {
  const counts = [...pageText('Hosting/Talwerk Cloud Preise.md').matchAll(/^\|\s*Odoo [SML]\s*\|[^|]*\|\s*(\d+) Worker/gm)]
  return counts.map((match) => Number(match[1]))
}
const inventories = ansibleInventories(pageText('Werkzeuge/Ansible.md') + pageText('Werkzeuge/Ansible Inventory.md'))

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

  describe('mean what the page says', () => {
    it('pg_restore -j reads a file, never standard input', () => {
      const findings = checked.flatMap(lintPgRestoreParallel)
      expect(findings, report(findings)).toEqual([])
    })
    it('a restore takes files from a files snapshot, not from the snapshot of a database dump', () => {
      const findings = pages.flatMap((page) => lintSnapshotReuse(ofPage(page)))
      expect(findings, report(findings)).toEqual([])
    })
    it('Odoo sends mail on port 587 with STARTTLS (smtp_ssl = True)', () => {
      const findings = checked.flatMap(lintOdooSmtp)
      expect(findings, report(findings)).toEqual([])
    })
    it('restic filters by the tags the backup jobs set (service and part)', () => {
      const findings = checked.flatMap(lintResticTags)
      expect(findings, report(findings)).toEqual([])
    })
    it('odoo.conf sets the worker count of a package', () => {
      expect(packageWorkers()).toEqual([2, 4, 8])
      const findings = checked.flatMap((snippet) => lintOdooWorkers(snippet, packageWorkers()))
      expect(findings, report(findings)).toEqual([])
    })
    it('Odoo memory limits, per process, fit the RAM of Managed Server M', () => {
      const ram = packageRam('M')
      expect(ram).toBe(8 * 10 ** 9)
      const findings = checked.flatMap((snippet) => lintOdooMemory(snippet, ram))
      expect(findings, report(findings)).toEqual([])
    })
    it('no terraform workspace with the http backend; terraform runs in envs/ or kunden/', () => {
      const backends = terraformBackends(ofLang('hcl', 'terraform', 'tf'))
      expect(backends).toContain('http')
      const findings = [...lintTerraformWorkspace(checked, backends), ...checked.flatMap(lintTerraformPaths)]
      expect(findings, report(findings)).toEqual([])
    })
    it('ansible-playbook names an inventory and a playbook of infra/ansible', () => {
      expect(inventories).toEqual(expect.arrayContaining(['inventories/production', 'inventories/staging', 'inventories/dr-gva']))
      const findings = checked.flatMap((snippet) => lintAnsiblePaths(snippet, inventories))
      expect(findings, report(findings)).toEqual([])
    })
    it('hosts.yml lists hosts only, their variables are in host_vars', () => {
      const findings = checked.flatMap(lintInventoryHosts)
      expect(findings, report(findings)).toEqual([])
    })
    it('compose services that read /run/secrets/… declare the secret', () => {
      const findings = checked.flatMap(lintComposeSecrets)
      expect(findings, report(findings)).toEqual([])
    })
    it('apt installs vendor packages only on pages that add the vendor source', () => {
      const findings = pages.flatMap((page) => lintAptSources(ofPage(page), pageText(page)))
      expect(findings, report(findings)).toEqual([])
    })
    it('SSH groups named on pages are the groups sshd allows', () => {
      const allowed = sshAllowGroups(checked)
      expect(allowed).toEqual(['ssh-admin', 'ssh-kunde'])
      expect(pages).toContain('Hosting/Managed Server.md')
      const findings = pages.flatMap((page) => lintSshGroups(page, pageText(page), allowed))
      expect(findings, report(findings)).toEqual([])
    })
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

  describe('the meaning rules fire on the old wrong runbook text', () => {
    const page = (...blocks: [string, string][]) =>
      snippetsOf('Beispiel.md', blocks.map(([lang, code]) => `Text\n\n\`\`\`${lang}\n${code}\`\`\`\n`).join('\n'))

    it('pg_restore -j from a pipe (Disaster Recovery Plan Odoo, step 3)', () => {
      const old =
        'createdb -O odoo_muster odoo_muster_restore\nrestic dump --tag db "$SNAPSHOT" /odoo_muster.dump \\\n  | pg_restore -d odoo_muster_restore --no-owner --role=odoo_muster -j 4\n'
      expect(lintPgRestoreParallel(sample('bash', old))).toEqual([
        'Beispiel.md:7: pg_restore -j reads standard input here; parallel restore needs the dump as a file',
      ])
      expect(lintPgRestoreParallel(sample('bash', 'pg_restore -j 4 -d x < x.dump\n'))).toHaveLength(1)
      expect(lintPgRestoreParallel(sample('bash', 'restic dump s /x.dump | pg_restore -d x\npg_restore -j 4 -d x /tmp/x.dump\n'))).toEqual(
        [],
      )
    })

    it('one snapshot id for the dump and the filestore (steps 2–4)', () => {
      const snippets = page(
        ['bash', 'SNAPSHOT=4f2a9c1d\n'],
        ['bash', 'restic dump --tag db "$SNAPSHOT" /odoo_muster.dump | pg_restore -d x\n'],
        ['bash', 'restic restore "$SNAPSHOT" --target /tmp/restore --include /var/lib/odoo/filestore/odoo_muster\n'],
      )
      expect(lintSnapshotReuse(snippets)).toEqual([
        expect.stringMatching(/^Beispiel\.md:\d+: \$SNAPSHOT is also the snapshot of a database dump/),
      ])
    })

    it('smtp_ssl = False on port 587 (Mailgun)', () => {
      const old = '[options]\nsmtp_server = smtp.eu.mailgun.org\nsmtp_port = 587\nsmtp_ssl = False\n'
      expect(lintOdooSmtp(sample('ini', old))).toEqual([
        "Beispiel.md:9: smtp_port = 587 without smtp_ssl = True sends in clear text (Odoo's smtp_ssl is STARTTLS)",
      ])
      expect(lintOdooSmtp(sample('ini', old.replace('False', 'True')))).toEqual([])
      expect(lintOdooSmtp(sample('ini', '[options]\nsmtp_port = 1025\nsmtp_ssl = False\n'))).toEqual([])
    })

    it('memory limits of 2.5 GiB per worker on an 8 GB server (Odoo Hosting)', () => {
      const old = '[options]\nworkers = 5\nmax_cron_threads = 1\nlimit_memory_soft = 2147483648\nlimit_memory_hard = 2684354560\n'
      expect(lintOdooMemory(sample('ini', old), 8 * 10 ** 9)).toEqual([
        expect.stringMatching(/^Beispiel\.md:10: 7 processes × limit_memory_hard = 17\.5 GiB/),
      ])
      expect(lintOdooMemory(sample('ini', old.replace('2684354560', '805306368')), 8 * 10 ** 9)).toEqual([])
    })

    it('terraform workspace and paths outside infra/terraform (Disaster Recovery Plan)', () => {
      const old = 'cd infra/plattform\nterraform workspace select dr-genf\nterraform apply -var="zone=ch-gva-2"\n'
      const snippet = sample('bash', old)
      expect(lintTerraformWorkspace([snippet], ['http'])).toEqual([
        'Beispiel.md:7: terraform workspace does not exist with the http backend; use a separate state address',
      ])
      expect(lintTerraformWorkspace([snippet], ['s3'])).toEqual([])
      expect(lintTerraformPaths(snippet)).toEqual([
        'Beispiel.md:6: "cd infra/plattform" is not a directory of infra/terraform (envs/<umgebung> or kunden/<kunde>)',
      ])
      expect(lintTerraformPaths(sample('bash', 'cd infra/kunden/muster\nterraform plan\n'))).toHaveLength(1)
      expect(lintTerraformPaths(sample('bash', 'cd envs/prod-zrh\nterraform plan\n'))).toEqual([])
    })

    it('ansible-playbook with an inventory and playbooks the repository does not have (Disaster Recovery Plan)', () => {
      const old = 'ansible-playbook -i inventory/dr-genf.yml plattform.yml\n'
      expect(lintAnsiblePaths(sample('bash', old), ['inventories/production', 'inventories/dr-gva'])).toEqual([
        'Beispiel.md:6: inventory inventory/dr-genf.yml is not one of inventories/production, inventories/dr-gva',
        'Beispiel.md:6: playbook plattform.yml is not under playbooks/',
      ])
      expect(
        lintAnsiblePaths(sample('bash', 'ansible-playbook -i inventories/dr-gva playbooks/site.yml\n'), ['inventories/dr-gva']),
      ).toEqual([])
    })

    it('host variables in hosts.yml (Ansible Inventory)', () => {
      const old =
        '# inventories/production/hosts.yml\nall:\n  children:\n    onprem:\n      hosts:\n        odoo-muster-01.onprem.talwerk.example:\n          ansible_host: 10.20.0.5\n'
      expect(lintInventoryHosts(sample('yaml', old))).toEqual([
        'Beispiel.md:11: host odoo-muster-01.onprem.talwerk.example has variables in hosts.yml; they belong in host_vars/odoo-muster-01.onprem.talwerk.example/',
      ])
      expect(lintInventoryHosts(sample('yaml', old.replace('          ansible_host: 10.20.0.5\n', '')))).toEqual([])
    })

    it('POSTGRES_PASSWORD_FILE without secrets (Odoo Hosting Off-Premise)', () => {
      const old = 'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n'
      expect(lintComposeSecrets(sample('yaml', old))).toEqual([
        'Beispiel.md:10: service db reads /run/secrets/db_password but the secret is not listed under the service',
      ])
      const fixed = `${old}    secrets:\n      - db_password\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt\n`
      expect(lintComposeSecrets(sample('yaml', fixed))).toEqual([])
    })

    it('docker-compose-plugin from Debian (Odoo Entwicklungsumgebung)', () => {
      const old = sample('bash', 'sudo apt-get install docker.io docker-compose-plugin git\n')
      expect(lintAptSources([old], 'Docker Engine mit Compose-Plugin')).toEqual([
        'Beispiel.md:6: docker-compose-plugin is not in Debian; the page must add download.docker.com as a source first',
      ])
      expect(lintAptSources([old], 'https://download.docker.com/linux/debian')).toEqual([])
    })

    it('key=value and unknown restic tags (Wiederherstellung Managed Server, Man Restic, Odoo Hosting)', () => {
      expect(lintResticTags(sample('bash', 'restic snapshots --host srv-muster-01 --tag service=system\n'))).toEqual([
        expect.stringMatching(/^Beispiel\.md:6: restic tag service=system is not a tag of the backup service/),
      ])
      expect(lintResticTags(sample('bash', 'restic backup /var/lib/odoo/filestore/muster --tag odoo,filestore\n'))).toHaveLength(1)
      expect(lintResticTags(sample('bash', 'restic restore latest --tag filestore --target /tmp/restore\n'))).toHaveLength(1)
      expect(
        lintResticTags(sample('bash', 'restic snapshots --host srv-muster-01 --tag system\nrestic snapshots --tag odoo,db\n')),
      ).toEqual([])
    })

    it('workers = 5 in a production odoo.conf (Odoo Hosting)', () => {
      const old = '[options]\nproxy_mode = True\nworkers = 5\nmax_cron_threads = 1\n'
      expect(lintOdooWorkers(sample('ini', old), [2, 4, 8])).toEqual([
        'Beispiel.md:8: workers = 5 is not the worker count of a package (2, 4, 8)',
      ])
      expect(lintOdooWorkers(sample('ini', old.replace('workers = 5', 'workers = 4')), [2, 4, 8])).toEqual([])
      expect(lintOdooWorkers(sample('ini', '[options]\nworkers = 0\n'), [2, 4, 8])).toEqual([])
    })

    it('an SSH group sshd does not allow (Managed Server)', () => {
      const old = 'Die Kundschaft erhält auf Wunsch einen eigenen SSH-Zugang mit eingeschränkten Rechten (Gruppe `kunde`, kein sudo).'
      expect(lintSshGroups('Beispiel.md', old, ['ssh-admin', 'ssh-kunde'])).toEqual([
        'Beispiel.md:1: group kunde is not in AllowGroups (ssh-admin ssh-kunde)',
      ])
      expect(lintSshGroups('Beispiel.md', old.replace('`kunde`', '`ssh-kunde`'), ['ssh-admin', 'ssh-kunde'])).toEqual([])
    })
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
