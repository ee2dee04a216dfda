/** EIP-4361 message text (CAIP-122 header for Solana): a plain format, built here to bundle no library. */
export interface SignInFields {
  namespace: 'eip155' | 'solana'
  domain: string
  accountAddress: string
  statement?: string
  uri: string
  version: '1'
  chainId: string
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

const ACCOUNT_WORD = { eip155: 'Ethereum', solana: 'Solana' } as const

/** One line of free text: a statement may not break the message's line structure. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim()

export function formatSignInMessage(f: SignInFields): string {
  const lines = [
    `${f.domain} wants you to sign in with your ${ACCOUNT_WORD[f.namespace]} account:`,
    f.accountAddress,
    '',
  ]
  const statement = f.statement === undefined ? '' : oneLine(f.statement)
  lines.push(...(statement ? [statement, ''] : ['']))
  lines.push(`URI: ${f.uri}`, `Version: ${f.version}`, `Chain ID: ${f.chainId}`, `Nonce: ${f.nonce}`)
  lines.push(`Issued At: ${f.issuedAt}`)
  if (f.expirationTime) lines.push(`Expiration Time: ${f.expirationTime}`)
  if (f.notBefore) lines.push(`Not Before: ${f.notBefore}`)
  if (f.requestId) lines.push(`Request ID: ${f.requestId}`)
  if (f.resources?.length) lines.push('Resources:', ...f.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

/** UTF-8 text as 0x hex (personal_sign's message parameter). */
export function toHex(text: string): string {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** UTF-8 text as base58 (solana_signMessage's message parameter). */
export function toBase58(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let value = 0n
  for (const byte of bytes) value = (value << 8n) + BigInt(byte)
  let out = ''
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    out = `1${out}`
  }
  return out
}
