/** Decimal amounts as integers of the token's smallest unit, and eip155 transfer calldata, by hand (no viem). */

const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/** The number of fraction digits of a decimal string (after trimming), or undefined when it is not one. */
export function fractionDigits(value: string): number | undefined {
  const match = DECIMAL.exec(value.trim())
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return undefined
  return (match[2] ?? '').length
}

/** "1.5" with 6 decimals → 1500000n; undefined when not a plain decimal or finer than `decimals`. */
export function parseUnits(value: string, decimals: number): bigint | undefined {
  const match = DECIMAL.exec(value.trim())
  if (!match) return undefined
  const whole = match[1] ?? ''
  const fraction = match[2] ?? ''
  if (whole === '' && fraction === '') return undefined
  if (fraction.replace(/0+$/, '').length > decimals) return undefined
  return BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0').slice(0, decimals)}`)
}

/** 1500000n with 6 decimals → "1.5". */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** SPEC §5: an eip155 address is 40 hex characters with an optional 0x. */
export const isEip155Address = (value: string): boolean => /^(0x)?[0-9a-fA-F]{40}$/.test(value.trim())

/** SPEC §5: send-call targets begin with 0x. */
export const withHexPrefix = (address: string): `0x${string}` => {
  const trimmed = address.trim()
  return (trimmed.startsWith('0x') ? trimmed : `0x${trimmed}`) as `0x${string}`
}

export const toQuantity = (value: bigint): `0x${string}` => `0x${value.toString(16)}`

const word = (hex: string) => hex.padStart(64, '0')

/** ERC-20 transfer(address,uint256): selector a9059cbb and two 32-byte words. */
export function erc20TransferData(to: string, amount: bigint): `0x${string}` {
  return `0xa9059cbb${word(withHexPrefix(to).slice(2).toLowerCase())}${word(amount.toString(16))}`
}
