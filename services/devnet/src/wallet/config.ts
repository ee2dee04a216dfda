import { type Hex, isHex } from 'viem'
import {
  type BitcoinDevWalletConfig,
  type ParsedBitcoinConfig,
  parseBitcoinWalletConfig,
} from './bitcoin/config.ts'
import type { RejectionConfig } from './rejection.ts'
import {
  type ParsedSolanaConfig,
  parseSolanaWalletConfig,
  type SolanaDevWalletConfig,
} from './solana/config.ts'

/** What a page (or Playwright's addInitScript) sets on window.__PORTICO_DEV_WALLET__. */
export interface DevWalletConfig extends RejectionConfig {
  privateKey: Hex
  chains: { [chainId: number]: string }
  defaultChainId: number
  /** Also expose the provider as window.ethereum, like pre-EIP-6963 extensions. */
  legacyInjected?: boolean
  /** Also register a Wallet Standard Solana wallet (see SolanaDevWalletConfig). */
  solana?: SolanaDevWalletConfig
  /** Also register a Wallet Standard Bitcoin wallet (see BitcoinDevWalletConfig). */
  bitcoin?: BitcoinDevWalletConfig
  /**
   * ERC-20 addresses per chain id: the wallet then reports the assetDiscovery capability for those
   * chains and answers wallet_getAssets (EIP-7811) with the native and these tokens' balances.
   */
  assets?: { [chainId: number]: Hex[] }
  /**
   * The EIP-7702 delegate per chain id (the devnet fixtures' `eip7702.simple7702Account`): the wallet
   * then answers EIP-5792 (wallet_getCapabilities `atomic`, wallet_sendCalls, wallet_getCallsStatus)
   * and sends a batch as one transaction where the delegate is deployed. Without it the wallet has no
   * EIP-5792 batches (a dapp sends call after call).
   */
  batchDelegates?: { [chainId: number]: Hex }
}

/** Most ERC-20s configured per chain (one Multicall3 call reads them all). */
export const MAX_ASSET_TOKENS = 50

/** The config after checking (the Solana key checked for length; its keypair is made when that wallet starts). */
export type ParsedDevWalletConfig = Omit<DevWalletConfig, 'solana' | 'bitcoin'> & {
  solana?: ParsedSolanaConfig
  bitcoin?: ParsedBitcoinConfig
}

export const CONFIG_GLOBAL = '__PORTICO_DEV_WALLET__'

export function parseDevWalletConfig(raw: unknown): ParsedDevWalletConfig {
  const fail = (why: string): never => {
    throw new Error(`Invalid window.${CONFIG_GLOBAL}: ${why}`)
  }
  if (typeof raw !== 'object' || raw === null) return fail('expected an object')
  const config = raw as Partial<DevWalletConfig>
  if (typeof config.privateKey !== 'string' || !isHex(config.privateKey) || config.privateKey.length !== 66) {
    fail('privateKey must be a 32-byte 0x-prefixed hex string')
  }
  if (typeof config.chains !== 'object' || config.chains === null)
    fail('chains must map chain ids to RPC URLs')
  const chains: Record<number, string> = {}
  for (const [id, url] of Object.entries(config.chains ?? {})) {
    if (!Number.isSafeInteger(Number(id)) || Number(id) <= 0) fail(`chain id ${id} is not a positive integer`)
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) fail(`chain ${id} needs an http(s) RPC URL`)
    chains[Number(id)] = url
  }
  const defaultChainId = Number(config.defaultChainId)
  if (!(defaultChainId in chains)) fail(`defaultChainId ${config.defaultChainId} is not one of chains`)
  if (config.autoReject !== undefined && !Array.isArray(config.autoReject)) fail('autoReject must be a list')
  const solana = config.solana === undefined ? undefined : parseSolanaWalletConfig(config.solana, fail)
  const bitcoin = config.bitcoin === undefined ? undefined : parseBitcoinWalletConfig(config.bitcoin, fail)
  const assets = config.assets === undefined ? undefined : parseAssets(config.assets, chains, fail)
  const batchDelegates =
    config.batchDelegates === undefined ? undefined : parseDelegates(config.batchDelegates, chains, fail)
  return {
    ...config,
    chains,
    defaultChainId,
    solana,
    bitcoin,
    assets,
    batchDelegates,
  } as ParsedDevWalletConfig
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

function parseDelegates(
  raw: unknown,
  chains: Record<number, string>,
  fail: (why: string) => never,
): Record<number, Hex> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('batchDelegates must map chain ids to a delegate address')
  const delegates: Record<number, Hex> = {}
  for (const [id, address] of Object.entries(raw)) {
    if (!(Number(id) in chains)) fail(`batchDelegates chain ${id} is not one of chains`)
    if (typeof address !== 'string' || !ADDRESS.test(address))
      fail(`batchDelegates of chain ${id}: ${JSON.stringify(address)} is not an address`)
    delegates[Number(id)] = address as Hex
  }
  return delegates
}

function parseAssets(
  raw: unknown,
  chains: Record<number, string>,
  fail: (why: string) => never,
): Record<number, Hex[]> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('assets must map chain ids to ERC-20 address lists')
  const assets: Record<number, Hex[]> = {}
  for (const [id, tokens] of Object.entries(raw)) {
    if (!(Number(id) in chains)) fail(`assets chain ${id} is not one of chains`)
    if (!Array.isArray(tokens) || tokens.length > MAX_ASSET_TOKENS)
      fail(`assets of chain ${id} must be a list of at most ${MAX_ASSET_TOKENS} addresses`)
    for (const token of tokens as unknown[])
      if (typeof token !== 'string' || !ADDRESS.test(token))
        fail(`assets of chain ${id}: ${JSON.stringify(token)} is not an address`)
    assets[Number(id)] = tokens as Hex[]
  }
  return assets
}
