/** The sandbox's test cards (as the big card processors publish them). */
export const TEST_CARDS = {
  /** Always approved. */
  approved: '4242424242424242',
  /** Always declined. */
  declined: '4000000000000002',
} as const

export const CARD_MESSAGES = {
  number: 'Enter a valid card number',
  expiry: 'Enter a valid expiry date as MM/YY',
  expired: 'This card has expired',
  cvc: 'Enter the 3 or 4 digit security code (CVC)',
  declined: 'Your card was declined. Try another card.',
  notTestCard: 'This sandbox takes test cards only: pay with 4242 4242 4242 4242',
} as const

export interface CardInput {
  number: string
  expiry: string
  cvc: string
}

export type CardCheck =
  | { ok: true; outcome: 'approved' | 'declined' | 'unknown' }
  | { ok: false; field: keyof CardInput; message: string }

/** Luhn (mod 10) check of a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/**
 * Checks a card as a processor would before charging it: 12–19 digits (spaces allowed) passing Luhn,
 * an MM/YY expiry not before this month, a 3–4 digit CVC. Then the test card decides the outcome.
 */
export function checkCard(card: CardInput, now = new Date()): CardCheck {
  const digits = card.number.replace(/[ -]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return { ok: false, field: 'number', message: CARD_MESSAGES.number }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim())
  const month = Number(expiry?.[1])
  if (!expiry || month < 1 || month > 12) return { ok: false, field: 'expiry', message: CARD_MESSAGES.expiry }
  const year = 2000 + Number(expiry[2])
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    return { ok: false, field: 'expiry', message: CARD_MESSAGES.expired }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, field: 'cvc', message: CARD_MESSAGES.cvc }
  const outcome =
    digits === TEST_CARDS.approved ? 'approved' : digits === TEST_CARDS.declined ? 'declined' : 'unknown'
  return { ok: true, outcome }
}
