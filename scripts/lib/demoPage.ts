/**
 * What the stack's demo page is told: window.__PORTICO_DEMO__ (the demo environment: chains,
 * plugins, relay, API, auth frame, Solana and Bitcoin nodes) and, on `npm start`, the dev wallet's
 * configuration (window.__PORTICO_DEV_WALLET__), injected into the page's head.
 */
import { DEV_ACCOUNTS, type Devnet, SOLANA_DEV_ACCOUNTS } from '@portico/devnet'

export const CHAIN_NAMES: Record<number, string> = { 31337: 'Portico Devnet A', 31338: 'Portico Devnet B' }
export const SOLANA_NETWORK_NAME = 'Portico Solana Devnet'
export const BITCOIN_NETWORK_NAME = 'Portico Bitcoin Regtest'

/** The stack's service URLs the demo page uses. */
export interface DemoServices {
  pluginBaseUrl: string
  relayUrl: string
  apiUrl: string
  authFrameUrl: string
}

/** The object the demo page reads as window.__PORTICO_DEMO__. */
export function demoEnvironment(devnet: Devnet, services: DemoServices): Record<string, unknown> {
  return {
    projectId: 'portico-dev',
    chains: devnet.chains.map((chain) => ({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      name: CHAIN_NAMES[chain.chainId] ?? `Chain ${chain.chainId}`,
    })),
    pluginBaseUrl: services.pluginBaseUrl,
    relayUrl: services.relayUrl,
    apiUrl: services.apiUrl,
    // The API also serves the wallet directory (getWallets, images) and the analytics sink.
    walletDirectoryUrl: services.apiUrl,
    // The embedded wallet's frame page (email and social login).
    authFrameUrl: services.authFrameUrl,
    // The devnet's Solana node (litesvm), requested by the demo beside the two anvil chains.
    ...(devnet.solana
      ? {
          solana: {
            networkId: devnet.solana.networkId,
            rpcUrl: devnet.solana.rpcUrl,
            name: SOLANA_NETWORK_NAME,
          },
        }
      : {}),
    // The Bitcoin regtest node: the demo reads balances, history and UTXOs through the API.
    ...(devnet.bitcoin
      ? { bitcoin: { networkId: devnet.bitcoin.networkId, name: BITCOIN_NETWORK_NAME } }
      : {}),
  }
}

export type DevWalletConfig = (
  accountIndex?: number,
  options?: { solana?: boolean; bitcoin?: boolean },
) => Record<string, unknown>

/**
 * The dev wallet configuration for a given dev account index; with `solana: true` it also registers
 * the Solana (Wallet Standard) wallet with SOLANA_DEV_ACCOUNTS[accountIndex] (0–4), with
 * `bitcoin: true` the Bitcoin one.
 */
export function devWalletConfigOf(devnet: Devnet): DevWalletConfig {
  return (accountIndex = 0, { solana = false, bitcoin = false } = {}) => {
    const solanaAccount = SOLANA_DEV_ACCOUNTS[accountIndex]
    const bitcoinAccount = devnet.bitcoin?.accounts[accountIndex]
    return {
      privateKey: DEV_ACCOUNTS[accountIndex]?.privateKey,
      chains: Object.fromEntries(devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
      defaultChainId: devnet.chains[0]?.chainId,
      ...(solana && devnet.solana && solanaAccount
        ? {
            solana: {
              secretKey: solanaAccount.secretKey,
              rpcUrl: devnet.solana.rpcUrl,
              networkId: devnet.solana.networkId,
            },
          }
        : {}),
      ...(bitcoin && devnet.bitcoin && bitcoinAccount
        ? {
            bitcoin: {
              privateKey: bitcoinAccount.privateKey,
              // The ordinals (taproot) key is shared by every index: tests read it, never spend it.
              ordinalsPrivateKey: devnet.bitcoin.taprootAccount.privateKey,
              networkId: devnet.bitcoin.networkId,
            },
          }
        : {}),
    }
  }
}

const script = (js: string) => `<script>${js.replace(/</g, '\\u003c')}</script>`

/** The demo page's head: its environment, and with `devWallet` the dev wallet (config and bundle). */
export function demoHead(environment: Record<string, unknown>, devWallet?: Record<string, unknown>): string {
  return [
    script(`window.__PORTICO_DEMO__=${JSON.stringify(environment)}`),
    ...(devWallet
      ? [
          script(`window.__PORTICO_DEV_WALLET__=${JSON.stringify(devWallet)}`),
          '<script src="/dev-wallet.js"></script>',
        ]
      : []),
  ].join('')
}
