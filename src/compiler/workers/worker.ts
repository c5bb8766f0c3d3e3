/**
 * Entry of a build worker thread: runs the tasks the pool sends, one at a time, and answers each.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { loadConfigModule } from '../config/config-module.js'
import { markdownPluginsOf } from '../parse/markdown/plugins.js'
import { createTaskRunner, type Task } from './tasks.js'

const data = workerData as { cacheDir: string; configModule?: string }
// the config's markdown hooks are functions, which no message carries: the worker runs the config module itself, and
// only when the config has hooks (the pool passes the module then)
const plugins = data.configModule ? markdownPluginsOf((await loadConfigModule(data.configModule))?.markdown) : undefined
const runner = createTaskRunner(data.cacheDir, plugins)

parentPort!.on('message', async ({ id, task }: { id: number; task: Task }) => {
  try {
    parentPort!.postMessage({ id, result: await runner.run(task) })
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) })
  }
})
