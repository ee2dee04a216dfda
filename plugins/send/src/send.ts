import {
  type AccountState,
  type CaipNetworkId,
  GAS_UNITS_FOR_ESTIMATES,
  MESSAGES,
  type Network,
  type TokenBalance,
} from '@portico/shared-types'
import type {
  EvmHelpers,
  PluginContext,
  PluginStore,
  SolanaHelpers,
  UnitHelpers,
  UnitsError,
  WalletCall,
} from '@portico/shared-types/plugin'
import type { ChainHelpers } from './helpers.ts'
import { isReceiverName, looksLikeName, normaliseName, type ResolvedReceiver } from './receiverName.ts'
import { gasSponsored } from './sponsorship.ts'
import { strings } from './strings.ts'

/** Namespaces the send plugin can send on: eip155 (native and ERC-20), solana (SOL) and bip122 (BTC). */
export const SEND_NAMESPACES: readonly string[] = ['eip155', 'solana', 'bip122']

/** behaviour §3 send state, the amount kept as typed (a string) so no precision is lost. */
export interface SendState {
  token?: TokenBalance
  sendTokenAmount: string
  receiverAddress: string
  /** behaviour §3 receiver profile name and image: the name in the receiver field, resolved on preview. */
  resolvedReceiver?: ResolvedReceiver
  gas?: bigint
  gasPrice?: bigint
  gasPriceInUSD?: number
  networkBalanceInUSD?: number
  loading: boolean
  /** The form was submitted once: show every field error from now on. */
  submitted: boolean
  error?: string
}

export const initialSendState = (): SendState => ({
  sendTokenAmount: '',
  receiverAddress: '',
  loading: false,
  submitted: false,
})

export type SendStore = PluginStore<SendState>

/** behaviour §9 does not price Solana fees; the network's base fee is 5 000 lamports per signature. */
export const SOLANA_FEE_LAMPORTS = 5_000n

const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

export const tokenKey = (token: TokenBalance) => token.address ?? `native:${token.chainId}`
export const isNative = (token: TokenBalance) => token.address === undefined

/** The API's balances of the account, or the chain's native balance when there are none. */
export function sendableTokens(
  account: AccountState | undefined,
  network: Network | undefined,
): TokenBalance[] {
  if (!account?.address || !network) return []
  if (account.tokenBalance.length > 0) return account.tokenBalance
  return [
    {
      name: network.nativeCurrency.name,
      symbol: network.nativeCurrency.symbol,
      chainId: network.caipNetworkId,
      price: 0,
      quantity: { decimals: String(network.nativeCurrency.decimals), numeric: account.balance ?? '0' },
      iconUrl: '',
    },
  ]
}

export interface FieldErrors {
  amount?: string
  receiver?: string
}

/** The amount in the smallest unit, or the UnitsError code that says why it is not one. */
export function parseAmount(
  units: UnitHelpers,
  amount: string,
  decimals: number,
): { value: bigint } | { code: UnitsError['code'] } {
  try {
    return { value: units.parseUnits(amount, decimals) }
  } catch (error) {
    return { code: (error as Partial<UnitsError>).code ?? 'invalidAmount' }
  }
}

/** The amount in the smallest unit, 0n when it is not a valid one (validate() said why). */
export const unitsOf = (units: UnitHelpers, amount: string, decimals: number): bigint => {
  const parsed = parseAmount(units, amount, decimals)
  return 'value' in parsed ? parsed.value : 0n
}

const HEX_ADDRESS = /^(0x)?[\da-fA-F]{40}$/

/**
 * behaviour §5: a positive amount within the balance and the token's decimals, and a receiver of the
 * namespace (the kernel's helpers decide what an address is).
 */
export function validate(
  state: Pick<SendState, 'sendTokenAmount' | 'receiverAddress'>,
  token: TokenBalance | undefined,
  helpers: ChainHelpers,
  namespace = 'eip155',
) {
  const errors: FieldErrors = {}
  if (!token) errors.amount = MESSAGES.enterValidAmount
  else {
    const decimals = Number(token.quantity.decimals)
    const parsed = parseAmount(helpers, state.sendTokenAmount, decimals)
    if ('code' in parsed)
      errors.amount =
        parsed.code === 'tooManyDecimals'
          ? strings.amountTooFine(token.symbol, decimals)
          : MESSAGES.enterValidAmount
    else if (parsed.value <= 0n) errors.amount = MESSAGES.enterValidAmount
    else if (parsed.value > unitsOf(helpers, token.quantity.numeric, decimals))
      errors.amount = MESSAGES.insufficientBalance
  }
  const receiver = state.receiverAddress
  // A name is checked for its form here and resolved through the API on preview.
  if (looksLikeName(receiver, namespace)) {
    if (!isReceiverName(receiver)) errors.receiver = strings.invalidReceiverOrName
  } else if (!helpers.isAddress(receiver))
    errors.receiver =
      namespace === 'bip122'
        ? strings.invalidBitcoinReceiver
        : namespace === 'solana'
          ? strings.invalidSolanaReceiver
          : HEX_ADDRESS.test(receiver.trim())
            ? strings.badChecksum
            : strings.invalidReceiver
  return errors
}

/**
 * Where the funds go: the typed address, or the address resolved for exactly the name now in the
 * field (undefined when the name was not resolved, or another name is typed since).
 */
export function destinationOf(
  state: Pick<SendState, 'receiverAddress' | 'resolvedReceiver'>,
  namespace: string,
): string | undefined {
  if (!looksLikeName(state.receiverAddress, namespace)) return state.receiverAddress
  const resolved = state.resolvedReceiver
  return resolved && resolved.name === normaliseName(state.receiverAddress) ? resolved.address : undefined
}

export interface PreparedSend {
  from: `0x${string}`
  to: `0x${string}`
  value: `0x${string}`
  data?: `0x${string}`
}

const toQuantity = (value: bigint): `0x${string}` => `0x${value.toString(16)}`

/** The send as a call for sendCalls (the sender is sendCalls' `from`). */
export const sendCallOf = ({ to, value, data }: PreparedSend): WalletCall => ({
  to,
  value,
  ...(data === undefined ? {} : { data }),
})

/** The eip155 transaction: a value transfer, or ERC-20 transfer calldata to the token contract. */
export function buildTransaction(
  evm: EvmHelpers,
  from: string,
  token: TokenBalance,
  amount: string,
  receiver: string,
): PreparedSend {
  const units = evm.parseUnits(amount, Number(token.quantity.decimals))
  if (isNative(token))
    return { from: evm.getAddress(from), to: evm.getAddress(receiver), value: toQuantity(units) }
  return {
    from: evm.getAddress(from),
    to: evm.getAddress(token.address?.split(':')[2] ?? ''),
    value: '0x0',
    data: evm.encodeErc20Transfer(receiver, units),
  }
}

const toNumber = (wei: bigint, decimals: number) => Number(wei) / 10 ** decimals

/** Whether the account is a smart account (behaviour §5: those are never short of gas). */
export function isSmartAccount(account: AccountState): boolean {
  const address = account.address?.toLowerCase()
  return (
    account.allAccounts.some(
      (entry) => entry.address.toLowerCase() === address && entry.type === 'smartAccount',
    ) ||
    (account.connectedWalletInfo?.type === 'AUTH' && account.preferredAccountType === 'smartAccount')
  )
}

export interface GasCheck {
  gas: bigint
  gasPrice: bigint
  gasPriceInUSD: number
  networkBalanceInUSD: number
  insufficient: boolean
}

async function nativePrice(ctx: PluginContext, network: Network, tokens: TokenBalance[]): Promise<number> {
  const listed = tokens.find(isNative)?.price
  if (listed) return listed
  const api = ctx.services.api
  if (!api) return 0
  try {
    const { fungibles } = await api.fetchPrices([`${network.caipNetworkId}:${NATIVE_TOKEN_ADDRESS}`])
    return fungibles[0]?.price ?? 0
  } catch {
    return 0
  }
}

async function gasPriceOf(ctx: PluginContext, caipNetworkId: CaipNetworkId): Promise<bigint> {
  const api = ctx.services.api
  if (api) {
    try {
      return BigInt((await api.fetchGasPrice(caipNetworkId)).standard)
    } catch (error) {
      ctx.log.warn('gas price from the API failed; asking the wallet', error)
    }
  }
  const provider = ctx.account.provider()
  return BigInt((await provider?.request({ method: 'eth_gasPrice' })) as string)
}

/** The native balance now (the wallet's node), else the last one read. */
async function nativeBalance(
  ctx: PluginContext,
  evm: EvmHelpers,
  from: string,
  account: AccountState,
  tokens: TokenBalance[],
  decimals: number,
): Promise<bigint> {
  try {
    const live = await ctx.account.provider()?.request({ method: 'eth_getBalance', params: [from, 'latest'] })
    if (typeof live === 'string') return BigInt(live)
  } catch (error) {
    ctx.log.warn('could not read the native balance', error)
  }
  return unitsOf(evm, tokens.find(isNative)?.quantity.numeric ?? account.balance ?? '0', decimals)
}

/**
 * Gas estimate and gas price (API, else the wallet) in USD, and behaviour §5's rule: short of gas when the
 * native balance in USD is 0 or below the gas price in USD; a smart account never is. A native send
 * also needs the amount plus the fee.
 */
export async function checkGas(
  ctx: PluginContext,
  evm: EvmHelpers,
  account: AccountState,
  network: Network,
  tokens: TokenBalance[],
  tx: PreparedSend,
): Promise<GasCheck> {
  const provider = ctx.account.provider()
  // No connected account on this namespace (behaviour §8): nothing to estimate from.
  if (!provider || !tx.from) throw new Error(MESSAGES.caipNetworkOrAddressUndefined)
  let gas = GAS_UNITS_FOR_ESTIMATES
  try {
    gas = BigInt((await provider.request({ method: 'eth_estimateGas', params: [tx] })) as string)
  } catch (error) {
    ctx.log.warn('eth_estimateGas failed; using the standard estimate', error)
  }
  const [gasPrice, price] = await Promise.all([
    gasPriceOf(ctx, network.caipNetworkId),
    nativePrice(ctx, network, tokens),
  ])
  const decimals = network.nativeCurrency.decimals
  const fee = gas * gasPrice
  const [balance, sponsored] = await Promise.all([
    nativeBalance(ctx, evm, tx.from, account, tokens, decimals),
    gasSponsored(ctx, network, tx.from),
  ])
  const gasPriceInUSD = toNumber(fee, decimals) * price
  const networkBalanceInUSD = toNumber(balance, decimals) * price
  const short =
    price > 0
      ? networkBalanceInUSD === 0 || networkBalanceInUSD < gasPriceInUSD
      : balance === 0n || balance < fee
  const value = tx.data === undefined ? BigInt(tx.value) : 0n
  // The app's paymaster pays the fee: only the amount itself must be there.
  const insufficient =
    !isSmartAccount(account) && (sponsored ? balance < value : short || balance < fee + value)
  return { gas, gasPrice, gasPriceInUSD, networkBalanceInUSD, insufficient }
}

/** Solana: the base fee per signature, against the live SOL balance (no price: compared in lamports). */
export async function checkSolanaFee(
  solana: SolanaHelpers,
  account: AccountState,
  network: Network,
  lamports: bigint,
): Promise<GasCheck> {
  let balance = unitsOf(solana, account.balance ?? '0', network.nativeCurrency.decimals)
  const url = network.rpcUrls.default.http[0]
  if (url && account.address) {
    try {
      balance = await solana.getBalance(url, account.address)
    } catch {
      // The last balance read stands.
    }
  }
  const insufficient =
    !isSmartAccount(account) && (balance === 0n || balance < SOLANA_FEE_LAMPORTS + lamports)
  return { gas: 1n, gasPrice: SOLANA_FEE_LAMPORTS, gasPriceInUSD: 0, networkBalanceInUSD: 0, insufficient }
}

/** Waits (up to about half a minute) for a Solana signature to be processed. */
export async function waitForSignature(
  solana: SolanaHelpers,
  url: string | undefined,
  signature: string,
): Promise<boolean> {
  for (let attempt = 0; url && attempt < 30; attempt++) {
    try {
      const status = await solana.signatureStatus(url, signature)
      if (status !== 'pending') return status === 'succeeded'
    } catch {
      // Try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return false
}
