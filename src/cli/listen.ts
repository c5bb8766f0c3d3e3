/**
 * Listening on a port for `dev` and `serve`: a port that is taken, an address this machine does not have or a
 * privileged port is a mistake in how wikigen was called, reported as one line with a hint (a `UsageError`), so the
 * command exits with 1 instead of printing a stack or waiting forever.
 */
import type { Server } from 'node:http'
import { UsageError } from '../compiler/diagnostics.js'

/** Ports below this one need root (or CAP_NET_BIND_SERVICE) on Unix. */
const FIRST_UNPRIVILEGED_PORT = 1024

/** Starts `server` on `host:port`; resolves once it listens, rejects with a `UsageError` when it cannot. */
export function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(listenErrorOf(error, port, host))
    server.once('error', failed)
    server.listen(port, host, () => {
      server.off('error', failed)
      resolve()
    })
  })
}

/** The `UsageError` for an error of `listen`, with what to do about it; any other error is passed on as it is. */
export function listenErrorOf(error: NodeJS.ErrnoException, port: number, host: string): Error {
  const where = `${formatHost(host)}:${port}`
  switch (error.code) {
    case 'EADDRINUSE':
      return new UsageError(
        `Port ${port} on ${host} is in use`,
        `Choose another port with --port (e.g. --port ${port + 1}), or stop what runs there.`,
        'port-in-use',
      )
    case 'EACCES':
      return new UsageError(
        `Not allowed to listen on ${where}`,
        port < FIRST_UNPRIVILEGED_PORT
          ? `Ports below ${FIRST_UNPRIVILEGED_PORT} need root: choose a port from ${FIRST_UNPRIVILEGED_PORT} up with --port, and put a reverse proxy in front for port 80.`
          : 'Choose another port with --port.',
        'cannot-listen',
      )
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new UsageError(
        `Cannot listen on ${where}: ${host} is not an address of this machine`,
        'Use --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every interface).',
        'cannot-listen',
      )
    default:
      return error
  }
}

/**
 * The address to open in a browser for a server listening on `host`: every interface is reached as localhost, and
 * an IPv6 address goes in brackets.
 *
 *     0.0.0.0, ::  → http://localhost:8080/
 *     ::1          → http://[::1]:8080/
 */
export function urlOf(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : formatHost(host)
  return `http://${name}:${port}/`
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}
