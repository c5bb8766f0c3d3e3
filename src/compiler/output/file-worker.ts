/**
 * Entry of the file thread (file-thread.ts): links, writes and removes what the main thread asks, one request at a time.
 * It loads nothing but `node:fs`, so it starts in a few milliseconds.
 */
import { parentPort } from 'node:worker_threads'
import { removeFolder, reuseFiles, unlinkAll, writeAll } from './file-ops.js'
import type { FileAnswer, FileRequest } from './file-thread.js'

parentPort!.on('message', (request: FileRequest) => {
  let answer: FileAnswer
  try {
    if ('reuse' in request) {
      answer = { id: request.id, failed: reuseFiles(request.reuse) }
    } else if ('write' in request) {
      writeAll(request.write)
      answer = { id: request.id }
    } else if ('unlink' in request) {
      unlinkAll(request.unlink)
      answer = { id: request.id }
    } else {
      removeFolder(request.remove)
      answer = { id: request.id }
    }
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) }
  }
  parentPort!.postMessage(answer)
})
