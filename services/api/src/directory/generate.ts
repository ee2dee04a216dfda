/**
 * Builds the local wallet catalogue (wallet entries plus SVG images) from a fixed seed. The output is
 * data (`services/api/data/`), written by `scripts/generate-wallets.ts`; the service only reads it.
 * Same seed → byte-identical output, which a test checks against the committed files.
 */
import { createHash } from 'node:crypto'
import type { CatalogueWallet } from './catalogue.ts'

export const CATALOGUE_SEED = 20_250_601
export const CATALOGUE_SIZE = 320

/** The built-in dev wallet (services/devnet), listed like any other wallet. */
export const DEV_WALLET_ENTRY = {
  slug: 'portico-dev-wallet',
  name: 'Portico Dev Wallet',
  rdns: 'dev.portico.wallet',
} as const

const EVM_MAINNETS = [1, 10, 137, 42161, 8453, 56, 43114, 100, 324, 42220, 7777777, 1313161554]
const EVM_TESTNETS = [11155111, 84532, 421613, 80001, 97, 43113, 280, 84531, 5, 420, 999, 1313161555]
/** The devnet's chains: most EVM wallets let people add a local network. */
const DEVNET_CHAINS = ['eip155:31337', 'eip155:31338']
const SOLANA = {
  mainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
}
const BITCOIN = {
  mainnet: 'bip122:000000000019d6689c085ae165831e93',
  testnet: 'bip122:000000000933ea01ad0ee984209779ba',
}

// biome-ignore format: a data table
const FIRST = [
  'Aurora', 'Basalt', 'Cobalt', 'Drift', 'Ember', 'Fathom', 'Glacier', 'Harbor', 'Indigo', 'Juniper',
  'Kestrel', 'Lumen', 'Meridian', 'Nimbus', 'Onyx', 'Pylon', 'Quartz', 'Rook', 'Sable', 'Tidal',
  'Umber', 'Vertex', 'Willow', 'Xenon', 'Yonder', 'Zephyr', 'Atlas', 'Beacon', 'Cinder', 'Delta',
  'Echo', 'Falcon', 'Granite', 'Halo', 'Iris', 'Jade', 'Krypton', 'Lattice', 'Mosaic', 'Nova',
  'Orbit', 'Prism', 'Quill', 'Raven', 'Summit', 'Tundra', 'Unity', 'Velvet', 'Wander', 'Yarrow',
  'Zenith', 'Amber', 'Bramble', 'Crest', 'Dune', 'Fable', 'Grove', 'Heron', 'Ivory', 'Lotus',
] as const
// biome-ignore format: a data table
const SECOND = [
  'Wallet', 'Vault', 'Pay', 'Keys', 'Safe', 'Pocket', 'Purse', 'Signer', 'Keep', 'Chest',
  'Coffer', 'Wallet X', 'Hub', 'Pass', 'One', 'Go', 'Link', 'Mobile', 'Pro', 'Lite',
] as const
// biome-ignore format: a data table
const PALETTE = [
  ['#4f46e5', '#818cf8'], ['#0ea5e9', '#38bdf8'], ['#10b981', '#34d399'], ['#f59e0b', '#fbbf24'],
  ['#ef4444', '#f87171'], ['#8b5cf6', '#a78bfa'], ['#ec4899', '#f472b6'], ['#14b8a6', '#5eead4'],
  ['#f97316', '#fb923c'], ['#6366f1', '#22d3ee'], ['#84cc16', '#bef264'], ['#0f172a', '#475569'],
] as const

/** Network image ids (`/public/getAssetImage/{id}`): a short label per CAIP-2 network. */
// biome-ignore format: a data table
export const ASSET_IMAGES: Record<string, string> = {
  'eip155-1': 'ETH', 'eip155-5': 'GOE', 'eip155-11155111': 'SEP', 'eip155-10': 'OP', 'eip155-420': 'OPG',
  'eip155-42161': 'ARB', 'eip155-421613': 'ARG', 'eip155-137': 'POL', 'eip155-80001': 'MUM',
  'eip155-42220': 'CELO', 'eip155-1313161554': 'AUR', 'eip155-1313161555': 'AUT', 'eip155-56': 'BNB',
  'eip155-97': 'BNT', 'eip155-43114': 'AVAX', 'eip155-43113': 'FUJI', 'eip155-324': 'ZKS',
  'eip155-280': 'ZKT', 'eip155-100': 'GNO', 'eip155-8453': 'BASE', 'eip155-84531': 'BSG',
  'eip155-84532': 'BSS', 'eip155-7777777': 'ZORA', 'eip155-999': 'ZRT', 'eip155-31337': 'DVA',
  'eip155-31338': 'DVB', 'solana-mainnet': 'SOL', 'solana-devnet': 'SOD', 'solana-testnet': 'SOT',
  'bip122-mainnet': 'BTC', 'bip122-testnet': 'TBTC',
}
/** Fiat currency image ids (`/public/getCurrencyImage/{id}`), ISO 4217 codes. */
// biome-ignore format: a data table
export const CURRENCY_IMAGES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'INR', 'BRL', 'MXN', 'SGD']
/** Token image ids (`/public/getTokenImage/{id}`): symbols, including the devnet's test tokens. */
// biome-ignore format: a data table
export const TOKEN_IMAGES = [
  'ETH', 'WETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'BTC', 'SOL', 'POL', 'MATIC', 'ARB', 'OP', 'BNB', 'AVAX',
  'CELO', 'GNO', 'LINK', 'UNI', 'AAVE', 'PTT', 'JUNK',
]

export interface GeneratedCatalogue {
  wallets: CatalogueWallet[]
  /** Relative path under the data directory → file content. */
  files: Map<string, string>
}

/** mulberry32: a tiny seeded PRNG, enough for repeatable test data. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A UUID-shaped id derived from a name (the directory's image ids look like this). */
function uuidFrom(text: string): string {
  const h = sha256(`image:${text}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

export function generateCatalogue(seed = CATALOGUE_SEED, size = CATALOGUE_SIZE): GeneratedCatalogue {
  const rnd = random(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T
  const chance = (p: number) => rnd() < p
  const subset = <T>(items: readonly T[], p: number) => items.filter(() => chance(p))

  const names = new Set<string>([DEV_WALLET_ENTRY.name])
  const ordered: string[] = []
  while (ordered.length < size - 1) {
    const name = `${pick(FIRST)} ${pick(SECOND)}`
    if (names.has(name)) continue
    names.add(name)
    ordered.push(name)
  }
  // The dev wallet is the one a local visitor can actually use: first in the directory's order.
  const all = [DEV_WALLET_ENTRY.name, ...ordered]

  const files = new Map<string, string>()
  const wallets = all.map((name, index): CatalogueWallet => {
    const isDev = name === DEV_WALLET_ENTRY.name
    const slug = isDev ? DEV_WALLET_ENTRY.slug : slugOf(name)
    const imageId = uuidFrom(slug)
    const colours = pick(PALETTE)
    files.set(`wallet-icons/${imageId}.svg`, walletIcon(name, colours, Math.floor(rnd() * 4)))
    if (isDev) {
      return {
        id: sha256(`portico-wallet:${slug}`),
        name,
        homepage: 'https://portico.example/dev-wallet',
        image_id: imageId,
        order: index + 1,
        rdns: DEV_WALLET_ENTRY.rdns,
        mobile_link: null,
        desktop_link: null,
        webapp_link: null,
        chains: [...DEVNET_CHAINS, 'eip155:1'],
        badge_type: 'certified',
      }
    }
    const kind = rnd()
    let chains: string[]
    if (kind < 0.72) {
      chains = [
        'eip155:1',
        ...subset(EVM_MAINNETS.slice(1), 0.55).map((id) => `eip155:${id}`),
        ...subset(EVM_TESTNETS, 0.3).map((id) => `eip155:${id}`),
        ...(chance(0.9) ? DEVNET_CHAINS : []),
      ]
    } else if (kind < 0.88) {
      chains = [
        'eip155:1',
        ...subset(EVM_MAINNETS.slice(1), 0.6).map((id) => `eip155:${id}`),
        ...(chance(0.85) ? DEVNET_CHAINS : []),
        SOLANA.mainnet,
        ...(chance(0.5) ? [SOLANA.devnet, SOLANA.testnet] : []),
        ...(chance(0.3) ? [BITCOIN.mainnet] : []),
      ]
    } else if (kind < 0.96) {
      chains = [
        SOLANA.mainnet,
        ...(chance(0.6) ? [SOLANA.devnet] : []),
        ...(chance(0.4) ? [SOLANA.testnet] : []),
      ]
    } else {
      chains = [BITCOIN.mainnet, ...(chance(0.5) ? [BITCOIN.testnet] : [])]
    }
    const host = `${slug}.example`
    const universal = chance(0.5)
    return {
      id: sha256(`portico-wallet:${slug}`),
      name,
      homepage: `https://${host}`,
      image_id: imageId,
      order: index + 1,
      rdns: chance(0.55) ? `com.${slug.replace(/-/g, '')}` : null,
      mobile_link: chance(0.7) ? (universal ? `https://${host}/wc` : `${slug.replace(/-/g, '')}://`) : null,
      desktop_link: chance(0.25) ? `${slug.replace(/-/g, '')}-desktop://` : null,
      webapp_link: chance(0.2) ? `https://app.${host}` : null,
      chains,
      badge_type: chance(0.3) ? 'certified' : 'none',
    }
  })

  for (const [id, label] of Object.entries(ASSET_IMAGES))
    files.set(`public-images/asset/${id}.svg`, disc(label, hue(label), 'network'))
  for (const code of CURRENCY_IMAGES)
    files.set(`public-images/currency/${code}.svg`, disc(code, hue(code), 'fiat'))
  for (const symbol of TOKEN_IMAGES)
    files.set(`public-images/token/${symbol}.svg`, disc(symbol, hue(symbol), 'token'))
  return { wallets, files }
}

function hue(label: string): number {
  let h = 0
  for (const ch of label) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360
  return h
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch,
  )

/** A rounded square with a gradient, a shape and the wallet's initials. */
function walletIcon(name: string, [from, to]: readonly [string, string], shape: number): string {
  const initials = name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
  const shapes = [
    '<circle cx="74" cy="22" r="14" fill="#fff" fill-opacity=".18"/>',
    '<path d="M0 70 L96 40 V96 H0z" fill="#fff" fill-opacity=".14"/>',
    '<rect x="56" y="56" width="52" height="52" rx="12" fill="#fff" fill-opacity=".16" transform="rotate(20 82 82)"/>',
    '<circle cx="20" cy="80" r="26" fill="#fff" fill-opacity=".14"/>',
  ]
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<title>${escapeXml(name)}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    '<rect width="96" height="96" rx="24" fill="url(#g)"/>' +
    (shapes[shape] ?? '') +
    `<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" ` +
    `font-size="34" fill="#fff">${escapeXml(initials)}</text></svg>\n`
  )
}

/** A coloured disc with a label: networks, fiat currencies and tokens. */
function disc(label: string, h: number, kind: 'network' | 'fiat' | 'token'): string {
  const size = label.length <= 2 ? 15 : label.length === 3 ? 12 : 10
  const ring =
    kind === 'network'
      ? `<circle cx="20" cy="20" r="17" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>`
      : ''
  const fill = kind === 'fiat' ? `hsl(${h} 35% 38%)` : `hsl(${h} 60% 45%)`
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">' +
    `<title>${escapeXml(label)}</title>` +
    `<circle cx="20" cy="20" r="20" fill="${fill}"/>${ring}` +
    `<text x="20" y="20" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" ` +
    `font-size="${size}" fill="#fff">${escapeXml(label)}</text></svg>\n`
  )
}
