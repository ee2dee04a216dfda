import { createPublicKey, verify } from 'node:crypto'
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import type { WalletAccount } from '@wallet-standard/base'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_DEV_ACCOUNTS } from '../../solana/accounts.ts'
import { SOLANA_NETWORK_ID } from '../../solana/network.ts'
import { type SolanaRpc, startSolanaRpc } from '../../solana/server.ts'
import { type RejectionConfig, rejectionPolicy } from '../rejection.ts'
import { memoryStorage, STORAGE_KEYS, type WalletStorage } from '../storage.ts'
import { createSolanaDevWallet, type SolanaDevWallet } from './wallet.ts'

const owner = SOLANA_DEV_ACCOUNTS[0] as (typeof SOLANA_DEV_ACCOUNTS)[number]
const bob = new PublicKey(SOLANA_DEV_ACCOUNTS[1]?.publicKey ?? '')

/** Verifies with Node's own ed25519 (OpenSSL), not the library the wallet signs with. */
function nodeVerify(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, message, key, signature)
}

describe('Solana dev wallet (Wallet Standard)', () => {
  let rpc: SolanaRpc
  let connection: Connection
  let storage: WalletStorage
  let rejection: RejectionConfig
  let wallet: SolanaDevWallet
  let account: WalletAccount

  const make = () =>
    createSolanaDevWallet({
      secretKey: owner.secretKey,
      rpcUrl: rpc.rpcUrl,
      networkId: SOLANA_NETWORK_ID,
      storage,
      shouldReject: rejectionPolicy(() => rejection),
    })
  const f = () => wallet.features

  beforeAll(async () => {
    rpc = await startSolanaRpc({ port: 0 })
    connection = new Connection(rpc.rpcUrl, 'confirmed')
    storage = memoryStorage()
    rejection = {}
    wallet = make()
  })
  afterAll(() => rpc?.stop())

  it('describes itself as a Solana wallet on the local network', () => {
    expect(wallet.name).toBe('Portico Dev Wallet')
    expect(wallet.version).toBe('1.0.0')
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(wallet.chains).toEqual([SOLANA_NETWORK_ID])
    expect(Object.keys(wallet.features).sort()).toEqual([
      'solana:signAndSendTransaction',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
  })

  it('connects: silent reports nothing before approval; approval persists and emits change', async () => {
    expect(wallet.accounts).toEqual([])
    expect((await f()['standard:connect'].connect({ silent: true })).accounts).toEqual([])
    const changes: unknown[] = []
    const off = f()['standard:events'].on('change', ({ accounts }) =>
      changes.push(accounts?.map((a) => a.address)),
    )
    rejection.autoReject = ['standard:connect']
    await expect(f()['standard:connect'].connect()).rejects.toMatchObject({ code: 4001 })
    rejection.autoReject = []
    const { accounts } = await f()['standard:connect'].connect()
    account = accounts[0] as WalletAccount
    expect(account.address).toBe(owner.publicKey)
    expect(Buffer.from(account.publicKey)).toEqual(new PublicKey(owner.publicKey).toBuffer())
    expect(account.chains).toEqual([SOLANA_NETWORK_ID])
    expect(changes).toEqual([[owner.publicKey]])
    expect(storage.getItem(STORAGE_KEYS.solanaAuthorized)).toContain(owner.publicKey)
    // a page reload: a new wallet on the same storage is still authorized, silently
    expect((await make().features['standard:connect'].connect({ silent: true })).accounts).toHaveLength(1)
    off()
  })

  it('signs messages with ed25519', async () => {
    const message = new TextEncoder().encode('Sign in to Portico\nNonce: 42')
    const [out] = await f()['solana:signMessage'].signMessage({ account, message })
    expect(out?.signatureType).toBe('ed25519')
    expect(out?.signedMessage).toEqual(message)
    expect(nodeVerify(message, out?.signature ?? new Uint8Array(), account.publicKey as Uint8Array)).toBe(
      true,
    )
    expect(
      nodeVerify(
        new TextEncoder().encode('other'),
        out?.signature ?? new Uint8Array(),
        account.publicKey as Uint8Array,
      ),
    ).toBe(false)
  })

  it('signs its slot of a transaction and keeps the other signers', async () => {
    const cosigner = Keypair.generate()
    const tx = new Transaction({
      feePayer: new PublicKey(account.address),
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({ fromPubkey: new PublicKey(account.address), toPubkey: bob, lamports: 10 }),
      SystemProgram.transfer({ fromPubkey: cosigner.publicKey, toPubkey: bob, lamports: 0 }),
    )
    tx.partialSign(cosigner)
    const [out] = await f()['solana:signTransaction'].signTransaction({
      account,
      transaction: tx.serialize({ requireAllSignatures: false }),
      chain: SOLANA_NETWORK_ID,
    })
    const signed = Transaction.from(out?.signedTransaction ?? new Uint8Array())
    expect(signed.verifySignatures()).toBe(true)
    expect(signed.signatures.map((s) => s.publicKey.toBase58())).toEqual([
      account.address,
      cosigner.publicKey.toBase58(),
    ])
  })

  it('signs and sends a transfer through the RPC: litesvm executes it', async () => {
    const from = new PublicKey(account.address)
    const [fromBefore, bobBefore] = [await connection.getBalance(from), await connection.getBalance(bob)]
    const tx = new Transaction({ feePayer: from, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: bob, lamports: 1_500_000 }),
    )
    const [out] = await f()['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      chain: SOLANA_NETWORK_ID,
      transaction: tx.serialize({ requireAllSignatures: false, verifySignatures: false }),
    })
    const signature = bs58.encode(out?.signature ?? new Uint8Array())
    const status = await connection.getSignatureStatus(signature)
    expect(status.value).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await connection.getBalance(bob)).toBe(bobBefore + 1_500_000)
    expect(await connection.getBalance(from)).toBe(fromBefore - 1_500_000 - 5000)
  })

  it('signs and sends v0 transactions, in order', async () => {
    const from = new PublicKey(account.address)
    const { blockhash } = await connection.getLatestBlockhash()
    const v0 = (lamports: number) =>
      new VersionedTransaction(
        new TransactionMessage({
          payerKey: from,
          recentBlockhash: blockhash,
          instructions: [SystemProgram.transfer({ fromPubkey: from, toPubkey: bob, lamports })],
        }).compileToV0Message(),
      ).serialize()
    const bobBefore = await connection.getBalance(bob)
    const outs = await f()['solana:signAndSendTransaction'].signAndSendTransaction(
      { account, chain: SOLANA_NETWORK_ID, transaction: v0(100) },
      { account, chain: SOLANA_NETWORK_ID, transaction: v0(200) },
    )
    expect(outs).toHaveLength(2)
    const statuses = await connection.getSignatureStatuses(outs.map((o) => bs58.encode(o.signature)))
    expect(statuses.value.map((s) => s?.slot)).toEqual([expect.any(Number), expect.any(Number)])
    expect((statuses.value[1]?.slot ?? 0) > (statuses.value[0]?.slot ?? 0)).toBe(true)
    expect(await connection.getBalance(bob)).toBe(bobBefore + 300)
  })

  it("passes the node's refusal on, with its code", async () => {
    const from = new PublicKey(account.address)
    const tx = new Transaction({ feePayer: from, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: bob, lamports: 10_000 * 1e9 }),
    )
    await expect(
      f()['solana:signAndSendTransaction'].signAndSendTransaction({
        account,
        chain: SOLANA_NETWORK_ID,
        transaction: tx.serialize({ requireAllSignatures: false }),
      }),
    ).rejects.toMatchObject({ code: -32002, message: /custom program error: 0x1/ })
  })

  it('refuses what a wallet must refuse', async () => {
    const stranger = Keypair.generate()
    const foreign = new Transaction({
      feePayer: stranger.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(SystemProgram.transfer({ fromPubkey: stranger.publicKey, toPubkey: bob, lamports: 1 }))
    const transaction = foreign.serialize({ requireAllSignatures: false })
    await expect(
      f()['solana:signTransaction'].signTransaction({ account, transaction }),
    ).rejects.toMatchObject({
      code: -32602,
      message: /does not need a signature/,
    })
    await expect(
      f()['solana:signAndSendTransaction'].signAndSendTransaction({
        account,
        chain: 'solana:mainnet',
        transaction,
      }),
    ).rejects.toMatchObject({ code: -32602 })
    const other = { ...account, address: stranger.publicKey.toBase58() }
    await expect(
      f()['solana:signMessage'].signMessage({ account: other, message: new Uint8Array([1]) }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('honours autoReject and rejectNext per method', async () => {
    const message = new Uint8Array([1, 2, 3])
    rejection.autoReject = ['solana:signMessage']
    await expect(f()['solana:signMessage'].signMessage({ account, message })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    rejection.autoReject = []
    rejection.rejectNext = true
    await expect(f()['solana:signMessage'].signMessage({ account, message })).rejects.toMatchObject({
      code: 4001,
    })
    expect(rejection.rejectNext).toBe(false)
    await expect(f()['solana:signMessage'].signMessage({ account, message })).resolves.toHaveLength(1)
  })

  it('disconnects: forgets the authorization, emits change, then refuses to sign', async () => {
    const changes: unknown[] = []
    f()['standard:events'].on('change', ({ accounts }) => changes.push(accounts))
    await f()['standard:disconnect'].disconnect()
    expect(wallet.accounts).toEqual([])
    expect(changes).toEqual([[]])
    expect(storage.getItem(STORAGE_KEYS.solanaAuthorized)).toBeNull()
    await expect(
      f()['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})
