/**
 * The bip122 namespace below the UI: the real Portico Bitcoin dev wallet (Wallet Standard, secp256k1
 * in process) registered through the real wallet-standard protocol; signatures checked with
 * bitcoinjs-message. Hostile wallets: bogus addresses, public keys that do not match, floods.
 */

import ecc from '@bitcoinerlab/secp256k1'
import { createBitcoinDevWallet, memoryStorage, type WalletStorage } from '@portico/devnet/wallet'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { Psbt, payments } from 'bitcoinjs-lib'
import bitcoinMessage from 'bitcoinjs-message'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  BCOIN_REGTEST,
  BITCOIN_DEV_ACCOUNTS,
  BITCOIN_DEV_TAPROOT_ACCOUNT,
  BITCOIN_NETWORK_ID,
} from '../../../../services/devnet/src/bitcoin/index.ts'
import { evmNetwork, mapBackend, type TestKernel, testKernel } from '../../../test/account/solanaTesting.ts'
import { connectExternal } from '../../account/connect.ts'
import { disconnectAll } from '../../account/disconnect.ts'
import { startConnectorDiscovery } from '../../account/discovery.ts'
import { autoReconnect } from '../../account/reconnect.ts'
import { decodeSegwitAddress } from '../../chains/bitcoin.ts'
import { STORAGE_KEYS } from '../../storage/keys.ts'
import { checkBitcoinAccounts } from './body.ts'
import { bitcoinConnectorId } from './discovery.ts'
import { signBitcoinMessage, signBitcoinPsbt } from './features.ts'

const payment = BITCOIN_DEV_ACCOUNTS[0] as (typeof BITCOIN_DEV_ACCOUNTS)[number]
const other = BITCOIN_DEV_ACCOUNTS[1] as (typeof BITCOIN_DEV_ACCOUNTS)[number]
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))
const REGTEST = BITCOIN_NETWORK_ID.slice('bip122:'.length)

const bitcoinNetwork = {
  id: REGTEST,
  caipNetworkId: BITCOIN_NETWORK_ID,
  name: 'Portico Bitcoin Regtest',
  chainNamespace: 'bip122' as const,
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
  testnet: true,
}

const account = (address: string, publicKey: Uint8Array): WalletAccount => ({
  address,
  publicKey,
  chains: ['bitcoin:regtest'],
  features: [],
})

describe('checkBitcoinAccounts (what a wallet announces)', () => {
  const good = account(payment.address, bytes(payment.publicKey))
  const taproot = account(
    BITCOIN_DEV_TAPROOT_ACCOUNT.address,
    bytes(BITCOIN_DEV_TAPROOT_ACCOUNT.publicKey).slice(1),
  )

  it('keeps a P2WPKH account with its key as payment and a taproot one as ordinal', () => {
    expect(checkBitcoinAccounts([good, taproot], 'rb').map((a) => a.type)).toEqual(['payment', 'ordinal'])
  })

  it('drops a public key that is not the one the address pays to', () => {
    expect(checkBitcoinAccounts([account(payment.address, bytes(other.publicKey))], 'rb')).toEqual([])
    expect(checkBitcoinAccounts([account(payment.address, bytes(payment.publicKey).slice(1))], 'rb')).toEqual(
      [],
    )
    expect(checkBitcoinAccounts([account(payment.address, 'nope' as unknown as Uint8Array)], 'rb')).toEqual(
      [],
    )
  })

  it('drops bad checksums, other networks, non-strings, and a flood of accounts', () => {
    const flipped = `${payment.address.slice(0, -1)}${payment.address.endsWith('q') ? 'p' : 'q'}`
    expect(checkBitcoinAccounts([account(flipped, bytes(payment.publicKey))], 'rb')).toEqual([])
    expect(checkBitcoinAccounts([good], 'bc')).toEqual([])
    expect(checkBitcoinAccounts([{ ...good, address: 42 as unknown as string }], 'rb')).toEqual([])
    expect(checkBitcoinAccounts([null, undefined, 'x'], 'rb')).toEqual([])
    expect(
      checkBitcoinAccounts(
        Array.from({ length: 21 }, () => good),
        'rb',
      ),
    ).toEqual([])
    expect(checkBitcoinAccounts('accounts', 'rb')).toEqual([])
  })

  it('decodes BIP-173/350 vectors and refuses the wrong checksum kind', () => {
    expect(decodeSegwitAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')?.version).toBe(0)
    expect(
      decodeSegwitAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')?.version,
    ).toBe(1)
    // v1 in bech32 (BIP-173 only), v0 in bech32m: both invalid under BIP-350.
    expect(
      decodeSegwitAddress('bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx'),
    ).toBeNull()
    expect(decodeSegwitAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toBeNull()
    expect(decodeSegwitAddress('Bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeNull()
  })
})

let walletStorage: WalletStorage
const kernels: TestKernel[] = []
const unregisters: (() => void)[] = []

function devWallet() {
  return createBitcoinDevWallet({
    privateKey: bytes(payment.privateKey),
    ordinalsPrivateKey: bytes(BITCOIN_DEV_TAPROOT_ACCOUNT.privateKey),
    networkId: BITCOIN_NETWORK_ID,
    storage: walletStorage,
  })
}

function register<W extends Wallet>(wallet: W): W {
  unregisters.push(getWallets().register(wallet))
  return wallet
}

function modal(backend = mapBackend()) {
  const kernel = testKernel({ networks: [evmNetwork(31337, 'http://127.0.0.1:9'), bitcoinNetwork] }, backend)
  kernels.push(kernel)
  startConnectorDiscovery(kernel, window)
  return kernel
}

/** The lazy bitcoin chunk registers its connectors after its import resolves. */
async function connectorOf(kernel: TestKernel, id: string) {
  for (let i = 0; i < 200 && !kernel.store.get().connectors.some((c) => c.id === id); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return kernel.store.get().connectors.find((c) => c.id === id)
}

beforeEach(() => {
  walletStorage = memoryStorage()
})
afterEach(() => {
  for (const off of unregisters.splice(0)) off()
  for (const kernel of kernels.splice(0)) for (const cleanup of kernel.cleanups.splice(0)) cleanup()
})

describe('bip122 session with the Bitcoin dev wallet', () => {
  it('discovers the wallet, connects payment (default) with both accounts recorded, and signs', async () => {
    const wallet = register(devWallet())
    const kernel = modal()
    const connector = await connectorOf(kernel, bitcoinConnectorId(wallet))
    expect(connector).toMatchObject({ chain: 'bip122', type: 'ANNOUNCED', chains: [BITCOIN_NETWORK_ID] })
    const result = await connectExternal(kernel, bitcoinConnectorId(wallet))
    expect(result.supported).toBe(true)
    const slice = kernel.store.get().accounts.bip122
    expect(slice).toMatchObject({
      status: 'connected',
      address: payment.address,
      caipAddress: `${BITCOIN_NETWORK_ID}:${payment.address}`,
      preferredAccountType: 'payment',
    })
    expect(slice?.allAccounts).toEqual([
      { namespace: 'bip122', address: payment.address, type: 'payment', publicKey: payment.publicKey },
      {
        namespace: 'bip122',
        address: BITCOIN_DEV_TAPROOT_ACCOUNT.address,
        type: 'ordinal',
        publicKey: BITCOIN_DEV_TAPROOT_ACCOUNT.publicKey.slice(2),
      },
    ])
    const signature = await signBitcoinMessage(kernel, new TextEncoder().encode('hello bitcoin'))
    expect(bitcoinMessage.verify('hello bitcoin', payment.address, signature)).toBe(true)
    expect(bitcoinMessage.verify('hello bitcoin', other.address, signature)).toBe(false)
  })

  it('connects the ordinals account when the app prefers it', async () => {
    const wallet = register(devWallet())
    const kernel = testKernel({
      networks: [bitcoinNetwork],
      defaultAccountTypes: { bip122: 'ordinal' },
    } as never)
    kernels.push(kernel)
    startConnectorDiscovery(kernel, window)
    await connectorOf(kernel, bitcoinConnectorId(wallet))
    await connectExternal(kernel, bitcoinConnectorId(wallet))
    expect(kernel.store.get().accounts.bip122?.address).toBe(BITCOIN_DEV_TAPROOT_ACCOUNT.address)
  })

  it('refuses a wallet whose accounts are bogus (no state change but disconnected)', async () => {
    const real = devWallet()
    const liar: Wallet = {
      version: '1.0.0',
      name: 'Liar Wallet',
      icon: real.icon,
      chains: ['bitcoin:regtest'],
      accounts: [],
      features: {
        'bitcoin:connect': {
          version: '1.0.0',
          connect: async () => ({
            accounts: [
              account(payment.address, bytes(other.publicKey)),
              account('rb1qbogus', new Uint8Array(33)),
            ],
          }),
        },
      },
    }
    register(liar)
    const kernel = modal()
    await connectorOf(kernel, bitcoinConnectorId(liar))
    await expect(connectExternal(kernel, bitcoinConnectorId(liar))).rejects.toThrow(
      'The wallet returned no valid Bitcoin account',
    )
    expect(kernel.store.get().accounts.bip122?.status).toBe('disconnected')
    expect(kernel.store.get().accounts.bip122?.address).toBeUndefined()
  })

  it('restores silently on reload from the wallet authorization; disconnect makes the wallet forget', async () => {
    const wallet = register(devWallet())
    const backend = mapBackend()
    const first = modal(backend)
    await connectorOf(first, bitcoinConnectorId(wallet))
    await connectExternal(first, bitcoinConnectorId(wallet))
    expect(backend.data.get(STORAGE_KEYS.connectedNamespaces)).toContain('bip122')
    const reloaded = modal(backend)
    expect(await autoReconnect(reloaded)).toBe(true)
    expect(reloaded.store.get().accounts.bip122).toMatchObject({
      status: 'connected',
      address: payment.address,
    })
    await disconnectAll(reloaded)
    expect(wallet.accounts).toEqual([])
    const again = modal(backend)
    expect(await autoReconnect(again)).toBe(false)
  })

  it('bitcoin_signPsbt through the connector: the wallet signs its own input; strangers and junk are refused', async () => {
    const wallet = register(devWallet())
    const kernel = modal()
    await connectorOf(kernel, bitcoinConnectorId(wallet))
    await connectExternal(kernel, bitcoinConnectorId(wallet))
    const psbt = new Psbt({ network: BCOIN_REGTEST })
    const script = payments.p2wpkh({ address: payment.address, network: BCOIN_REGTEST }).output as Uint8Array
    psbt.addInput({ hash: '22'.repeat(32), index: 0, witnessUtxo: { script, value: 50_000n } })
    psbt.addOutput({ address: other.address, value: 40_000n })
    const base64 = Buffer.from(psbt.toBuffer()).toString('base64')
    const provider = kernel.providers.get(bitcoinConnectorId(wallet))
    const signed = (await provider?.request({
      method: 'bitcoin_signPsbt',
      params: { psbt: base64, signInputs: [{ address: payment.address, signingIndexes: [0] }] },
    })) as { psbt: string }
    const back = Psbt.fromBase64(signed.psbt, { network: BCOIN_REGTEST })
    expect(back.validateSignaturesOfInput(0, (key, hash, sig) => ecc.verify(hash, key, sig))).toBe(true)
    const id = bitcoinConnectorId(wallet)
    await expect(
      signBitcoinPsbt(kernel, id, {
        psbt: base64,
        signInputs: [{ address: other.address, signingIndexes: [0] }],
      }),
    ).rejects.toMatchObject({ code: 4100, message: expect.stringContaining('names no authorized account') })
    await expect(signBitcoinPsbt(kernel, id, { psbt: 42, signInputs: [] })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('bitcoin_signPsbt needs'),
    })
    await expect(
      signBitcoinPsbt(kernel, id, {
        psbt: base64,
        signInputs: [{ address: payment.address, signingIndexes: [-1] }],
      }),
    ).rejects.toMatchObject({ code: 4100, message: expect.stringContaining('names no authorized account') })
    // Any other method is one this wallet does not support (EIP-1193 4200), as with any provider.
    await expect(provider?.request({ method: 'bitcoin_sendTransfer' })).rejects.toMatchObject({
      code: 4200,
      message: 'The Bitcoin wallet does not answer bitcoin_sendTransfer',
    })
  })
})
