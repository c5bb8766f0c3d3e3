/**
 * Entry of a build worker thread: runs the tasks the pool sends, one at a time, and answers each.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parentPort, workerData } from 'node:worker_threads'
import { loadConfigModule } from '../config/config-module.js'
import { markdownPluginsOf } from '../parse/markdown/plugins.js'
import { createTaskRunner, type Task } from './tasks.js'

const data = workerData as { cacheDir: string; configModule?: string }
// the config's markdown hooks are functions, which no message carries: the worker runs the config module itself, and
// only when the config has hooks (the pool passes the module then)
const plugins = data.configModule ? markdownPluginsOf((await loadConfigModule(data.configModule))?.markdown) : undefined
const runner = createTaskRunner(data.cacheDir, plugins)

/**
 * A full garbage collection, asked for by the pool when a phase is over (pool.ts `release`). An idle thread allocates
 * nothing, so V8 would keep what compiling left behind until the next task. Twice: after one collection the freed
 * pages go back to the system later, in the background; after a second at once (a test worker's resident memory:
 * 282 → 242 MB after one, 272 → 101 MB after two).
 */
const collectGarbage = (): (() => void) => {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}
let gc: (() => void) | undefined

parentPort!.on('message', async ({ id, task, release }: { id: number; task: Task; release?: true }) => {
  if (release) {
    gc ??= collectGarbage()
    gc()
    gc()
    return
  }
  try {
    parentPort!.postMessage({ id, result: await runner.run(task) })
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) })
  }
})
