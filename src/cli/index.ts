/**
 * The `wikigen` command line: builds the commander program and hands each command to its module.
 */
import { Command, InvalidArgumentError } from 'commander'
import { run as runBuild } from './build.js'
import { run as runServe } from './serve.js'

function port(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number (0–65535)')
  return n
}

function count(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number')
  return n
}

export function createProgram(): Command {
  const program = new Command()
  program
    .name('wikigen')
    .description('Builds a static wiki from a folder of (Obsidian-flavoured) markdown.')
    .showHelpAfterError()

  program
    .command('build')
    .description('build the content folder into a static site')
    .option('-r, --root <dir>', 'content folder', 'content')
    .option('-o, --out <dir>', 'output folder (replaced only after a successful build)', 'dist')
    .option('-b, --base <path>', 'base path the site is served under')
    .option('--strict', 'treat warnings (dead links, bad front-matter values) as errors')
    .option('--no-cache', 'ignore and do not write the build cache')
    .option('-w, --workers <n>', 'worker threads (default: one per core for larger sites)', count)
    .addHelpText('after', '\nExamples:\n  $ wikigen build\n  $ wikigen build --root docs --out public --base /wiki/\n  $ wikigen build --strict        # fail CI on any warning')
    .action(async (opts) => {
      process.exitCode = await runBuild({ root: opts.root, out: opts.out, base: opts.base, strict: opts.strict, cache: opts.cache, workers: opts.workers })
    })

  program
    .command('serve')
    .description('serve a built site on localhost, like a production static host')
    .option('-d, --dir <dir>', 'built site folder', 'dist')
    .option('-p, --port <port>', 'port', port, 8080)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .addHelpText('after', '\nExamples:\n  $ wikigen serve\n  $ wikigen serve --dir public --port 3000')
    .action(async (opts) => {
      process.exitCode = await runServe({ dir: opts.dir, port: opts.port, host: opts.host })
    })

  return program
}

await createProgram().parseAsync(process.argv)
