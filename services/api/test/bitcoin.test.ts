import { join } from 'node:path'
import {
  BCOIN_REGTEST,
  BITCOIN_DEV_ACCOUNTS,
  BITCOIN_DEV_TAPROOT_ACCOUNT,
  BITCOIN_NETWORK_ID,
  type BitcoinNode,
  signPsbtInputs,
  startBitcoinNode,
} from '@portico/devnet'
import type { BalanceResponse, HistoryResponse, SupportedChainsResponse } from '@portico/shared-types/api'
import { Psbt, payments } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import { freePort, getJson, PROJECT, postJson, tempDir } from './helpers.ts'

let node: BitcoinNode
let api: ApiServer
let dir: ReturnType<typeof tempDir>
const [alice, bob] = BITCOIN_DEV_ACCOUNTS as [
  (typeof BITCOIN_DEV_ACCOUNTS)[0],
  (typeof BITCOIN_DEV_ACCOUNTS)[0],
]
const caip = (address: string) => `${BITCOIN_NETWORK_ID}:${address}`
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))

beforeAll(async () => {
  dir = tempDir('portico-api-btc-')
  node = await startBitcoinNode({ port: 0, blockIntervalMs: 0 })
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    indexer: { enabled: false },
    logLevel: 'silent',
    bitcoin: { networkId: BITCOIN_NETWORK_ID, url: node.url, apiKey: node.apiKey },
  })
}, 60_000)
afterAll(async () => {
  await api?.close()
  await node?.stop()
  dir?.remove()
})

const balanceOf = async (address: string) => {
  const { status, body } = await getJson<BalanceResponse>(
    `${api.url}/v1/account/${caip(address)}/balance?projectId=${PROJECT}&currency=usd`,
  )
  expect(status).toBe(200)
  return body.balances
}

interface Utxo {
  txid: string
  vout: number
  value: number
  script: string
}

/** A PSBT from alice's coins paying `sats` to bob, change back, signed by the dev wallet's signer. */
async function aliceSigns(sats: number): Promise<string> {
  const { body } = await getJson<{ utxos: Utxo[] }>(
    `${api.url}/v1/bip122/utxos/${caip(alice.address)}?projectId=${PROJECT}`,
  )
  const coin = body.utxos[0] as Utxo
  const psbt = new Psbt({ network: BCOIN_REGTEST })
  psbt.addInput({
    hash: coin.txid,
    index: coin.vout,
    witnessUtxo: { script: bytes(coin.script), value: BigInt(coin.value) },
  })
  psbt.addOutput({ address: bob.address, value: BigInt(sats) })
  psbt.addOutput({ address: alice.address, value: BigInt(coin.value - sats - 1_000) })
  const signed = Psbt.fromBuffer(
    signPsbtInputs(
      psbt.toBuffer(),
      BCOIN_REGTEST,
      { privateKey: bytes(alice.privateKey), publicKey: bytes(alice.publicKey) },
      [0],
    ),
    { network: BCOIN_REGTEST },
  )
  signed.finalizeAllInputs()
  return signed.extractTransaction().toHex()
}

describe('bip122 through the API', () => {
  it('lists the node network among the supported chains', async () => {
    const { body } = await getJson<SupportedChainsResponse>(
      `${api.url}/v1/supported-chains?projectId=${PROJECT}`,
    )
    expect(body.http).toContain(BITCOIN_NETWORK_ID)
  })

  it('answers a dev account balance in BTC with 8 decimals, the taproot one too', async () => {
    expect(await balanceOf(alice.address)).toEqual([
      expect.objectContaining({
        symbol: 'BTC',
        chainId: BITCOIN_NETWORK_ID,
        quantity: { decimals: '8', numeric: '10' },
      }),
    ])
    expect((await balanceOf(BITCOIN_DEV_TAPROOT_ACCOUNT.address))[0]?.quantity.numeric).toBe('10')
    // The kernel's form: the bare address with the network as chainId.
    const bare = await getJson<BalanceResponse>(
      `${api.url}/v1/account/${alice.address}/balance?projectId=${PROJECT}&currency=usd&chainId=${BITCOIN_NETWORK_ID}`,
    )
    expect(bare.body.balances[0]?.quantity.numeric).toBe('10')
  })

  it('gives UTXOs and a fee rate with a floor', async () => {
    const { body } = await getJson<{ utxos: Utxo[] }>(
      `${api.url}/v1/bip122/utxos/${caip(alice.address)}?projectId=${PROJECT}`,
    )
    expect(body.utxos.reduce((sum, u) => sum + u.value, 0)).toBe(1_000_000_000)
    const script = Buffer.from(
      payments.p2wpkh({ address: alice.address, network: BCOIN_REGTEST }).output ?? [],
    ).toString('hex')
    expect(body.utxos.every((u) => u.script === script && /^[0-9a-f]{64}$/.test(u.txid))).toBe(true)
    const fee = await getJson<{ satPerVbyte: number }>(
      `${api.url}/v1/bip122/fee-rate?projectId=${PROJECT}&chainId=${BITCOIN_NETWORK_ID}`,
    )
    expect(fee.body.satPerVbyte).toBeGreaterThanOrEqual(2)
  })

  it('broadcasts a signed transaction; balances and history follow, pending then confirmed', async () => {
    const hex = await aliceSigns(150_000_000)
    const sent = await postJson<{ txid: string }>(
      `${api.url}/v1/bip122/transactions?projectId=${PROJECT}&chainId=${BITCOIN_NETWORK_ID}`,
      { hex },
    )
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect((await balanceOf(bob.address))[0]?.quantity.numeric).toBe('11.5')
    expect((await balanceOf(alice.address))[0]?.quantity.numeric).toBe('8.49999')
    const history = async (address: string) =>
      (await getJson<HistoryResponse>(`${api.url}/v1/account/${caip(address)}/history?projectId=${PROJECT}`))
        .body
    const pending = (await history(alice.address)).data[0]
    expect(pending).toMatchObject({
      id: `${BITCOIN_NETWORK_ID}:${sent.body.txid}`,
      metadata: {
        hash: sent.body.txid,
        status: 'pending',
        operationType: 'send',
        sentTo: bob.address,
        chain: BITCOIN_NETWORK_ID,
      },
      transfers: [{ direction: 'out', quantity: { decimals: '8', numeric: '1.5' } }],
    })
    await node.mine(1)
    expect((await history(alice.address)).data[0]?.metadata.status).toBe('confirmed')
    expect((await history(bob.address)).data[0]).toMatchObject({
      metadata: { hash: sent.body.txid, operationType: 'receive', sentFrom: alice.address },
      transfers: [{ direction: 'in', quantity: { numeric: '1.5' } }],
    })
  })

  it('reports a transaction the node refuses (a double spend) as 502, and garbage as 502 or 400', async () => {
    // Two spends of the same coin: the node's mempool takes the first and refuses the second.
    const first = await aliceSigns(1_000)
    const second = await aliceSigns(2_000)
    const url = `${api.url}/v1/bip122/transactions?projectId=${PROJECT}&chainId=${BITCOIN_NETWORK_ID}`
    expect((await postJson(url, { hex: first })).status).toBe(200)
    const refused = await postJson<{ message: string }>(url, { hex: second })
    expect(refused.status).toBe(502)
    expect(refused.body.message).toBe('The node refused the transaction')
    expect((await postJson(url, { hex: 'zz' })).status).toBe(400)
    expect((await postJson(url, { hex: 'deadbeef' })).status).toBe(502)
  })

  it('refuses malformed accounts, other networks and wrong-network addresses with 400', async () => {
    const bad = [
      `${BITCOIN_NETWORK_ID}:notanaddress`,
      `bip122:000000000019d6689c085ae165831e93:${alice.address}`,
      `${BITCOIN_NETWORK_ID}:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq`,
      `${BITCOIN_NETWORK_ID}:${alice.address.slice(0, -1)}x`,
    ]
    for (const raw of bad) {
      const { status } = await getJson(`${api.url}/v1/account/${raw}/balance?projectId=${PROJECT}`)
      expect(status, raw).toBe(400)
    }
    const fee = await getJson(
      `${api.url}/v1/bip122/fee-rate?projectId=${PROJECT}&chainId=bip122:000000000019d6689c085ae165831e93`,
    )
    expect(fee.status).toBe(400)
  })
})
