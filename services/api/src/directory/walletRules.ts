/**
 * The rules every wallet row the API serves must pass, whoever wrote it: the dev fixture file, an
 * imported directory file, or a row read back from the database. A row is either cleaned (a bad
 * link or rdns dropped, a name's invisible characters removed) with a note saying what changed, or
 * refused with the reason. The wallet list is shown to visitors who click its links: a link that
 * runs script, or a name that reorders the text around it, must never reach them.
 */
import { displayText } from '../displayText.ts'
import type { CatalogueWallet } from './catalogue.ts'

/** The wallet id shape GET /getWallets accepts in include/exclude. */
export const WALLET_ID = /^[A-Za-z0-9._:-]{1,128}$/
/** CAIP-2, as GET /getWallets accepts it in chains. */
export const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
/** Image ids as the image routes accept them. */
export const IMAGE_ID = /^[A-Za-z0-9._-]{1,128}$/
const RDNS = /^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i
const SCHEME = /^([a-z][a-z0-9+.-]{0,31}):/i
/** Anything invisible or a space inside a link hides what it points at. */
const HIDDEN = /[\s\p{C}\p{Zl}\p{Zp}]/u

export const MAX_NAME_CHARS = 64
export const MAX_LINK_CHARS = 512
export const MAX_CHAINS = 300

/** Schemes that run code or read local data when opened: never a wallet link, whatever the field. */
const DANGEROUS_SCHEMES = new Set(['javascript', 'vbscript', 'data', 'file', 'blob', 'about', 'filesystem'])

export type LinkKind = 'web' | 'app'

/**
 * The link when it is safe to open, else the reason it is not. 'web' links (homepage, web app) are
 * https only; 'app' links (mobile, desktop) may also use a wallet's own scheme (metamask://).
 */
export function checkLink(raw: unknown, kind: LinkKind): { link: string } | { problem: string } {
  if (typeof raw !== 'string') return { problem: 'not a string' }
  if (raw.length > MAX_LINK_CHARS) return { problem: `longer than ${MAX_LINK_CHARS} characters` }
  if (HIDDEN.test(raw)) return { problem: 'holds spaces or invisible characters' }
  const scheme = SCHEME.exec(raw)?.[1]?.toLowerCase()
  if (!scheme) return { problem: 'has no scheme' }
  if (DANGEROUS_SCHEMES.has(scheme)) return { problem: `uses the ${scheme}: scheme` }
  if (scheme !== 'https' && (kind === 'web' || scheme === 'http'))
    return { problem: `uses ${scheme}: where only https: is allowed` }
  try {
    new URL(raw)
  } catch {
    return { problem: 'is not a valid URL' }
  }
  return { link: raw }
}

export interface CheckedWallet {
  wallet: CatalogueWallet
  /** What was cleaned, one short sentence each (empty when the row was fine). */
  notes: string[]
}

/** A wallet row as it should be served, or the reason it is refused. */
export function checkWallet(row: CatalogueWallet): CheckedWallet | { refused: string } {
  if (typeof row.id !== 'string' || !WALLET_ID.test(row.id))
    return { refused: 'id must be 1–128 letters, digits or . _ : -' }
  const name = displayText(row.name, MAX_NAME_CHARS)
  if (name === null) return { refused: 'name has no visible characters' }
  const notes: string[] = []
  if (name !== row.name) notes.push('name: invisible characters, extra spaces or excess length removed')
  const link = (field: keyof CatalogueWallet, kind: LinkKind, value: unknown): string | null => {
    if (value === null || value === undefined || value === '') return null
    const checked = checkLink(value, kind)
    if ('link' in checked) return checked.link
    notes.push(`${field} dropped: ${checked.problem}`)
    return null
  }
  let rdns: string | null = null
  if (row.rdns !== null && row.rdns !== undefined && row.rdns !== '') {
    if (typeof row.rdns === 'string' && RDNS.test(row.rdns)) rdns = row.rdns
    else notes.push('rdns dropped: not a reverse domain name')
  }
  const given = Array.isArray(row.chains) ? row.chains : []
  const chains = [...new Set(given.filter((c): c is string => typeof c === 'string' && CAIP2.test(c)))]
  if (chains.length < given.length) notes.push('chains: entries that are not CAIP-2 network ids dropped')
  if (chains.length > MAX_CHAINS) {
    notes.push(`chains: only the first ${MAX_CHAINS} kept`)
    chains.length = MAX_CHAINS
  }
  let imageId = ''
  if (row.image_id) {
    if (typeof row.image_id === 'string' && IMAGE_ID.test(row.image_id)) imageId = row.image_id
    else notes.push('image_id dropped: not a valid image id')
  }
  return {
    wallet: {
      id: row.id,
      name,
      homepage: link('homepage', 'web', row.homepage) ?? '',
      image_id: imageId,
      order: Number.isSafeInteger(row.order) && row.order > 0 ? row.order : Number.MAX_SAFE_INTEGER,
      rdns,
      mobile_link: link('mobile_link', 'app', row.mobile_link),
      desktop_link: link('desktop_link', 'app', row.desktop_link),
      webapp_link: link('webapp_link', 'web', row.webapp_link),
      chains,
      badge_type: row.badge_type === 'certified' ? 'certified' : 'none',
    },
    notes,
  }
}
