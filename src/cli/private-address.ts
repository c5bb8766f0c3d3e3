/**
 * Which hosts `check-links --external` may ask. A page's links are written by every employee, and the check runs in
 * CI, inside the company's network: a link to `http://10.0.0.5/admin` or `http://169.254.169.254/` (a cloud's
 * metadata service) would make CI send requests an author chose to machines no reader can reach. Loopback,
 * link-local, private and other special addresses are therefore not probed unless asked (`--allow-private`).
 */
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/** The address ranges that are not the public internet (RFC 6890 and its successors), in Node's own matcher. */
const SPECIAL = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  SPECIAL.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  SPECIAL.addSubnet(network, prefix, 'ipv6')
}

/** True for an IP address outside the public internet: loopback, private, link-local, multicast, reserved. */
export function isSpecialAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  // an IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return SPECIAL.check(mapped[1], 'ipv4')
  return SPECIAL.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * Why `url` may not be asked (a special address, or a name that resolves to one), or undefined when it may. A name
 * that does not resolve is left to the request, which reports it as it reports any unreachable host.
 */
export async function privateTargetOf(url: string): Promise<string | undefined> {
  let host: string
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  } catch {
    return undefined
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is this machine`
  if (isIP(host)) return isSpecialAddress(host) ? `${host} is not a public address` : undefined
  try {
    const addresses = await lookup(host, { all: true })
    const special = addresses.find((entry) => isSpecialAddress(entry.address))
    return special ? `${host} resolves to ${special.address}, not a public address` : undefined
  } catch {
    return undefined
  }
}
