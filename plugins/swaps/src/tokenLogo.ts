/**
 * Which picture a token gets: its own https image only when the token is listed, else one drawn from
 * its address. Never chosen by symbol or name, so an unlisted contract calling itself USDC never
 * shows the listed USDC's image.
 */
import type { SwapTokenInfo } from '@portico/shared-types'
import { tokenKey } from './tokens.ts'

export type TokenPicture =
  | { kind: 'image'; url: string }
  /** `id` names the gradient: equal for one address, so two logos of a token may share it. */
  | { kind: 'generated'; colours: [string, string]; id: string }

/** FNV-1a over the text: a stable 32-bit number, spread enough for two hues. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index)
    value = Math.imul(value, 0x01000193)
  }
  return value >>> 0
}

/** Two colours from the address (CAIP-10, any case), the same on every render and device. */
export function generatedColours(address: string): [string, string] {
  const value = hash(tokenKey(address))
  const hue = value % 360
  const second = (hue + 40 + ((value >>> 9) % 120)) % 360
  return [`hsl(${hue} 70% 55%)`, `hsl(${second} 75% 40%)`]
}

export function tokenPicture(token: Pick<SwapTokenInfo, 'address' | 'logoUri' | 'verified'>): TokenPicture {
  if (token.logoUri && token.verified !== false) return { kind: 'image', url: token.logoUri }
  const id = `pt-token-logo-${hash(tokenKey(token.address)).toString(36)}`
  return { kind: 'generated', colours: generatedColours(token.address), id }
}
