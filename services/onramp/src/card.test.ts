import { describe, expect, it } from 'vitest'
import { CARD_MESSAGES, checkCard, luhnValid } from './card.ts'

const NOW = new Date('2026-11-23T12:00:00Z')
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }

describe('test card checks', () => {
  it('approves 4242… and declines 4000 0000 0000 0002', () => {
    expect(checkCard(good, NOW)).toEqual({ ok: true, outcome: 'approved' })
    expect(checkCard({ ...good, number: '4000-0000-0000-0002' }, NOW)).toEqual({
      ok: true,
      outcome: 'declined',
    })
    // A real-looking card that is not a test card: valid, but the sandbox will not charge it.
    expect(checkCard({ ...good, number: '5555 5555 5555 4444' }, NOW)).toEqual({
      ok: true,
      outcome: 'unknown',
    })
  })

  it('runs Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true)
    expect(luhnValid('4242424242424241')).toBe(false)
    expect(checkCard({ ...good, number: '4242 4242 4242 4241' }, NOW)).toEqual({
      ok: false,
      field: 'number',
      message: CARD_MESSAGES.number,
    })
    for (const number of ['', 'abcd', '4242', '4'.repeat(20), '٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢'])
      expect(checkCard({ ...good, number }, NOW)).toMatchObject({ ok: false, field: 'number' })
  })

  it('checks the expiry month and that it has not passed', () => {
    expect(checkCard({ ...good, expiry: '11/26' }, NOW)).toMatchObject({ ok: true })
    expect(checkCard({ ...good, expiry: '10/26' }, NOW)).toMatchObject({ message: CARD_MESSAGES.expired })
    for (const expiry of ['13/30', '00/30', '1/30', '12-30', '', '12/2030'])
      expect(checkCard({ ...good, expiry }, NOW)).toMatchObject({ message: CARD_MESSAGES.expiry })
  })

  it('needs a 3 or 4 digit CVC', () => {
    expect(checkCard({ ...good, cvc: '1234' }, NOW)).toMatchObject({ ok: true })
    for (const cvc of ['', '12', '12345', 'abc'])
      expect(checkCard({ ...good, cvc }, NOW)).toMatchObject({ ok: false, field: 'cvc' })
  })
})
