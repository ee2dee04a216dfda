import { randomBytes } from 'node:crypto'
import bcoin from 'bcoin'
import { payments } from 'bitcoinjs-lib'
import {
  BITCOIN_DEV_ACCOUNTS,
  BITCOIN_DEV_TAPROOT_ACCOUNT,
  BITCOIN_MINER_KEY,
  type BitcoinDevAccount,
} from './accounts.ts'
import {
  BCOIN_REGTEST,
  BITCOIN_NETWORK_ID,
  COINBASE_MATURITY,
  DEV_BALANCE_BTC,
  SATS_PER_BTC,
  SEGWIT_ACTIVE_HEIGHT,
} from './network.ts'

export interface BitcoinNodeOptions {
  host?: string
  /** HTTP API port; 0 picks a free one. */
  port: number
  /** Milliseconds between checks that mine a block when the mempool holds transactions; 0 turns it off. */
  blockIntervalMs?: number
}

export interface BitcoinNode {
  networkId: typeof BITCOIN_NETWORK_ID
  /** bcoin's HTTP API (REST + JSON-RPC at `/`), basic auth with user `x` and `apiKey`. */
  url: string
  /** Random per start: the node's API is for the stack's services, not for any page on this machine. */
  apiKey: string
  accounts: readonly BitcoinDevAccount[]
  taprootAccount: BitcoinDevAccount
  /** Mines `count` blocks now (to the miner) and returns their hashes. */
  mine(count?: number): Promise<string[]>
  /** Sends `sats` from the miner's matured rewards to an address (P2WPKH or taproot) and mines it. */
  fund(address: string, sats: number): Promise<string>
  height(): number
  stop(): Promise<void>
}

const miner = bcoin.KeyRing.fromPrivate(Buffer.from(BITCOIN_MINER_KEY), true)
miner.witness = true
const MINER_ADDRESS = miner.getAddress('string', 'regtest')
/** bcoin's relay floor is 1 sat/vB (1000 sat/kvB); the miner pays twice that. */
const MINER_RATE = 2000

/** An output script for a bech32/bech32m address of bcoin regtest (bcoin 1.0.2 cannot parse bech32m). */
function outputScript(address: string): Buffer {
  const payment = address.startsWith(`${BCOIN_REGTEST.bech32}1p`)
    ? payments.p2tr({ address, network: BCOIN_REGTEST })
    : payments.p2wpkh({ address, network: BCOIN_REGTEST })
  if (!payment.output) throw new Error(`not a regtest address: ${address}`)
  return Buffer.from(payment.output)
}

export async function startBitcoinNode(options: BitcoinNodeOptions): Promise<BitcoinNode> {
  const host = options.host ?? '127.0.0.1'
  const apiKey = randomBytes(24).toString('hex')
  const node = new bcoin.FullNode({
    network: 'regtest',
    memory: true,
    indexTX: true,
    indexAddress: true,
    httpHost: host,
    httpPort: options.port,
    apiKey,
    logLevel: 'none',
    workers: false,
    listen: false,
  })
  await node.open()
  const address = node.http.address()
  if (!address) {
    await node.close()
    throw new Error('bitcoin node: HTTP API did not start')
  }
  const mine = (count = 1) => node.rpc.generateToAddress([count, MINER_ADDRESS])

  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }

  async function pay(outputs: { address: string; sats: number }[]): Promise<string> {
    const tip = node.chain.height
    const coins = (await node.getCoinsByAddress([MINER_ADDRESS])).filter(
      (coin) => coin.height >= 0 && coin.height <= tip - COINBASE_MATURITY,
    )
    const mtx = new bcoin.MTX()
    for (const output of outputs)
      mtx.addOutput(bcoin.Script.fromRaw(outputScript(output.address)), output.sats)
    await mtx.fund(coins, { rate: MINER_RATE, changeAddress: MINER_ADDRESS })
    mtx.sign(miner)
    const tx = mtx.toTX()
    // mempool.addTX throws on a policy failure (node.sendTX would log it and go on).
    const missing = await node.mempool.addTX(tx)
    if (missing) throw new Error('bitcoin node: funding transaction orphaned')
    await mine(1)
    return tx.txid()
  }

  try {
    // Segwit on (the dev accounts are P2WPKH and taproot) and matured rewards to pay them from.
    await mine(Math.max(SEGWIT_ACTIVE_HEIGHT, COINBASE_MATURITY + 1))
    const devSats = DEV_BALANCE_BTC * SATS_PER_BTC
    await pay(
      [...BITCOIN_DEV_ACCOUNTS, BITCOIN_DEV_TAPROOT_ACCOUNT].map((account) => ({
        address: account.address,
        sats: devSats,
      })),
    )
  } catch (error) {
    await node.close()
    throw error
  }

  let timer: ReturnType<typeof setInterval> | undefined
  if ((options.blockIntervalMs ?? 1000) > 0) {
    timer = setInterval(() => {
      if (node.mempool.map.size === 0) return
      void serial(() => mine(1)).catch(() => undefined)
    }, options.blockIntervalMs ?? 1000)
    timer.unref()
  }
  let stopping: Promise<void> | undefined
  return {
    networkId: BITCOIN_NETWORK_ID,
    url: `http://${host}:${address.port}`,
    apiKey,
    accounts: BITCOIN_DEV_ACCOUNTS,
    taprootAccount: BITCOIN_DEV_TAPROOT_ACCOUNT,
    mine: (count = 1) => serial(() => mine(count)),
    fund: (to, sats) => serial(() => pay([{ address: to, sats }])),
    height: () => node.chain.height,
    stop() {
      if (timer) clearInterval(timer)
      stopping ??= serial(() => node.close())
      return stopping
    },
  }
}
