/**
 * The solana namespace end to end below the UI: the real Portico Solana dev wallet (Wallet Standard,
 * ed25519 in process) registered through the real wallet-standard protocol, and the devnet's real
 * Solana JSON-RPC on litesvm for balances and sends. Signatures are checked with Node's own ed25519.
 */
import { createPublicKey, verify } from 'node:crypto'
import {
  createDevWalletProvider,
  createSolanaDevWallet,
  memoryStorage,
  type SolanaDevWallet,
  type WalletStorage,
} from '@portico/devnet/wallet'
import type { SolanaSignMessageResult, SolanaSignTransactionResult } from '@portico/shared-types'
import { Connection, PublicKey } from '@solana/web3.js'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { registerWallet } from '@wallet-standard/wallet'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
// The devnet package's main entry resolves its bundle path from a file: URL, which jsdom tests lack.
import { DEV_ACCOUNTS } from '../../../../services/devnet/src/accounts.ts'
import {
  SOLANA_DEV_ACCOUNTS,
  SOLANA_NETWORK_ID,
  type SolanaRpc,
  startSolanaRpc,
} from '../../../../services/devnet/src/solana/index.ts'
import {
  evmNetwork,
  mapBackend,
  solanaNetwork,
  type TestKernel,
  testKernel,
} from '../../../test/account/solanaTesting.ts'
import { connectExternal } from '../../account/connect.ts'
import { disconnectAll } from '../../account/disconnect.ts'
import { startConnectorDiscovery } from '../../account/discovery.ts'
import { autoReconnect } from '../../account/reconnect.ts'
import { switchNetwork } from '../../account/switchNetwork.ts'
import { decodeBase58, decodeBase64, encodeBase58, encodeBase64 } from '../../chains/solanaBase58.ts'
import { selectActiveAccount } from '../../state/selectors.ts'
import { STORAGE_KEYS } from '../../storage/keys.ts'
import { signSolanaMessage } from './body.ts'
import { solanaConnectorId, walletStandardWallet } from './wallets.ts'

const owner = SOLANA_DEV_ACCOUNTS[0] as (typeof SOLANA_DEV_ACCOUNTS)[number]
const other = SOLANA_DEV_ACCOUNTS[1] as (typeof SOLANA_DEV_ACCOUNTS)[number]
const EVM_ADDRESS = DEV_ACCOUNTS[0]?.address as string

function nodeVerify(message: Uint8Array, signature: Uint8Array, address: string): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(decodeBase58(address)).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, message, key, signature)
}

/** A legacy System-program transfer message, compiled by hand (header, keys, blockhash, one instruction). */
function transferMessage(from: string, to: string, lamports: number, blockhash: string): Uint8Array {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true) // SystemInstruction::Transfer
  view.setBigUint64(4, BigInt(lamports), true)
  return new Uint8Array([
    ...[1, 0, 1], // one signer (writable), no read-only signer, one read-only key (the program)
    3,
    ...decodeBase58(from),
    ...decodeBase58(to),
    ...new Uint8Array(32), // the System program, 11111111111111111111111111111111
    ...decodeBase58(blockhash),
    1,
    ...[2, 2, 0, 1, data.length],
    ...data,
  ])
}

let rpc: SolanaRpc
let connection: Connection
beforeAll(async () => {
  rpc = await startSolanaRpc({ port: 0 })
  connection = new Connection(rpc.rpcUrl, 'confirmed')
})
afterAll(() => rpc?.stop())

/** The page of one test: a wallet (with its own storage, like an extension's) and modals. */
let walletStorage: WalletStorage
let wallet: SolanaDevWallet
let rejected: string[]
const kernels: TestKernel[] = []
const unregisters: (() => void)[] = []

function newWallet(secretKey: readonly number[] = owner.secretKey) {
  return createSolanaDevWallet({
    secretKey,
    rpcUrl: rpc.rpcUrl,
    networkId: SOLANA_NETWORK_ID,
    storage: walletStorage,
    shouldReject: (method) => rejected.includes(method),
  })
}

/** Registers `target` with the page-wide registry of @wallet-standard/app; unregistered after the test. */
function registerForTest<W extends Wallet>(target: W): W {
  unregisters.push(getWallets().register(target))
  return target
}

/** A modal on the page: EIP-6963 and Wallet Standard discovery, requesting eip155 and the local Solana. */
function modal(backend = mapBackend()) {
  const kernel = testKernel({ networks: [evmNetwork(31337, 'http://127.0.0.1:9'), solana()] }, backend)
  kernels.push(kernel)
  startConnectorDiscovery(kernel, window)
  return kernel
}
const solana = () => solanaNetwork(rpc.rpcUrl)
const connectorId = () => solanaConnectorId(wallet)

let evmCleanup: (() => void) | undefined
/** The EVM side of the dev wallet, announced over EIP-6963 (viem local account, no chain needed here). */
function announceEvmWallet(storage: WalletStorage) {
  const provider = createDevWalletProvider({
    account: privateKeyToAccount(DEV_ACCOUNTS[0]?.privateKey as `0x${string}`),
    chains: { 31337: 'http://127.0.0.1:9' },
    chainId: 31337,
    storage,
    origin: 'http://localhost',
  })
  const info = {
    uuid: 'evm',
    name: 'Portico Dev Wallet',
    icon: 'data:image/svg+xml,<svg/>',
    rdns: 'dev.portico',
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  evmCleanup = () => window.removeEventListener('eip6963:requestProvider', announce)
  return provider
}

beforeEach(() => {
  walletStorage = memoryStorage()
  rejected = []
})
afterEach(() => {
  for (const kernel of kernels.splice(0)) {
    for (const cleanup of kernel.cleanups.splice(0)) cleanup()
    for (const dispose of kernel.sessions.values()) dispose()
  }
  for (const off of unregisters.splice(0)) off()
  evmCleanup?.()
  evmCleanup = undefined
})

describe('Wallet Standard discovery', () => {
  it('finds a wallet registered through the wallet-standard events and lists it as a solana connector', () => {
    const inner = newWallet()
    // A wallet the page registers itself (registerWallet: wallet-standard:register-wallet / app-ready).
    // It stays in the page-wide registry, so it gets a name of its own.
    const protocolWallet: Wallet = {
      version: inner.version,
      name: 'Protocol Wallet',
      icon: inner.icon,
      chains: inner.chains,
      features: inner.features,
      get accounts() {
        return inner.accounts
      },
    }
    registerWallet(protocolWallet)
    const kernel = modal()
    const connector = kernel.store.get().connectors.find((candidate) => candidate.name === 'Protocol Wallet')
    expect(connector).toEqual({
      id: 'walletStandard:solana:Protocol Wallet',
      type: 'ANNOUNCED',
      name: 'Protocol Wallet',
      imageUrl: inner.icon,
      chain: 'solana',
      chains: [SOLANA_NETWORK_ID],
    })
    expect(kernel.providers.has(connector?.id ?? '')).toBe(true)
    expect(walletStandardWallet(kernel, connector?.id ?? '')).toBe(protocolWallet)
  })

  it('adds wallets registering later and drops unregistered ones (resetting their connection)', async () => {
    const kernel = modal()
    const before = kernel.store.get().connectors.length
    wallet = newWallet()
    const off = getWallets().register(wallet)
    expect(kernel.store.get().connectors).toHaveLength(before + 1)
    expect(kernel.store.get().connectors.at(-1)).toMatchObject({ id: connectorId(), chain: 'solana' })
    await connectExternal(kernel, connectorId())
    expect(kernel.store.get().accounts.solana?.status).toBe('connected')
    off()
    expect(kernel.store.get().connectors.map((c) => c.id)).not.toContain(connectorId())
    expect(kernel.providers.has(connectorId())).toBe(false)
    await expect.poll(() => kernel.store.get().accounts.solana?.status).toBe('disconnected')
  })

  it('ignores wallets without standard:connect or a solana chain, and apps requesting no Solana network', () => {
    const base = newWallet()
    const shape = (name: string, chains: readonly string[], features: Wallet['features']): Wallet => ({
      version: '1.0.0',
      name,
      icon: base.icon,
      chains: chains as Wallet['chains'],
      features,
      accounts: [],
    })
    registerForTest(shape('BTC only', ['bitcoin:mainnet'], base.features))
    registerForTest(shape('No connect', [SOLANA_NETWORK_ID], {}))
    wallet = registerForTest(newWallet())
    const kernel = modal()
    const names = kernel.store
      .get()
      .connectors.filter((c) => c.chain === 'solana')
      .map((c) => c.name)
    expect(names).toContain('Portico Dev Wallet')
    expect(names).not.toContain('BTC only')
    expect(names).not.toContain('No connect')
    const evmOnly = testKernel({ networks: [evmNetwork(31337)] })
    kernels.push(evmOnly)
    startConnectorDiscovery(evmOnly, window)
    expect(evmOnly.store.get().connectors.filter((c) => c.chain === 'solana')).toEqual([])
  })
})

describe('connect', () => {
  beforeEach(() => {
    wallet = registerForTest(newWallet())
  })

  it('standard:connect → solana account state, solana active on the requested network, SOL balance from getBalance', async () => {
    const kernel = modal()
    const result = await connectExternal(kernel, connectorId())
    expect(result).toEqual({ supported: true })
    const state = kernel.store.get()
    expect(state.networks.activeNamespace).toBe('solana')
    expect(state.networks.byNamespace.solana?.caipNetwork?.caipNetworkId).toBe(SOLANA_NETWORK_ID)
    expect(state.accounts.solana).toMatchObject({
      status: 'connected',
      address: owner.publicKey,
      caipAddress: `${SOLANA_NETWORK_ID}:${owner.publicKey}`,
      connectorId: connectorId(),
      preferredAccountType: 'eoa',
      allAccounts: [
        { namespace: 'solana', address: owner.publicKey, type: 'eoa', publicKey: owner.publicKey },
      ],
      connectedWalletInfo: { name: 'Portico Dev Wallet', type: 'ANNOUNCED', icon: wallet.icon },
    })
    expect(kernel.events).toContainEqual({
      name: 'CONNECT_SUCCESS',
      payload: { method: 'browser', name: 'Portico Dev Wallet', namespace: 'solana' },
    })
    expect(kernel.storage.getString(STORAGE_KEYS.connectedConnectorId('solana'))).toBe(connectorId())
    expect(kernel.storage.getString(STORAGE_KEYS.connectedNamespaces)).toBe('solana')
    expect(kernel.storage.getString(STORAGE_KEYS.activeCaipNetworkId)).toBe(SOLANA_NETWORK_ID)

    const lamports = await connection.getBalance(new PublicKey(owner.publicKey))
    await expect.poll(() => kernel.store.get().accounts.solana?.balance).toBe(String(lamports / 1e9))
    expect(kernel.store.get().accounts.solana?.balanceSymbol).toBe('SOL')
  })

  it('a rejected connect leaves solana disconnected and reports CONNECT_ERROR', async () => {
    rejected = ['standard:connect']
    const kernel = modal()
    await expect(connectExternal(kernel, connectorId())).rejects.toMatchObject({ code: 4001 })
    expect(kernel.store.get().accounts.solana?.status).toBe('disconnected')
    expect(kernel.events.map((event) => event.name)).toContain('CONNECT_ERROR')
    expect(kernel.storage.getString(STORAGE_KEYS.connectedConnectorId('solana'))).toBeUndefined()
  })

  it('a wallet on none of the requested Solana networks connects as unsupported', async () => {
    const kernel = testKernel({
      networks: [evmNetwork(31337), solanaNetwork(rpc.rpcUrl, 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1')],
    })
    kernels.push(kernel)
    startConnectorDiscovery(kernel, window)
    expect(await connectExternal(kernel, connectorId())).toEqual({ supported: false })
    expect(kernel.store.get().networks.byNamespace.solana?.caipNetwork).toMatchObject({
      caipNetworkId: SOLANA_NETWORK_ID,
      name: 'Unknown Network',
    })
  })
})

describe('per-namespace accounts', () => {
  beforeEach(() => {
    wallet = registerForTest(newWallet())
  })

  it('keeps the eip155 account when a Solana wallet connects; switching networks switches the active account', async () => {
    announceEvmWallet(memoryStorage())
    const kernel = modal()
    await connectExternal(kernel, 'dev.portico')
    expect(selectActiveAccount(kernel.store.get())?.address).toBe(EVM_ADDRESS)

    await connectExternal(kernel, connectorId())
    let state = kernel.store.get()
    expect(state.accounts.eip155).toMatchObject({ status: 'connected', address: EVM_ADDRESS })
    expect(state.accounts.solana).toMatchObject({ status: 'connected', address: owner.publicKey })
    expect(selectActiveAccount(state)?.address).toBe(owner.publicKey)
    expect(kernel.storage.getString(STORAGE_KEYS.connectedNamespaces)).toBe('eip155,solana')

    await switchNetwork(kernel, evmNetwork(31337, 'http://127.0.0.1:9'))
    state = kernel.store.get()
    expect(state.networks.activeNamespace).toBe('eip155')
    expect(selectActiveAccount(state)?.address).toBe(EVM_ADDRESS)

    await switchNetwork(kernel, solana())
    state = kernel.store.get()
    expect(state.networks.activeNamespace).toBe('solana')
    expect(selectActiveAccount(state)?.caipAddress).toBe(`${SOLANA_NETWORK_ID}:${owner.publicKey}`)
  })

  it('the wallet revoking (standard:events change, no accounts) resets solana and makes eip155 active again', async () => {
    announceEvmWallet(memoryStorage())
    const kernel = modal()
    await connectExternal(kernel, 'dev.portico')
    await connectExternal(kernel, connectorId())
    // The user disconnects the site inside the wallet.
    await wallet.features['standard:disconnect'].disconnect()
    const state = kernel.store.get()
    expect(state.accounts.solana?.status).toBe('disconnected')
    expect(state.accounts.eip155?.status).toBe('connected')
    expect(state.networks.activeNamespace).toBe('eip155')
    expect(kernel.storage.getString(STORAGE_KEYS.connectedConnectorId('solana'))).toBeUndefined()
  })
})

describe('wallet events', () => {
  it('follows another account the wallet reports (standard:events change)', async () => {
    const inner = newWallet()
    const listeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()
    // The dev wallet holds one account: a wallet double around it emits what a multi-account wallet would.
    wallet = registerForTest({
      version: inner.version,
      name: inner.name,
      icon: inner.icon,
      chains: inner.chains,
      get accounts() {
        return inner.accounts
      },
      features: {
        ...inner.features,
        'standard:events': {
          version: '1.0.0',
          on: (_event: string, listener: (properties: { accounts?: readonly WalletAccount[] }) => void) => {
            listeners.add(listener)
            return () => listeners.delete(listener)
          },
        },
      },
    } as unknown as SolanaDevWallet)
    const kernel = modal()
    await connectExternal(kernel, connectorId())
    const otherAccount: WalletAccount = {
      address: other.publicKey,
      publicKey: decodeBase58(other.publicKey),
      chains: [SOLANA_NETWORK_ID],
      features: ['solana:signMessage'],
    }
    for (const listener of listeners) listener({ chains: inner.chains } as never)
    expect(kernel.store.get().accounts.solana?.address).toBe(owner.publicKey)
    for (const listener of listeners) listener({ accounts: [otherAccount] })
    expect(kernel.store.get().accounts.solana).toMatchObject({
      status: 'connected',
      address: other.publicKey,
      caipAddress: `${SOLANA_NETWORK_ID}:${other.publicKey}`,
    })
    await expect.poll(() => kernel.store.get().accounts.solana?.balance).not.toBeUndefined()
    const lamports = await connection.getBalance(new PublicKey(other.publicKey))
    await expect.poll(() => kernel.store.get().accounts.solana?.balance).toBe(String(lamports / 1e9))
    for (const listener of listeners) listener({ accounts: [] })
    expect(kernel.store.get().accounts.solana?.status).toBe('disconnected')
    expect(listeners.size).toBe(0)
  })
})

describe('signing through request (WalletConnect Solana methods) and signMessage', () => {
  beforeEach(() => {
    wallet = registerForTest(newWallet())
  })

  it('solana_signMessage and signSolanaMessage return a base58 ed25519 signature of the message', async () => {
    const kernel = modal()
    await connectExternal(kernel, connectorId())
    const provider = kernel.providers.get(connectorId())
    const message = new TextEncoder().encode('Hello from Portico')
    const { signature } = (await provider?.request({
      method: 'solana_signMessage',
      params: { message: encodeBase58(message), pubkey: owner.publicKey },
    })) as SolanaSignMessageResult
    expect(nodeVerify(message, decodeBase58(signature), owner.publicKey)).toBe(true)

    const viaHandle = await signSolanaMessage(kernel, 'Hello from Portico')
    expect(viaHandle).toBe(signature)
    expect(nodeVerify(message, decodeBase58(viaHandle), owner.publicKey)).toBe(true)
  })

  it('behaviour §5: message signing needs message and pubkey; only the connected account signs; rejections surface', async () => {
    const kernel = modal()
    const provider = kernel.providers.get(connectorId())
    await expect(
      provider?.request({ method: 'solana_signMessage', params: { message: '2g', pubkey: owner.publicKey } }),
    ).rejects.toMatchObject({ code: 4100 })
    await connectExternal(kernel, connectorId())
    await expect(
      provider?.request({ method: 'solana_signMessage', params: { message: '2g' } }),
    ).rejects.toThrow('solana_signMessage needs message and pubkey')
    await expect(
      provider?.request({ method: 'solana_signMessage', params: { message: '2g', pubkey: other.publicKey } }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      provider?.request({
        method: 'solana_signMessage',
        params: { message: '0OIl', pubkey: owner.publicKey },
      }),
    ).rejects.toThrow('message is not correctly encoded')
    await expect(provider?.request({ method: 'personal_sign', params: [] })).rejects.toMatchObject({
      code: 4200,
    })
    rejected = ['solana:signMessage']
    await expect(signSolanaMessage(kernel, 'no')).rejects.toMatchObject({ code: 4001 })
  })

  it('solana_signTransaction signs; solana_signAndSendTransaction lands a transfer on the devnet', async () => {
    const kernel = modal()
    await connectExternal(kernel, connectorId())
    const provider = kernel.providers.get(connectorId())
    const transfer = async (lamports: number) => {
      const { blockhash } = await connection.getLatestBlockhash()
      const message = transferMessage(owner.publicKey, other.publicKey, lamports, blockhash)
      // One signature slot (the fee payer's), empty: the wallet fills it.
      const wire = new Uint8Array([1, ...new Uint8Array(64), ...message])
      return { message, wire: encodeBase64(wire) }
    }
    const { message, wire } = await transfer(1_000)
    const signed = (await provider?.request({
      method: 'solana_signTransaction',
      params: { transaction: wire },
    })) as SolanaSignTransactionResult
    expect(nodeVerify(message, decodeBase58(signed.signature), owner.publicKey)).toBe(true)
    expect(decodeBase64(signed.transaction).slice(65)).toEqual(message)

    const all = (await provider?.request({
      method: 'solana_signAllTransactions',
      params: { transactions: [wire, (await transfer(2_000)).wire] },
    })) as { transactions: string[] }
    expect(all.transactions).toHaveLength(2)
    expect(all.transactions[0]).toBe(signed.transaction)
    expect(await provider?.request({ method: 'solana_getAccounts' })).toEqual([{ pubkey: owner.publicKey }])

    const before = await connection.getBalance(new PublicKey(other.publicKey))
    const { wire: toSend } = await transfer(123_456_789)
    const { signature } = (await provider?.request({
      method: 'solana_signAndSendTransaction',
      params: { transaction: toSend },
    })) as { signature: string }
    expect(decodeBase58(signature)).toHaveLength(64)
    const status = await connection.getSignatureStatus(signature)
    expect(status.value?.err).toBeNull()
    expect(await connection.getBalance(new PublicKey(other.publicKey))).toBe(before + 123_456_789)
  })
})

describe('auto-reconnect (behaviour §4) and disconnect', () => {
  beforeEach(() => {
    wallet = registerForTest(newWallet())
  })

  it('a reload restores the Solana wallet silently; status reconnecting meanwhile', async () => {
    const backend = mapBackend()
    const first = modal(backend)
    await connectExternal(first, connectorId())
    const statuses: string[] = []
    const reloaded = modal(backend)
    reloaded.store.subscribe(() => statuses.push(reloaded.store.get().accounts.solana?.status ?? ''))
    rejected = ['standard:connect'] // a silent connect never prompts, so it is never "rejected"
    await expect(autoReconnect(reloaded)).resolves.toBe(true)
    expect(statuses[0]).toBe('reconnecting')
    expect(reloaded.store.get().accounts.solana).toMatchObject({
      status: 'connected',
      address: owner.publicKey,
    })
    expect(reloaded.store.get().networks.activeNamespace).toBe('solana')
  })

  it('a wallet that no longer authorizes the site is skipped and forgotten', async () => {
    const backend = mapBackend()
    const first = modal(backend)
    await connectExternal(first, connectorId())
    walletStorage.removeItem?.('portico-dev-wallet:solana:authorized')
    await wallet.features['standard:disconnect'].disconnect()
    const reloaded = modal(backend)
    backend.data.set(STORAGE_KEYS.connectedConnectorId('solana'), connectorId())
    backend.data.set(STORAGE_KEYS.connectedNamespaces, 'solana')
    await expect(autoReconnect(reloaded)).resolves.toBe(false)
    expect(reloaded.store.get().accounts.solana?.status).toBe('disconnected')
    expect(backend.data.has(STORAGE_KEYS.connectedConnectorId('solana'))).toBe(false)
  })

  it('restores eip155 and solana together; the namespace used last is active again', async () => {
    const evmStorage = memoryStorage()
    announceEvmWallet(evmStorage)
    const backend = mapBackend()
    const first = modal(backend)
    await connectExternal(first, 'dev.portico')
    await connectExternal(first, connectorId())
    await switchNetwork(first, evmNetwork(31337, 'http://127.0.0.1:9'))
    expect(first.store.get().networks.activeNamespace).toBe('eip155')

    const reloaded = modal(backend)
    await expect(autoReconnect(reloaded)).resolves.toBe(true)
    let state = reloaded.store.get()
    expect(state.accounts.eip155?.status).toBe('connected')
    expect(state.accounts.solana?.status).toBe('connected')
    expect(state.networks.activeNamespace).toBe('eip155')

    await switchNetwork(reloaded, solana())
    const again = modal(backend)
    // One run at a time: a second call joins the running one.
    const run = autoReconnect(again)
    expect(autoReconnect(again)).toBe(run)
    await expect(run).resolves.toBe(true)
    state = again.store.get()
    expect(state.networks.activeNamespace).toBe('solana')
    expect(selectActiveAccount(state)?.address).toBe(owner.publicKey)
  })

  it('disconnect calls standard:disconnect (the wallet forgets the site) and clears the stored ids', async () => {
    const kernel = modal()
    await connectExternal(kernel, connectorId())
    expect(wallet.accounts).toHaveLength(1)
    await disconnectAll(kernel)
    expect(wallet.accounts).toHaveLength(0)
    expect(kernel.store.get().accounts.solana?.status).toBe('disconnected')
    expect(kernel.storage.getString(STORAGE_KEYS.connectedConnectorId('solana'))).toBeUndefined()
    expect(kernel.events.map((event) => event.name)).toContain('DISCONNECT_SUCCESS')
  })
})
