/**
 * behaviour §7 Wallet assets: when the wallet reports the asset-discovery capability (EIP-5792
 * wallet_getCapabilities), the Tokens tab comes from its wallet_getAssets (EIP-7811) answer instead
 * of the balance service. The answer is hostile input: the list is bounded, each item is checked
 * (address, hex balance, type, decimals an integer 0–255, bounded name and symbol) and malformed ones
 * are dropped. Loaded on the first eip155 balance refresh, not with the kernel.
 */
import type { CaipAddress, CaipNetworkId, TokenBalance } from '@portico/shared-types'
import * as v from 'valibot'
import { DecimalsSchema } from '../api/quantity.ts'
import { WalletError } from '../connectors/errors.ts'

/** More assets on one chain than this is a hostile answer: the balance service is used instead. */
export const MAX_WALLET_ASSETS = 200

export type WalletRequest = (args: { method: string; params?: unknown }) => Promise<unknown>

/** A wallet that does not answer a discovery call in this time is treated as not supporting it. */
export const WALLET_ASSETS_TIMEOUT_MS = 5000

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WalletError('WALLET_TIMEOUT', 'the wallet did not answer')), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
const label = (max: number) =>
  v.pipe(
    v.string(),
    v.transform((s) => s.replace(CONTROL, '').trim()),
    v.minLength(1, 'Expected a non-empty name and symbol'),
    v.maxLength(max, `Expected a name or symbol of at most ${max} characters`),
  )

const AssetSchema = v.pipe(
  v.object({
    address: v.union([v.literal('native'), v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))]),
    // A uint256 as hex: at most 64 digits.
    balance: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a hex balance')),
    type: v.picklist(['native', 'erc20']),
    metadata: v.object({ name: label(64), symbol: label(16), decimals: DecimalsSchema }),
  }),
  v.check(
    (asset) => (asset.type === 'native') === (asset.address === 'native'),
    'Expected native ⇔ address native',
  ),
)

type Asset = v.InferOutput<typeof AssetSchema>

/** `value` in base units as a plain decimal string with `decimals` fraction digits at most. */
export function formatBaseUnits(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** Whether wallet_getCapabilities reports asset discovery for the chain (or for every chain, 0x0). */
export function supportsAssetDiscovery(capabilities: unknown, chainHex: string): boolean {
  if (typeof capabilities !== 'object' || capabilities === null) return false
  const of = (key: string) => {
    const chain = (capabilities as Record<string, unknown>)[key]
    const discovery =
      typeof chain === 'object' && chain !== null
        ? (chain as Record<string, unknown>).assetDiscovery
        : undefined
    return (
      typeof discovery === 'object' &&
      discovery !== null &&
      (discovery as { supported?: unknown }).supported === true
    )
  }
  return of(chainHex) || of('0x0')
}

/**
 * The chain's assets from a wallet_getAssets answer as token balances (native first), or undefined
 * when the answer is not a bounded list for the chain. Malformed, 0-decimal (behaviour §3 low quality)
 * and repeated items are dropped, each reported through `onDrop`.
 */
export function toTokenBalances(
  answer: unknown,
  chainHex: string,
  caipNetworkId: CaipNetworkId,
  onDrop: (message: string) => void = () => {},
): TokenBalance[] | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined
  const list = (answer as Record<string, unknown>)[chainHex]
  if (list === undefined) return []
  if (!Array.isArray(list) || list.length > MAX_WALLET_ASSETS) return undefined
  const seen = new Set<string>()
  const assets: Asset[] = []
  for (const raw of list) {
    const parsed = v.safeParse(AssetSchema, raw)
    if (!parsed.success) {
      onDrop(parsed.issues[0]?.message ?? 'malformed asset')
      continue
    }
    const key = parsed.output.address.toLowerCase()
    if (seen.has(key)) {
      onDrop(`repeated asset ${parsed.output.address}`)
      continue
    }
    seen.add(key)
    if (parsed.output.type === 'erc20' && Number(parsed.output.metadata.decimals) === 0) continue
    assets.push(parsed.output)
  }
  assets.sort((a, b) => Number(b.type === 'native') - Number(a.type === 'native'))
  return assets.map((asset): TokenBalance => {
    const decimals = Number(asset.metadata.decimals)
    return {
      name: asset.metadata.name,
      symbol: asset.metadata.symbol,
      chainId: caipNetworkId,
      ...(asset.type === 'erc20' && { address: `${caipNetworkId}:${asset.address}` as CaipAddress }),
      price: 0,
      quantity: { decimals: String(decimals), numeric: formatBaseUnits(BigInt(asset.balance), decimals) },
      iconUrl: '',
    }
  })
}

/**
 * The account's assets on the chain from the wallet, or undefined when the wallet does not report
 * asset discovery for it, refuses, does not answer within `timeoutMs`, or answers with no usable list
 * (the caller uses the balance service then). `supported` caches the capability answer per account
 * and chain (a wallet that did not answer counts as without it).
 */
export async function readWalletAssets(
  request: WalletRequest,
  address: string,
  caipNetworkId: CaipNetworkId,
  supported: Map<string, boolean>,
  onDrop?: (message: string) => void,
  timeoutMs = WALLET_ASSETS_TIMEOUT_MS,
): Promise<TokenBalance[] | undefined> {
  const reference = caipNetworkId.split(':')[1] ?? ''
  if (!/^\d{1,15}$/.test(reference)) return undefined
  const chainHex = `0x${Number(reference).toString(16)}`
  const key = `${caipNetworkId}:${address.toLowerCase()}`
  let capable = supported.get(key)
  if (capable === undefined) {
    capable = await withTimeout(
      request({ method: 'wallet_getCapabilities', params: [address, [chainHex]] }),
      timeoutMs,
    ).then(
      (answer) => supportsAssetDiscovery(answer, chainHex),
      () => false,
    )
    supported.set(key, capable)
  }
  if (!capable) return undefined
  try {
    const answer = await withTimeout(
      request({ method: 'wallet_getAssets', params: [{ account: address, chainFilter: [chainHex] }] }),
      timeoutMs,
    )
    return toTokenBalances(answer, chainHex, caipNetworkId, onDrop)
  } catch {
    return undefined
  }
}
