/**
 * Which IP addresses an outbound fetch of a URL someone else wrote (a wallet listing's image) may
 * reach: public unicast only. Private, loopback, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, multicast, reserved and documentation ranges are refused, and so are IPv6
 * addresses outside global unicast or that embed an IPv4 address (mapped, 6to4, Teredo, NAT64), so
 * no spelling of an address reaches the API's own network. The check runs on the address the socket
 * connects to (`guardedLookup`), not on the name, so a name that resolves inside is refused too.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]
/** Inside 2000::/3 (global unicast): documentation, Teredo and 6to4. */
const NOT_PUBLIC_GLOBAL_V6: [string, number][] = [
  ['2001:db8::', 32],
  ['2001::', 32],
  ['2002::', 16],
]

const notPublicV4 = new BlockList()
for (const [net, prefix] of NOT_PUBLIC_V4) notPublicV4.addSubnet(net, prefix, 'ipv4')
const globalV6 = new BlockList()
globalV6.addSubnet('2000::', 3, 'ipv6')
const notPublicGlobalV6 = new BlockList()
for (const [net, prefix] of NOT_PUBLIC_GLOBAL_V6) notPublicGlobalV6.addSubnet(net, prefix, 'ipv6')
const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** An IP address (no brackets) outside every private, local and special range. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip)
  if (family === 4) return !notPublicV4.check(ip, 'ipv4')
  if (family === 6) return globalV6.check(ip, 'ipv6') && !notPublicGlobalV6.check(ip, 'ipv6')
  return false
}

export function isLoopbackAddress(ip: string): boolean {
  const family = isIP(ip)
  return family !== 0 && loopback.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

export class AddressRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} is a private or local address (${address})`)
  }
}

export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>

const resolveWithDns: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  )

/**
 * A `lookup` for net/tls connect (undici's `connect` option) that resolves every address of the
 * name and refuses the name when any one of them is not allowed.
 */
export function guardedLookup(allowed: (ip: string) => boolean, resolveAll = resolveWithDns): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname).then(
      (found) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family
        const addresses = found.filter((a) => !family || a.family === family)
        const refused = addresses.find((a) => !allowed(a.address))
        const first = addresses[0]
        if (refused) callback(new AddressRefusedError(hostname, refused.address), '', 0)
        else if (!first) callback(new Error(`${hostname} has no address`), '', 0)
        else if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
        else callback(null, first.address, first.family)
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    )
  }
}
