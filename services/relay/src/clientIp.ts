/**
 * Which address a relay socket counts against its per-IP quotas. Directly connected: the socket's
 * peer. Behind reverse proxies (`trustProxy`, e.g. nginx on loopback): the X-Forwarded-For entry
 * appended by the nearest untrusted hop, read from the right as proxy-addr does (the API and the auth
 * frame use the same rule), so a client cannot pick its own address by sending the header itself.
 */
import type { IncomingMessage } from 'node:http'
import { BlockList, isIP } from 'node:net'

/** proxy-addr's named ranges, as the API's PORTICO_API_TRUST_PROXY takes them. */
const RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
}

const unmapped = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')

/**
 * A test for "is this a trusted proxy" from addresses, CIDRs (`10.0.0.0/8`) and the names `loopback`,
 * `linklocal`, `uniquelocal`. Throws on anything else.
 */
export function proxyMatcher(entries: string[]): (ip: string) => boolean {
  const list = new BlockList()
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase()
    const named = RANGES[entry]
    if (named) {
      for (const [net, prefix, type] of named) list.addSubnet(net, prefix, type)
      continue
    }
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address)
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix)
    if (!family || !Number.isInteger(bits) || bits < 0 || bits > (family === 6 ? 128 : 32))
      throw new Error(`trustProxy: not an address, CIDR or range name: ${raw}`)
    list.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4')
  }
  return (ip) => {
    const address = unmapped(ip)
    const family = isIP(address)
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')
  }
}

/** The client address of an upgrade request: the peer, or behind trusted proxies the one they saw. */
export function clientIp(req: IncomingMessage, trusted?: (ip: string) => boolean): string {
  let ip = unmapped(req.socket.remoteAddress ?? '?')
  if (!trusted) return ip
  const header = req.headers['x-forwarded-for']
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
  // Walk from the nearest hop while the address that handed us the request is a trusted proxy.
  while (trusted(ip) && hops.length > 0) {
    const next = unmapped(hops.pop() ?? '')
    if (isIP(next) === 0) break
    ip = next
  }
  return ip
}
