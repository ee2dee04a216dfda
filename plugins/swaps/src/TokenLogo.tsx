import type { SwapTokenInfo } from '@portico/shared-types'
import { tokenPicture } from './tokenLogo.ts'

/**
 * A token's round picture (decorative: the symbol beside it names the token). The generated one is an
 * SVG with presentation attributes, so it needs neither an image host nor a style attribute.
 */
export function TokenLogo({
  token,
  size,
}: {
  token: Pick<SwapTokenInfo, 'address' | 'logoUri' | 'verified'>
  size: number
}) {
  const picture = tokenPicture(token)
  if (picture.kind === 'image')
    return <img className="pt-token-logo" src={picture.url} alt="" width={size} height={size} />
  const [from, to] = picture.colours
  const gradientId = picture.id
  return (
    <svg className="pt-token-logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <circle cx="16" cy="16" r="16" fill={`url(#${gradientId})`} />
    </svg>
  )
}
