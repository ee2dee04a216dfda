/** The BTC send's form messages (SPEC §5/§8 wording), apart from bitcoinjs-lib so the views load light. */
export const INSUFFICIENT = 'Insufficient balance'
export const INVALID_SEND = 'Please enter a valid amount and receiver address'
export const SIGNED_MISMATCH = 'The signed transaction differs from what you confirmed: it was not sent'

/** The message the form shows for a failed BTC plan, when it is one of ours. */
export const bitcoinFormError = (error: unknown): string | undefined =>
  error instanceof Error && [INSUFFICIENT, INVALID_SEND].includes(error.message) ? error.message : undefined
