// Runs a command and measures it as a whole: wall time and the peak of the summed RSS of its process tree,
// sampled every 100 ms (worker threads live inside the process; child processes are added up). On Linux the
// samples come from /proc, which costs the measured command next to nothing; elsewhere from `ps`, whose start-up
// every 100 ms takes a noticeable share of a 2-core machine during short builds.
import { execFileSync, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** Sum of RSS (KiB) of `root` and all its descendants. */
function treeRss(root) {
  try {
    return procTreeRss(root)
  } catch {
    return psTreeRss(root)
  }
}

/** treeRss from /proc: VmRSS of each process, children listed per thread. */
function procTreeRss(root) {
  let total = 0
  const pending = [root]
  while (pending.length > 0) {
    const pid = pending.pop()
    let status
    try {
      status = readFileSync(`/proc/${pid}/status`, 'utf8')
    } catch (error) {
      if (pid === root && error.code !== 'ENOENT') throw error
      continue // exited meanwhile
    }
    total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
      if (children) pending.push(...children.split(/\s+/).map(Number))
    }
  }
  return total
}

function psTreeRss(root) {
  let table
  try {
    table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' })
  } catch {
    return 0
  }
  const parent = new Map()
  const rss = new Map()
  for (const line of table.trim().split('\n')) {
    const [pid, ppid, kib] = line.trim().split(/\s+/).map(Number)
    parent.set(pid, ppid)
    rss.set(pid, kib)
  }
  let total = 0
  for (const [pid, kib] of rss) {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) {
      if (p === root) {
        total += kib
        break
      }
    }
  }
  return total
}

/**
 * Runs `command args` and resolves { wallMs, peakRssMb, code, stdout, stderr }.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string,string> }} [options]
 */
export function measure(command, args, options = {}) {
  return new Promise((resolve) => {
    const started = performance.now()
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c) => (stdout += c))
    child.stderr.on('data', (c) => (stderr += c))
    let peak = 0
    const timer = setInterval(() => {
      peak = Math.max(peak, treeRss(child.pid))
    }, 100)
    child.on('exit', (code) => {
      clearInterval(timer)
      resolve({ wallMs: performance.now() - started, peakRssMb: peak / 1024, code, stdout, stderr })
    })
  })
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
