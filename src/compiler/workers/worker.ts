/**
 * Entry of a build worker thread: runs the tasks the pool sends, one at a time, and answers each.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { createTaskRunner, type Task } from './tasks.js'

const runner = createTaskRunner((workerData as { cacheDir: string }).cacheDir)

parentPort!.on('message', async ({ id, task }: { id: number; task: Task }) => {
  try {
    parentPort!.postMessage({ id, result: await runner.run(task) })
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) })
  }
})
