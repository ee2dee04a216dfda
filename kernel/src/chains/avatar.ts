/** behaviour §9: avatar colours derive from the first 6 hex characters of the address, in 5 tints at 15% steps. */
export function avatarColors(address: string): string[] {
  const hex = address
    .toLowerCase()
    .replace(/^0x/, '')
    .replace(/[^0-9a-f]/g, '')
    .slice(0, 6)
    .padEnd(6, '0')
  const base = [0, 2, 4].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16))
  return [0, 1, 2, 3, 4].map((step) => {
    const tint = step * 0.15
    const [r, g, b] = base.map((channel) => Math.round(channel + (255 - channel) * tint))
    return `rgb(${r}, ${g}, ${b})`
  })
}
