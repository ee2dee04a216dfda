import { parseArgs } from 'node:util'
import { startDevnet } from './devnet.ts'
import { deployFixtures } from './fixtures/deploy.ts'

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: process.env.PORTICO_DEVNET_HOST ?? '127.0.0.1' },
    'block-time': { type: 'string' },
    'no-fixtures': { type: 'boolean', default: false },
    'no-solana': { type: 'boolean', default: false },
    'no-bitcoin': { type: 'boolean', default: false },
  },
})

const t0 = performance.now()
const devnet = await startDevnet({
  host: values.host,
  ...(values['block-time'] !== undefined && { blockTime: Number(values['block-time']) }),
  ...(values['no-solana'] && { solana: false as const }),
  ...(!values['no-bitcoin'] && { bitcoin: { port: Number(process.env.PORTICO_BITCOIN_PORT ?? 18443) } }),
})
const stopOnSignal = async () => {
  await devnet.stop()
  process.exit(0)
}
process.once('SIGINT', stopOnSignal)
process.once('SIGTERM', stopOnSignal)

for (const chain of devnet.chains) console.log(`chain ${chain.chainId} ${chain.rpcUrl}`)
if (devnet.solana) {
  const { networkId, rpcUrl, wsUrl, accounts } = devnet.solana
  console.log(`solana ${networkId} ${rpcUrl} (ws ${wsUrl}), ${accounts.length} funded accounts`)
}
if (devnet.bitcoin) {
  const { networkId, url, accounts } = devnet.bitcoin
  console.log(`bitcoin ${networkId} ${url} (regtest, API key per start), ${accounts.length} funded accounts`)
}
const t1 = performance.now()
console.log(`chains ready in ${Math.round(t1 - t0)} ms`)

if (!values['no-fixtures']) {
  try {
    devnet.fixtures = await deployFixtures(devnet)
  } catch (err) {
    console.error(err)
    await devnet.stop()
    process.exit(1)
  }
  const file = process.env.PORTICO_DEVNET_FIXTURES_FILE
  console.log(
    `fixtures deployed in ${Math.round(performance.now() - t1)} ms${file ? ` (written to ${file})` : ''}: ` +
      JSON.stringify(devnet.fixtures),
  )
}
