import { parseArgs } from 'node:util'
import { startDevnet } from './devnet.ts'

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: process.env.PORTICO_DEVNET_HOST ?? '127.0.0.1' },
    'block-time': { type: 'string' },
  },
})

const started = Date.now()
const devnet = await startDevnet({
  host: values.host,
  ...(values['block-time'] !== undefined && { blockTime: Number(values['block-time']) }),
})
for (const chain of devnet.chains) console.log(`chain ${chain.chainId} ${chain.rpcUrl}`)
console.log(`devnet ready in ${Date.now() - started} ms`)

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  await devnet.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
