import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CARD,
  chainClient,
  freshAddress,
  newOrder,
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

describe('the provider page under attack', () => {
  it('refuses invalid cards, other origins and malformed requests, delivering nothing', async () => {
    const buyer = freshAddress()
    const { id } = await newOrder(t, buyer)
    expect((await pay(t, id, { ...CARD, number: '4242 4242 4242 4241' })).body.message).toBe(
      CARD_MESSAGES.number,
    )
    expect((await pay(t, id, { ...CARD, expiry: '01/20' })).body.message).toBe(CARD_MESSAGES.expired)
    expect((await pay(t, id, { ...CARD, cvc: '1' })).body.message).toBe(CARD_MESSAGES.cvc)
    expect((await pay(t, id, { ...CARD, number: '5555 5555 5555 4444' })).body.message).toBe(
      CARD_MESSAGES.notTestCard,
    )
    expect((await pay(t, id, CARD, 'http://evil.example')).status).toBe(403)
    expect((await pay(t, id, '{not json')).status).toBe(400)
    expect((await pay(t, id, JSON.stringify({ ...CARD, pad: 'x'.repeat(10_000) }))).status).toBe(413)
    expect((await pay(t, id, [CARD])).status).toBe(400)
    expect((await pay(t, 'A'.repeat(24), CARD)).status).toBe(404)
    expect(await chainClient(t).getBalance({ address: buyer })).toBe(0n)
  })

  it('escapes nothing it did not write: no order id in the query reaches the page unchecked', async () => {
    for (const order of ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'A'.repeat(10_000)]) {
      const res = await fetch(`${t.onramp.url}/buy?order=${encodeURIComponent(order)}`)
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain('<script>alert')
    }
  })
})
