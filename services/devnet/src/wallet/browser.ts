import { registerWallet } from '@wallet-standard/wallet'
import { announceProvider } from './announce.ts'
import { CONFIG_GLOBAL, type DevWalletConfig, parseDevWalletConfig } from './config.ts'
import { createDevWalletProvider } from './provider.ts'
import { rejectionPolicy } from './rejection.ts'
import { lazyPrivateKeyAccount } from './signer.ts'
import { createSolanaDevWallet } from './solana/wallet.ts'
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
  })
  if (config.solana) {
    const { keypair, rpcUrl, networkId } = config.solana
    registerWallet(
      createSolanaDevWallet({ secretKey: keypair, rpcUrl, networkId, storage, fetch, shouldReject }),
    )
  }
  if (config.bitcoin) {
    // bitcoinjs-lib and secp256k1 run only for a config that asks for Bitcoin (~1 MiB of heap otherwise
    // held by every page the wallet is injected into). The bundle has no async chunks: the import runs
    // from the same file, before any page script (a microtask after this init script).
    const bitcoin = config.bitcoin
    import('./bitcoin/wallet.ts').then(
      ({ createBitcoinDevWallet }) =>
        registerWallet(createBitcoinDevWallet({ ...bitcoin, storage, shouldReject })),
      (error: unknown) => console.error('[portico dev wallet] Bitcoin wallet failed to start', error),
    )
  }
  announceProvider(win, provider)
  if (config.legacyInjected) {
    win.ethereum = provider
    win.dispatchEvent(new Event('ethereum#initialized'))
  }
}

install()
