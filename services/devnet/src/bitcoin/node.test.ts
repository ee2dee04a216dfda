import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BITCOIN_DEV_ACCOUNTS, BITCOIN_DEV_TAPROOT_ACCOUNT } from './accounts.ts'
import { toBcoinAddress } from './address.ts'
import { DEV_BALANCE_BTC, SATS_PER_BTC } from './network.ts'
import { type BitcoinNode, startBitcoinNode } from './node.ts'

let node: BitcoinNode

beforeAll(async () => {
  node = await startBitcoinNode({ port: 0, blockIntervalMs: 50 })
}, 30_000)
afterAll(() => node?.stop())

const get = (path: string, auth = true) =>
  fetch(`${node.url}${path}`, {
    headers: auth ? { authorization: `Basic ${Buffer.from(`x:${node.apiKey}`).toString('base64')}` } : {},
  })

async function balance(address: string): Promise<number> {
  const coins = (await (await get(`/coin/address/${address}`)).json()) as { value: number }[]
  return coins.reduce((sum, coin) => sum + coin.value, 0)
}

describe('bitcoin regtest node', () => {
  it('funds every dev account and the taproot account with confirmed coins', async () => {
    for (const account of BITCOIN_DEV_ACCOUNTS) {
      expect(await balance(account.address)).toBe(DEV_BALANCE_BTC * SATS_PER_BTC)
    }
    expect(await balance(toBcoinAddress(BITCOIN_DEV_TAPROOT_ACCOUNT.address) ?? '')).toBe(
      DEV_BALANCE_BTC * SATS_PER_BTC,
    )
  })

  it('refuses API calls without the key', async () => {
    expect((await get(`/coin/address/${BITCOIN_DEV_ACCOUNTS[0]?.address}`, false)).status).toBe(401)
  })

  it('mines on demand', async () => {
    const before = node.height()
    const hashes = await node.mine(3)
    expect(hashes).toHaveLength(3)
    expect(node.height()).toBe(before + 3)
  })

  it('fund() pays an address and confirms it in a block', async () => {
    const target = BITCOIN_DEV_ACCOUNTS[4]?.address ?? ''
    const before = await balance(target)
    const txid = await node.fund(target, 12_345)
    expect(await balance(target)).toBe(before + 12_345)
    const tx = (await (await get(`/tx/${txid}`)).json()) as { height: number }
    expect(tx.height).toBeGreaterThan(0)
  })

  it('stop() is idempotent', async () => {
    const other = await startBitcoinNode({ port: 0, blockIntervalMs: 0 })
    await Promise.all([other.stop(), other.stop()])
    await expect(fetch(`${other.url}/`)).rejects.toThrow()
  }, 30_000)
})
