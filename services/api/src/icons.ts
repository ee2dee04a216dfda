/**
 * A token icon that needs no image host: a coloured disc with the symbol's first letters, as an SVG
 * data URL (usable as <img src>). The colour derives from the symbol, so it is stable.
 */
export function tokenIconUrl(symbol: string | null): string {
  const key = symbol ?? ''
  let url = cache.get(key)
  if (url === undefined) {
    url = render(symbol)
    if (cache.size < 1000) cache.set(key, url)
  }
  return url
}

const cache = new Map<string, string>()

/**
 * The icon of a token not on the network's token list: a grey disc with "?", the same for all of
 * them, so an unlisted contract calling itself USDC never carries the listed USDC's disc.
 */
export const UNVERIFIED_TOKEN_ICON_URL = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">` +
    `<circle cx="20" cy="20" r="19" fill="hsl(0 0% 55%)" stroke="hsl(0 0% 35%)" stroke-width="2" stroke-dasharray="4 3"/>` +
    `<text x="20" y="20" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" ` +
    `font-size="18" fill="#fff">?</text></svg>`,
)}`

function render(symbol: string | null): string {
  const label =
    (symbol ?? '?')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 4)
      .toUpperCase() || '?'
  let h = 0
  for (const ch of label) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360
  const size = label.length <= 2 ? 15 : label.length === 3 ? 12 : 10
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">` +
    `<circle cx="20" cy="20" r="20" fill="hsl(${h} 60% 45%)"/>` +
    `<text x="20" y="20" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" ` +
    `font-size="${size}" fill="#fff">${label}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
