/**
 * Starts the real `wikigen dev` command on a content folder, as an author would, and waits for its URL.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

const repo = join(import.meta.dirname, '../..')

export async function startDev(root: string, cwd: string): Promise<{ dev: ChildProcess; url: string }> {
  const dev = spawn(process.execPath, [join(repo, 'bin/wikigen.js'), 'dev', '--root', root, '--port', '0'], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    dev.stdout!.on('data', (chunk) => {
      output += chunk
      const match = /dev server at (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1])
    })
    dev.on('exit', (code) => reject(new Error(`wikigen dev exited with ${code}: ${output}`)))
  })
  return { dev, url }
}
