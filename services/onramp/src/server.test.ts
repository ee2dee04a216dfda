import type { HistoryResponse } from '@portico/shared-types/api'
import { erc20Abi, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CARD,
  chainClient,
  freshAddress,
  newOrder,
  PROJECT,
  pay,
  startTestOnramp,
  type TestOnramp,
} from '../test/testStack.ts'
import { CARD_MESSAGES } from './card.ts'

let t: TestOnramp
beforeAll(async () => {
  t = await startTestOnramp()
})
afterAll(async () => {
  await t?.stop()
})

describe('the sandbox provider page', () => {
  it('shows the order as the API stored it, whatever the query string says', async () => {
    const buyer = freshAddress()
    const { url } = await newOrder(t, buyer)
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
    const buyer = freshAddress()
    const { id } = await newOrder(t, buyer)
    const r = await pay(t, id, CARD)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toMatchObject({ status: 'completed', amount: '0.03266666', symbol: 'ETH', address: buyer })
    expect(await chainClient(t).getBalance({ address: buyer })).toBe(parseEther('0.03266666'))
    const tx = await chainClient(t).getTransaction({ hash: r.body.txHash as `0x${string}` })
    expect(tx.from.toLowerCase()).toBe(t.onramp.treasury.toLowerCase())
    const history = (await (
      await fetch(`${t.api.url}/v1/account/${buyer}/history?projectId=${PROJECT}&onramp=portico-pay`)
    ).json()) as HistoryResponse
    expect(history.data.map((item) => item.metadata.hash)).toEqual([r.body.txHash])
    expect((await pay(t, id, CARD)).body).toEqual({ message: 'This order is already paid' })
    expect(await chainClient(t).getBalance({ address: buyer })).toBe(parseEther('0.03266666'))
  })

  it('delivers USDC by token transfer', async () => {
    const buyer = freshAddress()
    const { id } = await newOrder(t, buyer, 'usdc', 50, 'demo-ramp')
    expect((await pay(t, id, CARD)).status).toBe(200)
    const held = await chainClient(t).readContract({
      address: t.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [buyer],
    })
    expect(held).toBe(parseUnits('48.75', 6))
  })

  it('declines 4000 0000 0000 0002 with its message and delivers nothing; the order stays payable', async () => {
    const buyer = freshAddress()
    const { id } = await newOrder(t, buyer)
    const declined = await pay(t, id, { ...CARD, number: '4000 0000 0000 0002' })
    expect(declined).toEqual({ status: 402, body: { message: CARD_MESSAGES.declined, field: 'number' } })
    expect(await chainClient(t).getBalance({ address: buyer })).toBe(0n)
    expect((await pay(t, id, CARD)).status).toBe(200)
  })
})
