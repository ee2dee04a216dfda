import type { HistoryResponse, OnrampUrlResponse } from '@portico/shared-types'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARD_MESSAGES } from './card.ts'
import { PROJECT, startTestOnramp } from './test-stack.ts'

let t: Awaited<ReturnType<typeof startTestOnramp>>
beforeAll(async () => {
  t = await startTestOnramp()
})
afterAll(async () => {
  await t?.stop()
})

const fresh = () => privateKeyToAccount(generatePrivateKey()).address
const client = () => createPublicClient({ transport: http(t.rpcUrl) })

async function newOrder(buyer: string, asset = 'eth', presetFiatAmount = 100, provider = 'portico-pay') {
  const res = await fetch(`${t.api.url}/v1/generators/onrampurl?projectId=${PROJECT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      destinationWallets: [{ address: buyer, blockchains: ['eip155:31337'], assets: [asset] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: 'u1',
      presetFiatAmount,
      provider,
    }),
  })
  const { url } = (await res.json()) as OnrampUrlResponse
  return { url, id: new URL(url).searchParams.get('order') ?? '' }
}

const pay = (id: string, card: unknown, origin = t.onramp.url) =>
  fetch(`${t.onramp.url}/api/orders/${id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: typeof card === 'string' ? card : JSON.stringify(card),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }))

const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }

describe('the sandbox provider page', () => {
  it('shows the order as the API stored it, whatever the query string says', async () => {
    const buyer = fresh()
    const { url } = await newOrder(buyer)
    const res = await fetch(`${url}&amount=999999&address=0xevil`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/)
    const page = await res.text()
    expect(page).toContain('100.00 USD')
    expect(page).toContain('0.03266666 ETH')
    expect(page).toContain(buyer)
    expect(page).toContain('Portico Pay')
    expect(page).not.toContain('999999')
    expect(page).not.toContain('0xevil')
    expect((await fetch(`${t.onramp.url}/buy?order=${'A'.repeat(24)}`)).status).toBe(404)
  })

  it('pays with 4242…: the ETH lands from the treasury, history?onramp= lists it, a second payment is refused', async () => {
    const buyer = fresh()
    const { id } = await newOrder(buyer)
    const r = await pay(id, CARD)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toMatchObject({ status: 'completed', amount: '0.03266666', symbol: 'ETH', address: buyer })
    expect(await client().getBalance({ address: buyer })).toBe(parseEther('0.03266666'))
    const tx = await client().getTransaction({ hash: r.body.txHash as `0x${string}` })
    expect(tx.from.toLowerCase()).toBe(t.onramp.treasury.toLowerCase())
    const history = (await (
      await fetch(`${t.api.url}/v1/account/${buyer}/history?projectId=${PROJECT}&onramp=portico-pay`)
    ).json()) as HistoryResponse
    expect(history.data.map((item) => item.metadata.hash)).toEqual([r.body.txHash])
    expect((await pay(id, CARD)).body).toEqual({ message: 'This order is already paid' })
    expect(await client().getBalance({ address: buyer })).toBe(parseEther('0.03266666'))
  })

  it('delivers USDC by token transfer', async () => {
    const buyer = fresh()
    const { id } = await newOrder(buyer, 'usdc', 50, 'demo-ramp')
    expect((await pay(id, CARD)).status).toBe(200)
    const held = await client().readContract({
      address: t.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [buyer],
    })
    expect(held).toBe(parseUnits('48.75', 6))
  })

  it('declines 4000 0000 0000 0002 with its message and delivers nothing; the order stays payable', async () => {
    const buyer = fresh()
    const { id } = await newOrder(buyer)
    const declined = await pay(id, { ...CARD, number: '4000 0000 0000 0002' })
    expect(declined).toEqual({ status: 402, body: { message: CARD_MESSAGES.declined, field: 'number' } })
    expect(await client().getBalance({ address: buyer })).toBe(0n)
    expect((await pay(id, CARD)).status).toBe(200)
  })

  it('refuses invalid cards, other origins and malformed requests, delivering nothing', async () => {
    const buyer = fresh()
    const { id } = await newOrder(buyer)
    expect((await pay(id, { ...CARD, number: '4242 4242 4242 4241' })).body.message).toBe(
      CARD_MESSAGES.number,
    )
    expect((await pay(id, { ...CARD, expiry: '01/20' })).body.message).toBe(CARD_MESSAGES.expired)
    expect((await pay(id, { ...CARD, cvc: '1' })).body.message).toBe(CARD_MESSAGES.cvc)
    expect((await pay(id, { ...CARD, number: '5555 5555 5555 4444' })).body.message).toBe(
      CARD_MESSAGES.notTestCard,
    )
    expect((await pay(id, CARD, 'http://evil.example')).status).toBe(403)
    expect((await pay(id, '{not json')).status).toBe(400)
    expect((await pay(id, JSON.stringify({ ...CARD, pad: 'x'.repeat(10_000) }))).status).toBe(413)
    expect((await pay(id, [CARD])).status).toBe(400)
    expect((await pay('A'.repeat(24), CARD)).status).toBe(404)
    expect(await client().getBalance({ address: buyer })).toBe(0n)
  })
})
