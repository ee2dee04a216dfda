/**
 * behaviour §5 (the wallet frame's RPC allow-list) and behaviour §6 (safe and unsafe methods) as data.
 * The request pipeline (./pipeline.ts) applies them; tests import them.
 */
import { type Connector, ETH_READ_METHODS, UNSAFE_RPC_METHODS } from '@portico/shared-types'

/** behaviour §6: run without approval (reads, capabilities, calls status, assets, and sending a raw transaction). */
export const SAFE_METHODS: readonly string[] = [
  ...ETH_READ_METHODS,
  'eth_sendRawTransaction',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'solana_getAccounts',
  'solana_requestAccounts',
]

/** behaviour §6: need the ApproveTransaction view when a connector or plugin takes unsafe requests. */
export const UNSAFE_METHODS: readonly string[] = UNSAFE_RPC_METHODS

/** behaviour §5: the wallet frame's allow-list, every connector's base list. */
export const ALLOWED_METHODS: readonly string[] = [
  ...SAFE_METHODS,
  ...UNSAFE_METHODS.filter((method) => method !== 'eth_sendUserOperation'),
]

/**
 * What a browser or WalletConnect wallet legitimately needs beyond the frame's list: the network switch
 * of behaviour §7 (switch, falling back to add), EIP-747 token watching and EIP-2255 permissions.
 */
export const EXTERNAL_WALLET_METHODS: readonly string[] = [
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_requestPermissions',
  'wallet_getPermissions',
  'wallet_sendTransaction',
  'eth_sendUserOperation',
  // The Bitcoin Wallet Standard bridge (lazy bitcoin chunk): bitcoin:signTransaction of a PSBT.
  'bitcoin_signPsbt',
]

/**
 * Refused whatever a connector declares: eth_sign signs an arbitrary 32-byte hash (a transaction or a
 * permit the visitor cannot read), the classic drainer method.
 */
export const FORBIDDEN_METHODS: readonly string[] = ['eth_sign']

const CONNECTOR_EXTRAS: Record<Connector['type'], readonly string[]> = {
  INJECTED: EXTERNAL_WALLET_METHODS,
  ANNOUNCED: EXTERNAL_WALLET_METHODS,
  WALLET_CONNECT: EXTERNAL_WALLET_METHODS,
  EXTERNAL: EXTERNAL_WALLET_METHODS,
  AUTH: [],
}

/** Whether `method` may reach a wallet of this connector (type, plus the methods it declared). */
export function isMethodAllowed(
  method: string,
  connector: Pick<Connector, 'type'> | undefined,
  declared: readonly string[] = [],
): boolean {
  if (FORBIDDEN_METHODS.includes(method)) return false
  if (ALLOWED_METHODS.includes(method)) return true
  const extras = connector ? CONNECTOR_EXTRAS[connector.type] : []
  return extras.includes(method) || declared.includes(method)
}

export const isUnsafeMethod = (method: string): boolean => UNSAFE_METHODS.includes(method)
