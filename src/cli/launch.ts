/**
 * What bin/wikigen.js runs: the bundled CLI (lib/cli.cjs, one CommonJS script) through V8's code cache.
 *
 * Node 20 keeps no compiled code between runs of ES modules (Node 22's module.enableCompileCache does). Without it,
 * every command compiles the CLI's megabytes before it starts, and then each function it calls. A vm.Script takes V8's
 * code cache of an earlier run instead: a warm build of 3 000 pages starts about 0.1 s sooner and compiles its
 * changed page with code that is ready (docs/PERFORMANCE.md).
 *
 * - One cache per command, since `build` compiles other functions than `--help`. It is written when a run ends that
 *   had none, or whose cache V8 refused (another Node, other V8 flags), so it holds what that run compiled.
 * - V8 checks a cache against the length of its script only. The file's name therefore carries the bundle's hash
 *   (lib/bundle-salt.txt): a cache is never taken for another bundle, and writing one removes those of other bundles.
 * - Where: lib/.code-cache when lib/ can be written, else the user's cache folder ($XDG_CACHE_HOME, or ~/.cache, then
 *   wikigen/code-cache). Where neither can be written, the CLI runs without a cache, only slower.
 */
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import Module, { createRequire } from 'node:module'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'

type Importer = (specifier: string) => Promise<unknown>

/** The folder that keeps the code caches of the bundle in `lib`. */
export function codeCacheFolder(
  lib: string,
  {
    env = process.env,
    home = homedir(),
    writable = canWrite,
  }: { env?: NodeJS.ProcessEnv; home?: string; writable?: (dir: string) => boolean } = {},
): string {
  if (writable(lib)) return join(lib, '.code-cache')
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'wikigen', 'code-cache')
}

/** The cache file's name for a run with these arguments (`process.argv`) of the bundle with hash `salt`. */
export function codeCacheName(argv: readonly string[], salt: string): string {
  const command = /^[a-z][a-z-]*$/.test(argv[2] ?? '') ? argv[2] : 'other'
  return `${command}-${salt}.bin`
}

/** A name codeCacheName makes, or a file being written under one: only these are ever removed. */
const CACHE_FILE = /^[a-z][a-z-]*-(\w+)\.bin(?:\.\d+\.tmp)?$/

/** Runs the CLI of the bundle in `lib` with `argv`, from its code cache where there is one. */
export async function launch(lib = dirname(fileURLToPath(import.meta.url)), argv = process.argv): Promise<void> {
  const file = join(lib, 'cli.cjs')
  const cache = cacheOf(lib, argv)
  const cachedData = cache && readCache(cache.file)
  const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData })
  if (cache && (cachedData === undefined || script.cachedDataRejected)) {
    // at the end, so that the cache holds the functions this command compiled too
    process.once('exit', () => writeCache(cache, () => script.createCachedData()))
  }
  const module = { exports: {} as { run(importModule: Importer): Promise<void> } }
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, lib)
  await module.exports.run((specifier) => import(specifier))
}

interface CacheFile {
  file: string
  /** The hash of the bundle the cache belongs to. */
  salt: string
}

/** The cache file of this run; none for a bundle without its hash (the CLI itself then reports it incomplete). */
function cacheOf(lib: string, argv: readonly string[]): CacheFile | undefined {
  let salt: string
  try {
    salt = readFileSync(join(lib, 'bundle-salt.txt'), 'utf8').trim()
  } catch {
    return undefined
  }
  return salt ? { file: join(codeCacheFolder(lib), codeCacheName(argv, salt)), salt } : undefined
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/** Writes the cache whole or not at all, and removes the caches of other bundles beside it. Never fails the run. */
function writeCache({ file, salt }: CacheFile, data: () => Buffer): void {
  const folder = dirname(file)
  try {
    mkdirSync(folder, { recursive: true })
    const temp = `${file}.${process.pid}.tmp`
    writeFileSync(temp, data())
    renameSync(temp, file)
    for (const name of readdirSync(folder)) {
      const match = CACHE_FILE.exec(name)
      if (match && match[1] !== salt) rmSync(join(folder, name), { force: true })
    }
  } catch {
    // a folder that cannot be written: no cache
  }
}

function canWrite(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK)
    return true
  } catch {
    return false
  }
}
