import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_DEV_ACCOUNTS } from './accounts.ts'
import { SOLANA_GENESIS_HASH, SOLANA_NETWORK_ID } from './network.ts'
import { type SolanaRpc, startSolanaRpc } from './server.ts'

/** @solana/web3.js v1 Connection (what the kernel's Solana adapter uses) against the litesvm node. */
describe('Solana RPC through a web3.js Connection', () => {
  let rpc: SolanaRpc
  let connection: Connection
  const dev = SOLANA_DEV_ACCOUNTS.map((a) => Keypair.fromSecretKey(Uint8Array.from(a.secretKey)))
  const [alice, bob, carol] = dev as [Keypair, Keypair, Keypair]

  beforeAll(async () => {
    rpc = await startSolanaRpc({ port: 0 })
    connection = new Connection(rpc.rpcUrl, 'confirmed')
  })
  afterAll(() => rpc?.stop())

  it('funds the 5 dev accounts with 1000 SOL', async () => {
    expect(dev.map((k) => k.publicKey.toBase58())).toEqual(SOLANA_DEV_ACCOUNTS.map((a) => a.publicKey))
    for (const keypair of dev)
      expect(await connection.getBalance(keypair.publicKey)).toBe(1000 * LAMPORTS_PER_SOL)
    const info = await connection.getAccountInfo(alice.publicKey)
    expect(info?.owner.equals(SystemProgram.programId)).toBe(true)
    expect(info?.data.length).toBe(0)
    expect(await connection.getAccountInfo(Keypair.generate().publicKey)).toBeNull()
  })

  it('names the network by its genesis hash', async () => {
    const genesis = await connection.getGenesisHash()
    expect(genesis).toBe(SOLANA_GENESIS_HASH)
    expect(`solana:${genesis.slice(0, 32)}`).toBe(SOLANA_NETWORK_ID)
    expect(rpc.networkId).toBe(SOLANA_NETWORK_ID)
    expect(new PublicKey(genesis).toBytes()).toHaveLength(32) // a real 32-byte hash in base58
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it('transfers SOL with sendAndConfirmTransaction: balances change by amount and fee', async () => {
    const [aliceBefore, bobBefore] = [
      await connection.getBalance(alice.publicKey),
      await connection.getBalance(bob.publicKey),
    ]
    const slotBefore = await connection.getSlot()
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: alice.publicKey,
        toPubkey: bob.publicKey,
        lamports: 2.5 * LAMPORTS_PER_SOL,
      }),
    )
    const signature = await sendAndConfirmTransaction(connection, tx, [alice])
    const fee = await connection.getFeeForMessage(tx.compileMessage())
    expect(fee.value).toBe(5000)
    expect(await connection.getBalance(bob.publicKey)).toBe(bobBefore + 2.5 * LAMPORTS_PER_SOL)
    expect(await connection.getBalance(alice.publicKey)).toBe(aliceBefore - 2.5 * LAMPORTS_PER_SOL - 5000)
    const { value } = await connection.getSignatureStatuses([signature], { searchTransactionHistory: true })
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(value[0]?.slot).toBeGreaterThan(slotBefore)
    expect(await connection.getSlot()).toBe(slotBefore + 1)
    expect(await connection.getBlockHeight()).toBe(await connection.getSlot())
  })

  it('sends v0 transactions too', async () => {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: bob.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({ fromPubkey: bob.publicKey, toPubkey: carol.publicKey, lamports: 1234 }),
      ],
    }).compileToV0Message()
    const tx = new VersionedTransaction(message)
    tx.sign([bob])
    const carolBefore = await connection.getBalance(carol.publicKey)
    const signature = await connection.sendTransaction(tx)
    const confirmed = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })
    expect(confirmed.value.err).toBeNull()
    expect(await connection.getBalance(carol.publicKey)).toBe(carolBefore + 1234)
  })

  it('airdrops to any address', async () => {
    const fresh = Keypair.generate().publicKey
    const signature = await connection.requestAirdrop(fresh, 3 * LAMPORTS_PER_SOL)
    const latest = await connection.getLatestBlockhash()
    expect((await connection.confirmTransaction({ signature, ...latest })).value.err).toBeNull()
    expect(await connection.getBalance(fresh)).toBe(3 * LAMPORTS_PER_SOL)
  })

  it('refuses a failing transaction at preflight, with logs and without charging the fee', async () => {
    const poor = Keypair.generate()
    await connection.confirmTransaction({
      signature: await connection.requestAirdrop(poor.publicKey, LAMPORTS_PER_SOL),
      ...(await connection.getLatestBlockhash()),
    })
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: poor.publicKey,
        toPubkey: bob.publicKey,
        lamports: 5 * LAMPORTS_PER_SOL,
      }),
    )
    const error = await sendAndConfirmTransaction(connection, tx, [poor]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect((error as SendTransactionError).message).toMatch(/custom program error: 0x1/)
    expect((error as SendTransactionError).logs?.join('\n')).toMatch(/insufficient lamports/)
    expect(await connection.getBalance(poor.publicKey)).toBe(LAMPORTS_PER_SOL)
  })

  it('lands a failing transaction sent with skipPreflight: the status carries the error and the fee is paid', async () => {
    const poor = Keypair.generate()
    await connection.confirmTransaction({
      signature: await connection.requestAirdrop(poor.publicKey, LAMPORTS_PER_SOL),
      ...(await connection.getLatestBlockhash()),
    })
    const latest = await connection.getLatestBlockhash()
    const tx = new Transaction({ feePayer: poor.publicKey, ...latest }).add(
      SystemProgram.transfer({
        fromPubkey: poor.publicKey,
        toPubkey: bob.publicKey,
        lamports: 5 * LAMPORTS_PER_SOL,
      }),
    )
    tx.sign(poor)
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    const confirmed = await connection.confirmTransaction({ signature, ...latest })
    expect(confirmed.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(await connection.getBalance(poor.publicKey)).toBe(LAMPORTS_PER_SOL - 5000)
  })

  it('simulates without committing, unsigned when sigVerify is off, and reports accounts after', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: alice.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 777 }),
      ],
    }).compileToLegacyMessage()
    const bobBefore = await connection.getBalance(bob.publicKey)
    const sim = await connection.simulateTransaction(new VersionedTransaction(message), {
      sigVerify: false,
      accounts: { encoding: 'base64', addresses: [bob.publicKey.toBase58()] },
    })
    expect(sim.value.err).toBeNull()
    expect(sim.value.logs).toContain('Program 11111111111111111111111111111111 success')
    expect(sim.value.unitsConsumed).toBeGreaterThan(0)
    expect(sim.value.accounts?.[0]?.lamports).toBe(bobBefore + 777)
    expect(await connection.getBalance(bob.publicKey)).toBe(bobBefore)
    await expect(
      connection.simulateTransaction(new VersionedTransaction(message), { sigVerify: true }),
    ).rejects.toThrow(/signature verification failure|SignatureFailure/i)
  })

  it('simulates with a replaced blockhash', async () => {
    const message = new TransactionMessage({
      payerKey: alice.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
      instructions: [
        SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1 }),
      ],
    }).compileToV0Message()
    const stale = await connection.simulateTransaction(new VersionedTransaction(message))
    expect(stale.value.err).toBe('BlockhashNotFound')
    const replaced = await connection.simulateTransaction(new VersionedTransaction(message), {
      replaceRecentBlockhash: true,
    })
    expect(replaced.value.err).toBeNull()
    // web3.js v1 passes the field through but does not type it
    const replacement = (replaced.value as { replacementBlockhash?: { blockhash: string } })
      .replacementBlockhash
    expect(replacement?.blockhash).toBe((await connection.getLatestBlockhash()).blockhash)
  })

  it('tells valid blockhashes from unknown ones and refuses the unknown', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    expect((await connection.isBlockhashValid(blockhash)).value).toBe(true)
    const unknown = Keypair.generate().publicKey.toBase58()
    expect((await connection.isBlockhashValid(unknown)).value).toBe(false)
    const tx = new Transaction({
      feePayer: alice.publicKey,
      blockhash: unknown,
      lastValidBlockHeight: 0,
    }).add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1 }))
    tx.sign(alice)
    await expect(connection.sendRawTransaction(tx.serialize())).rejects.toThrow(/Blockhash not found/i)
    await expect(connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })).rejects.toThrow(
      /Blockhash not found/i,
    )
  })

  it('refuses a transaction whose signature does not verify (-32003)', async () => {
    const tx = new Transaction({ feePayer: alice.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1 }),
    )
    tx.sign(alice)
    const wire = tx.serialize()
    wire[1] = (wire[1] ?? 0) ^ 0xff // corrupt the first signature byte
    await expect(connection.sendRawTransaction(wire)).rejects.toThrow(/signature verification failure/)
  })

  it('reports rent exemption and notifies account subscribers', async () => {
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBe(890880)
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2039280)
    const seen: number[] = []
    const subscription = connection.onAccountChange(carol.publicKey, (info) => seen.push(info.lamports), {
      commitment: 'confirmed',
    })
    try {
      const before = await connection.getBalance(carol.publicKey)
      await new Promise((resolve) => setTimeout(resolve, 200)) // let the subscription reach the node
      await sendAndConfirmTransaction(
        connection,
        new Transaction().add(
          SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: carol.publicKey, lamports: 42 }),
        ),
        [alice],
      )
      await expect.poll(() => seen, { timeout: 5000 }).toEqual([before + 42])
    } finally {
      await connection.removeAccountChangeListener(subscription)
    }
  })
})
