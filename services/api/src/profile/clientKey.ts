import { isIPv4, isIPv6 } from 'node:net'

/**
 * The key a client's name registrations are counted under: its IP address as the API determines it
 * (fastify's `req.ip`, the same address the rate limiter keys on), an IPv4-mapped IPv6 address as its
 * IPv4 one, and an IPv6 address by its /64 prefix (one subscriber usually holds a whole /64, so
 * counting single addresses would let one client use 2^64 budgets).
 */
export function clientKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1]
  if (mapped && isIPv4(mapped)) return mapped
  if (isIPv4(ip)) return ip
  const address = ip.split('%')[0] ?? ''
  if (!isIPv6(address)) return ip
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]))
  const [head = '', tail] = address.toLowerCase().split('::')
  const start = groups(head)
  const end = tail === undefined ? [] : groups(tail)
  const full =
    tail === undefined ? start : [...start, ...Array(8 - start.length - end.length).fill('0'), ...end]
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`
}
