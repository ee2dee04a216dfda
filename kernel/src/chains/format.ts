/** Display formatting of behaviour §5 and §9. */

const groupThousands = (integer: string): string => integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** Floors a decimal string to `decimals` places without floating-point error, en-US grouped. */
export function floorDecimal(value: string | undefined, decimals: number): string {
  const zero = `0.${'0'.repeat(decimals)}`
  if (!value) return zero
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value.trim())
  if (!match) return zero
  const integer = (match[1] ?? '0').replace(/^0+(?=\d)/, '')
  const fraction = (match[2] ?? '').padEnd(decimals, '0').slice(0, decimals)
  if (/^0+$/.test(integer + fraction)) return zero
  return decimals > 0 ? `${groupThousands(integer)}.${fraction}` : groupThousands(integer)
}

/** Balances are floored to 3 decimals; 0.000 when invalid or zero. */
export const formatBalance = (value: string | undefined): string => floorDecimal(value, 3)

/** Fiat values show 2 decimals. */
export function formatFiat(value: number | undefined, currency = 'USD'): string {
  const amount = Number.isFinite(value) ? (value as number) : 0
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount)
}

/** Addresses truncate to 4 leading and 6 trailing characters. */
export function truncateAddress(address: string): string {
  if (address.length <= 13) return address
  return `${address.slice(0, 4)}…${address.slice(-6)}`
}
