import { registerWallet } from '@wallet-standard/wallet'
import { announceProvider } from './announce.ts'
import { CONFIG_GLOBAL, type DevWalletConfig, parseDevWalletConfig } from './config.ts'
import { createDevWalletProvider } from './provider.ts'
import { rejectionPolicy } from './rejection.ts'
import { lazyPrivateKeyAccount } from './signer.ts'
import { memoryStorage, type WalletStorage } from './storage.ts'

type WalletWindow = Window & { [CONFIG_GLOBAL]?: DevWalletConfig; ethereum?: unknown }
const win = window as WalletWindow

/** localStorage throws on opaque origins (sandboxed frames, about:blank in some cases). */
function pageStorage(): WalletStorage {
  try {
    const storage = win.localStorage
    storage.getItem('portico-dev-wallet:probe')
    return storage
  } catch {
    return memoryStorage()
  }
}

function install(): void {
  const raw = win[CONFIG_GLOBAL]
  if (raw === undefined) {
    console.warn(`[portico dev wallet] window.${CONFIG_GLOBAL} is not set: the dev wallet stays off`)
    return
  }
  const config = parseDevWalletConfig(raw)
  const storage = pageStorage()
  const fetch = (input: string, init: RequestInit) => win.fetch(input, init)
  const shouldReject = rejectionPolicy(() => win[CONFIG_GLOBAL])
  const provider = createDevWalletProvider({
    // The viem account and noble's base-point table (~0.35 MiB) wait for the first signature.
    account: lazyPrivateKeyAccount(config.privateKey),
    chains: config.chains,
    chainId: config.defaultChainId,
    storage,
    fetch,
    shouldReject,
    origin: win.location.origin,
    ...(config.assets && { assets: config.assets }),
    ...(config.batchDelegates && { batchDelegates: config.batchDelegates }),
  })
  // The Solana (ed25519) and Bitcoin (bitcoinjs-lib, secp256k1) wallets run only for a config that asks
  // for them (heap otherwise held by every page the wallet is injected into). The bundle has no async
  // chunks: each import runs from the same file, before any page script (a microtask after this init
  // script). A wallet that fails to start (e.g. a Solana key whose halves do not match) is reported.
  const failed = (chain: string) => (error: unknown) =>
    console.error(`[portico dev wallet] ${chain} wallet failed to start:`, error)
  if (config.solana) {
    const { secretKey, rpcUrl, networkId } = config.solana
    import('./solana/wallet.ts')
      .then(({ createSolanaDevWallet }) =>
        registerWallet(createSolanaDevWallet({ secretKey, rpcUrl, networkId, storage, fetch, shouldReject })),
      )
      .catch(failed('Solana'))
  }
  if (config.bitcoin) {
    const bitcoin = config.bitcoin
    import('./bitcoin/wallet.ts')
      .then(({ createBitcoinDevWallet }) =>
        registerWallet(createBitcoinDevWallet({ ...bitcoin, storage, shouldReject })),
      )
      .catch(failed('Bitcoin'))
  }
  announceProvider(win, provider)
  if (config.legacyInjected) {
    win.ethereum = provider
    win.dispatchEvent(new Event('ethereum#initialized'))
  }
}

install()
