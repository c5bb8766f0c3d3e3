/**
 * One build at a time per build cache. Two builds of the same content root would otherwise each delete the cache
 * entries the other one is still reading ("missing from the build cache"). The lock is a file holding the process id
 * of its owner; a lock whose owner is gone is stale and taken over.
 *
 * A build that finds the cache locked does not wait: it runs with a private temporary cache instead, slower but
 * correct, so a `wikigen dev` that runs for hours never blocks a `wikigen build` of the same folder.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'

export interface CacheLock {
  release(): void
}

const LOCK_FILE = 'lock'

/** Takes the lock of the cache folder `dir`; undefined when a live process holds it. */
export function tryLockCache(dir: string): CacheLock | undefined {
  mkdirSync(dir, { recursive: true })
  return tryLock(join(dir, LOCK_FILE))
}

/**
 * Takes the lock whose file is `file` (created holding this process's id); undefined when a live process holds it.
 * Released by `release()`, or when this process exits.
 */
export function tryLock(file: string): CacheLock | undefined {
  mkdirSync(dirname(file), { recursive: true })
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let held = true
      const release = () => {
        if (!held) return
        held = false
        process.off('exit', release)
        rmSync(file, { force: true })
      }
      process.on('exit', release)
      return { release }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (isHeld(file)) return undefined
      rmSync(file, { force: true }) // stale: its build was killed
    }
  }
  return undefined
}

/** True while the process named in the lock file runs. */
function isHeld(file: string): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(file, 'utf8'))
    // an empty file is a lock being taken right now
    if (pid === 0) return Date.now() - statSync(file).mtimeMs < 10_000
  } catch {
    return false
  }
  if (!Number.isInteger(pid) || pid < 0) return false
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
