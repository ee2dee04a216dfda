// Preloaded (node --import) into Pimlico's alto 0.0.20, which has no host option and binds its HTTP
// server to 0.0.0.0 (rpc/server.js: fastify.listen({ port, host: "0.0.0.0" })). Every listen on a
// wildcard address (or on none) is moved to PORTICO_LISTEN_HOST, so the bundler is reachable on the
// stack's host only. Plain JavaScript: the child runs on bare node, without tsx.
import net from 'node:net'

const host = process.env.PORTICO_LISTEN_HOST
const WILDCARDS = new Set([undefined, null, '', '0.0.0.0', '::'])

if (host && !WILDCARDS.has(host)) {
  const listen = net.Server.prototype.listen
  net.Server.prototype.listen = function listenOnStackHost(...args) {
    const [first, second] = args
    if (first && typeof first === 'object' && 'port' in first && WILDCARDS.has(first.host)) {
      args[0] = { ...first, host }
    } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
      // listen(port[, host][, backlog][, callback])
      if (typeof second === 'string') {
        if (WILDCARDS.has(second)) args[1] = host
      } else args.splice(1, 0, host)
    }
    return listen.apply(this, args)
  }
}
