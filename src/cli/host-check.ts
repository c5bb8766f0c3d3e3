/**
 * DNS-rebinding protection for the local servers (`serve`, `dev`): a web page on another site can make the browser
 * send requests to a server on this machine under a domain name of the attacker's that resolves to 127.0.0.1. Those
 * requests carry the attacker's name in their Host header, so a server answers only to the names it listens under.
 */
import { networkInterfaces, hostname } from 'node:os'
import { isIP } from 'node:net'

/** Decides whether a request's Host header names this server. */
export type HostCheck = (host: string | undefined) => boolean

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '0:0:0:0:0:0:0:1'])

/**
 * The Host check for a server listening on `listenHost`:
 *
 * - loopback (127.0.0.1, localhost, ::1): `localhost`, `*.localhost` and loopback addresses;
 * - every interface (0.0.0.0, ::): also the machine's own name and every IP address (a rebinding attack needs a name);
 * - a named interface: also that name;
 * - always the names in `allowed` (a reverse proxy's public name).
 *
 * A request without a Host header (HTTP/1.0) is accepted on loopback only.
 */
export function createHostCheck(listenHost: string, allowed: readonly string[] = []): HostCheck {
  const listen = listenHost.replace(/^\[|\]$/g, '').toLowerCase()
  const loopback = isLoopback(listen)
  const everywhere = listen === '0.0.0.0' || listen === '::' || listen === ''
  const names = new Set([...allowed.map((name) => name.toLowerCase()), listen])
  if (everywhere) {
    names.add(hostname().toLowerCase())
    for (const addresses of Object.values(networkInterfaces()))
      for (const address of addresses ?? []) names.add(address.address.toLowerCase())
  }
  return (header) => {
    if (header === undefined || header === '') return loopback
    const name = hostNameOf(header)
    if (name === undefined) return false
    if (isLoopback(name) || name.endsWith('.localhost')) return true
    if (everywhere && isIP(name) !== 0) return true
    return names.has(name)
  }
}

/** The name part of a Host header, lower-case, without port and IPv6 brackets; undefined when malformed. */
export function hostNameOf(header: string): string | undefined {
  const value = header.trim().toLowerCase()
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d+)?$/.exec(value)
  if (bracketed) return bracketed[1]
  const plain = /^([a-z0-9.-]+|[0-9a-f:]+)(?::(\d+))?$/.exec(value)
  if (!plain) return undefined
  return plain[1]
}

function isLoopback(name: string): boolean {
  return LOOPBACK_NAMES.has(name) || /^127\.\d+\.\d+\.\d+$/.test(name)
}

/** The answer to a request whose Host is not allowed: what happened and how to allow it. */
export function blockedHostMessage(host: string | undefined): string {
  return `Blocked request: host ${JSON.stringify(host ?? '')} is not allowed. To allow it, start wikigen with --allowed-host ${hostNameOf(host ?? '') ?? '<name>'}\n`
}
