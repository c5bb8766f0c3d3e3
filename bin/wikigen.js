#!/usr/bin/env node
// Runs the bundled CLI (lib/cli.cjs, made by scripts/bundle.mjs) through V8's code cache.
//
// Compiling the 2 MB script, and then every function a command calls, costs each start tens of milliseconds; V8 can
// keep that work in a cache (what Node 22's module.enableCompileCache does; Node 20 has no such switch). Every
// command keeps a cache of its own, since `build` compiles other functions than `--help`. A cache is written after a
// run that had none or whose cache V8 rejected (another bundle, Node version or V8 flags); where lib/ cannot be
// written, wikigen runs without one.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import Module, { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'

// React's production build unless the caller chose otherwise; set before anything loads React.
process.env.NODE_ENV ??= 'production'

const file = fileURLToPath(new URL('../lib/cli.cjs', import.meta.url))
const command = /^[a-z][a-z-]*$/.test(process.argv[2] ?? '') ? process.argv[2] : 'other'
const cacheFile = join(dirname(file), '.code-cache', `${command}.bin`)

let cachedData
try {
  cachedData = readFileSync(cacheFile)
} catch {
  // none yet
}
const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData })
if (cachedData === undefined || script.cachedDataRejected) {
  // at exit, so the cache holds the functions this command compiled too
  process.once('exit', () => {
    try {
      mkdirSync(dirname(cacheFile), { recursive: true })
      const temp = `${cacheFile}.${process.pid}.tmp`
      writeFileSync(temp, script.createCachedData())
      renameSync(temp, cacheFile)
    } catch {
      // a read-only installation: no cache
    }
  })
}
const module = { exports: {} }
script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dirname(file))
// the CLI cannot import() from code run out of the cache: it uses this module's
await module.exports.run((specifier) => import(specifier))
