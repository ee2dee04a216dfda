/** The BTC send's form messages (behaviour §5/§8 wording where it has one). */
export const INSUFFICIENT = 'Insufficient balance'
export const INVALID_SEND = 'Please enter a valid amount and receiver address'
export const SIGNED_MISMATCH = 'The signed transaction differs from what you confirmed: it was not sent'
/** A kernel older than ctx.chains.bitcoin offers no PSBT helpers: BTC sends are not possible. */
export const BITCOIN_UNSUPPORTED = 'Sending BTC needs a newer version of Portico'

/** The message the form shows for a failed BTC plan or helper load, when it is one of ours. */
export const bitcoinFormError = (error: unknown): string | undefined =>
  error instanceof Error && [INSUFFICIENT, INVALID_SEND, BITCOIN_UNSUPPORTED].includes(error.message)
    ? error.message
    : undefined
