import { createTestClient, type Hex, http, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  CARD,
  chainClient,
  freshAddress,
  newOrder,
  pay,
  SECRET,
  startTestOnramp,
  type TestOnramp,
} from '../test/testStack.ts'
import { ordersApi } from './api.ts'
import { DELIVERY_MESSAGES } from './delivery.ts'

// A delivery broadcast but not mined within the receipt timeout (anvil with automine off).
const AMOUNT = parseEther('0.03266666')

let t: TestOnramp
beforeAll(async () => {
  t = await startTestOnramp({ receiptTimeoutMs: 800, pollingIntervalMs: 50, sweepIntervalMs: 300 })
})
afterAll(async () => {
  await t?.stop()
})
afterEach(async () => {
  await anvil().setAutomine(true)
})

const anvil = () => createTestClient({ mode: 'anvil', transport: http(t.rpcUrl) })
const orders = () => ordersApi(t.api.url, SECRET)
const page = async (id: string) => (await fetch(`${t.onramp.url}/buy?order=${id}`)).text()
const treasuryNonce = () =>
  chainClient(t).getTransactionCount({ address: t.onramp.treasury, blockTag: 'pending' })

describe('a delivery slower than the receipt timeout', () => {
  it('answers "being delivered", keeps the order processing, never sends a second delivery, and completes once mined', async () => {
    const buyer = freshAddress()
    const { id } = await newOrder(t, buyer)
    await anvil().setAutomine(false)

    const first = await pay(t, id, CARD)
    expect(first.status, JSON.stringify(first.body)).toBe(202)
    expect(first.body).toMatchObject({ status: 'processing', amount: '0.03266666', address: buyer })
    expect(first.body.message).toMatch(new RegExp(`^${DELIVERY_MESSAGES.delivering}`))
    const hash = first.body.txHash as Hex
    const nonceAfterFirst = await treasuryNonce()
    expect(await orders().get(id)).toMatchObject({
      status: 'processing',
      txHash: hash,
      deliveryTxHashes: [hash],
    })
    expect(await page(id)).toContain(DELIVERY_MESSAGES.delivering)

    // Paying again sends nothing: the same delivery, the same answer.
    const second = await pay(t, id, CARD)
    expect(second.status).toBe(202)
    expect(second.body).toMatchObject({ status: 'processing', txHash: hash })
    expect(await treasuryNonce()).toBe(nonceAfterFirst)
    expect((await orders().get(id))?.deliveryTxHashes).toEqual([hash])
    expect(await chainClient(t).getBalance({ address: buyer })).toBe(0n)

    await anvil().mine({ blocks: 1 })
    // A status read looks the delivery up by hash and completes the order.
    const html = await page(id)
    expect(html).toContain('This order is paid')
    expect(html).toContain(hash)
    expect(await orders().get(id)).toMatchObject({ status: 'completed', txHash: hash })
    expect((await pay(t, id, CARD)).body).toEqual({ message: 'This order is already paid' })
    await anvil().mine({ blocks: 1 })
    expect(await chainClient(t).getBalance({ address: buyer })).toBe(AMOUNT)
    expect(await treasuryNonce()).toBe(nonceAfterFirst)
  })

  it('completes by the periodic sweep, with no read or payment after the mining', async () => {
    const buyer = freshAddress()
    const { id } = await newOrder(t, buyer)
    await anvil().setAutomine(false)
    const r = await pay(t, id, CARD)
    expect(r.status).toBe(202)
    await anvil().mine({ blocks: 1 })
    await expect.poll(async () => (await orders().get(id))?.status, { timeout: 5_000 }).toBe('completed')
    expect(await chainClient(t).getBalance({ address: buyer })).toBe(AMOUNT)
  })

  it('replaces a dropped delivery at the same nonce, so only one can ever land', async () => {
    const buyer = freshAddress()
    const { id } = await newOrder(t, buyer)
    await anvil().setAutomine(false)
    const r = await pay(t, id, CARD)
    expect(r.status).toBe(202)
    const dropped = r.body.txHash as Hex
    const nonce = (await chainClient(t).getTransaction({ hash: dropped })).nonce
    await anvil().dropTransaction({ hash: dropped })

    // The next payment attempt (or the sweep, whichever comes first) re-sends at the same nonce.
    await expect.poll(async () => (await pay(t, id, CARD)).body.txHash, { timeout: 5_000 }).not.toBe(dropped)
    const view = await orders().get(id)
    expect(view).toMatchObject({ status: 'processing', deliveryNonce: nonce })
    expect(view?.deliveryTxHashes).toHaveLength(2)
    expect(view?.deliveryTxHashes).toContain(dropped)
    const replacement = view?.txHash as Hex
    expect((await chainClient(t).getTransaction({ hash: replacement })).nonce).toBe(nonce)

    await anvil().mine({ blocks: 1 })
    expect(await page(id)).toContain('This order is paid')
    expect(await orders().get(id)).toMatchObject({ status: 'completed', txHash: replacement })
    expect(await chainClient(t).getBalance({ address: buyer })).toBe(AMOUNT)
  })
})
