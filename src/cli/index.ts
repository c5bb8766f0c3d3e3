/**
 * The `wikigen` command line: builds the commander program and hands each command to its module (run by main.ts).
 */
import { Command, InvalidArgumentError, Option } from 'commander'
import { NOT_STRICT } from '../compiler/diagnostics.js'
import { guidePath } from '../compiler/package-files.js'
import { CI_HOSTS } from './init-ci.js'
import { packageVersion, upgradeHint } from './version.js'

/** Collects `--allowed-host a,b --allowed-host c` into one list. */
function hostList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  ]
}

function port(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number (0–65535)')
  return n
}

/**
 * Checks `--lang`: a language tag as in `site.lang` and HTML's `lang` attribute.
 *
 *     de-CH, de, en, en-GB  → accepted
 *     deutsch, de_CH       → "expected a language tag such as de-CH or en"
 */
function parseLanguage(value: string): string {
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value)) throw new InvalidArgumentError('expected a language tag such as de-CH or en')
  return value
}

/**
 * Most worker threads a build starts: each holds a parser and a share of the pages, so thousands of them (a typo such
 * as `--workers 1000`) would exhaust memory long before they gained anything.
 */
const MAX_WORKERS = 64

function workerCount(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > MAX_WORKERS) throw new InvalidArgumentError(`expected a whole number from 0 to ${MAX_WORKERS}`)
  return n
}

export function createProgram(): Command {
  const program = new Command()
  program.name('wikigen').description('Builds a static wiki from a folder of (Obsidian-flavoured) markdown.').showHelpAfterError()
  // the version on stdout, as scripts read it; how to upgrade on stderr, for the person at the terminal
  program.option('-v, --version', 'print the version of wikigen').on('option:version', () => {
    process.stdout.write(`${packageVersion()}\n`)
    process.stderr.write(`${upgradeHint()}\n`)
    process.exit(0)
  })
  program.addHelpText(
    'after',
    () =>
      `\nGuides (markdown files of the package): ${guidePath('authoring.md')} (what authors write), ${guidePath('config.md')},\n${guidePath('deploy.md')}, ${guidePath('theming.md')}, ${guidePath('SECURITY.md')}, ${guidePath('install.md')} (getting and upgrading wikigen).`,
  )

  program
    .command('init')
    .description('make a folder of markdown (an Obsidian vault, or a new folder) a wikigen site')
    .argument('[folder]', 'the vault or new folder', 'content')
    .option(
      '--lang <lang>',
      "language of the site and of the config comments (German for de, English otherwise); default: the notes' language, else de-CH",
      parseLanguage,
    )
    .option('-o, --out <dir>', 'output folder of the build, to ignore in git', 'dist')
    .addOption(
      new Option('--ci <host>', 'also write a CI pipeline that checks links, builds with --strict and deploys to Pages').choices(CI_HOSTS),
    )
    .addHelpText(
      'after',
      '\nWrites <folder>/wikigen.config.ts (never over an existing one) and, in a folder without pages, index.md;\nadds node_modules/, .wikigen/ and the output folder to .gitignore, and the scripts dev, build and check\nto package.json. --ci github writes .github/workflows/wiki.yml (GitHub Pages), --ci gitlab writes\n.gitlab-ci.yml (GitLab Pages), in the working directory, never over an existing file; in a project that has\na config, --ci adds only the pipeline.\n\nExamples:\n  $ wikigen init\n  $ wikigen init Handbuch\n  $ wikigen init . --lang en\n  $ wikigen init --ci github',
    )
    .action(async (folder: string, opts) => {
      const { run } = await import('./init.js')
      process.exitCode = await run({ folder, lang: opts.lang, out: opts.out, ci: opts.ci })
    })

  program
    .command('build')
    .description('build the content folder into a static site')
    .option('-r, --root <dir>', 'content folder', 'content')
    .option('-o, --out <dir>', 'output folder (replaced only after a successful build)', 'dist')
    .option('-b, --base <path>', 'base path the site is served under')
    .option('--strict', 'fail on warnings too (dead links, missing images and embeds, bad front matter), with the exceptions below')
    .option('--no-cache', 'ignore and do not write the build cache')
    .option('-w, --workers <n>', 'worker threads, 0–64 (default: one per core for larger sites)', workerCount)
    .option('--timings', 'print how long each build phase took')
    .addHelpText(
      'after',
      () =>
        `\n--strict fails on every warning but these, which it prints:\n${[...NOT_STRICT].map(([code, why]) => `  [${code}]  ${why}`).join('\n')}\n` +
        '\nExamples:\n  $ wikigen build\n  $ wikigen build --root docs --out public --base /wiki/\n  $ wikigen build --strict        # fail CI on warnings about the content',
    )
    .action(async (opts) => {
      const { run } = await import('./build.js')
      process.exitCode = await run({
        root: opts.root,
        out: opts.out,
        base: opts.base,
        strict: opts.strict,
        cache: opts.cache,
        workers: opts.workers,
        timings: opts.timings,
      })
    })

  program
    .command('dev')
    .description('build, serve on localhost and rebuild on every change, live in the browser')
    .option('-r, --root <dir>', 'content folder', 'content')
    .option('-p, --port <port>', 'port', port, 5173)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--allowed-host <names>', 'also answer requests for these host names (comma-separated; e.g. a proxy name)', hostList)
    .option('--drafts', 'also show pages marked draft: true or publish: false (marked as drafts)')
    .option('-b, --base <path>', "base path to serve the site under (default: the config's site.base)")
    .addHelpText(
      'after',
      '\nExamples:\n  $ wikigen dev\n  $ wikigen dev --root docs --port 3000\n  $ wikigen dev --drafts\n  $ wikigen dev --base /wiki/',
    )
    .action(async (opts) => {
      const { run } = await import('./dev.js')
      process.exitCode = await run({
        root: opts.root,
        port: opts.port,
        host: opts.host,
        allowedHosts: opts.allowedHost,
        drafts: opts.drafts,
        base: opts.base,
      })
    })

  program
    .command('serve')
    .description('serve a built site on localhost, like a production static host')
    .option('-d, --dir <dir>', 'built site folder', 'dist')
    .option('-p, --port <port>', 'port', port, 8080)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--csp', 'send the Content-Security-Policy header the site is built to run under (the default)')
    .option('--no-csp', 'leave that header out')
    .option('--allowed-host <names>', 'also answer requests for these host names (comma-separated; e.g. a proxy name)', hostList)
    .option('-b, --base <path>', 'base path the site was built for (default: read from the built site)')
    .addHelpText(
      'after',
      `\nExamples:\n  $ wikigen serve\n  $ wikigen serve --base /wiki/     # a site built with --base /wiki/, at http://localhost:8080/wiki/\n  $ wikigen serve --dir public --port 3000\n  $ wikigen serve --no-csp       # without the policy of ${guidePath('SECURITY.md')} (sent by default)`,
    )
    .action(async (opts) => {
      const { run } = await import('./serve.js')
      process.exitCode = await run({
        dir: opts.dir,
        port: opts.port,
        host: opts.host,
        // the policy is on unless --no-csp said otherwise
        csp: opts.csp !== false,
        allowedHosts: opts.allowedHost,
        base: opts.base,
      })
    })

  program
    .command('check-links')
    .description('check every internal link, wikilink, anchor, image and embed')
    .option('-r, --root <dir>', 'content folder', 'content')
    .option('-b, --base <path>', 'base path the site is served under')
    .option('--external', 'also check http(s) links over the network')
    .option('--allow-private', 'with --external, also check links to private, link-local and local addresses')
    .option('--json', 'print the broken links as JSON (for CI tools)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ wikigen check-links\n  $ wikigen check-links --json > broken-links.json\n  $ wikigen check-links --external\n\nExit code 1 when any link is broken.',
    )
    .action(async (opts) => {
      const { run } = await import('./check-links.js')
      process.exitCode = await run({
        root: opts.root,
        base: opts.base,
        external: opts.external,
        allowPrivate: opts.allowPrivate,
        json: opts.json,
      })
    })

  program
    .command('search')
    .alias('search-test')
    .description('print the search suggestions a reader gets for a query')
    .argument('<query>', 'the text typed into the search box')
    .option('-r, --root <dir>', 'content folder, built into .wikigen/search/ first (quick with the build cache)', 'content')
    .option('-o, --out <dir>', 'search this built site instead (built there first when it has no index)')
    .option('--json', 'print the suggestions as JSON')
    .option('--full-text', 'search the text of the pages, as the search page does')
    .option('--section <name>', 'with --full-text: only pages of this section')
    .option('--kind <name>', 'with --full-text: only pages of this kind')
    .addHelpText(
      'after',
      '\nExamples:\n  $ wikigen search "odoo hosting"\n  $ wikigen search "on-prem" --json\n  $ wikigen search "od "            # a trailing space makes the last word whole\n  $ wikigen search --full-text "backup wiederherstellen"\n\nExit code 1 when there is no suggestion or hit.',
    )
    .action(async (query: string, opts) => {
      const { run } = await import('./search.js')
      process.exitCode = await run({
        query,
        root: opts.root,
        out: opts.out,
        json: opts.json,
        fullText: opts.fullText,
        section: opts.section,
        kind: opts.kind,
      })
    })

  program
    .command('new')
    .description('create a page from a template')
    .argument(
      '<template>',
      "a note of the vault's templates folder, else Anleitung, Prozess, Richtlinie, Vorlage (German sites) or Guide, Process, Policy, Template",
    )
    .argument('<title>', 'page title, which is also the file name')
    .option('-r, --root <dir>', 'content folder', 'content')
    .option('-d, --dir <folder>', 'folder inside the content folder')
    .addHelpText(
      'after',
      '\nExamples:\n  $ wikigen new Anleitung "Nextcloud Client einrichten" --dir Nextcloud\n  $ wikigen new Richtlinie "Richtlinie Bildschirmsperre" --dir Richtlinien',
    )
    .action(async (template: string, title: string, opts) => {
      const { run } = await import('./new.js')
      process.exitCode = await run({ template, title, root: opts.root, dir: opts.dir })
    })

  return program
}
