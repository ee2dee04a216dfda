import {
  type AnvilProcess,
  SOLANA_DEV_ACCOUNTS,
  type SolanaRpc,
  startAnvil,
  startSolanaRpc,
  verifyEd25519,
} from '@portico/devnet'
import type { AuthFrameUser } from '@portico/shared-types'
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { createPublicClient, type Hex, http, parseEther, recoverMessageAddress, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isUnsafeMethod } from '../src/handlers/rpc.ts'
import { errorOf, signIn, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'

let anvilA: AnvilProcess
let anvilB: AnvilProcess
let solana: SolanaRpc
let frame: TestFrame

beforeAll(async () => {
  ;[anvilA, anvilB, solana] = await Promise.all([
    startAnvil({ chainId: 31337, port: 0 }),
    startAnvil({ chainId: 31338, port: 0 }),
    startSolanaRpc({ port: 0 }),
  ])
  frame = await startTestFrame({
    chains: [
      { chainId: 31337, rpcUrl: anvilA.rpcUrl },
      { chainId: 31338, rpcUrl: anvilB.rpcUrl },
    ],
    solana: { networkId: 'solana:PorticoDevnet1111111111111111111', rpcUrl: solana.rpcUrl },
  })
})
afterAll(async () => {
  await frame?.close()
  await Promise.all([anvilA?.stop(), anvilB?.stop(), solana?.stop()])
})

const TYPED = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Portico', chainId: 31337 },
  message: { to: '0x000000000000000000000000000000000000dEaD', contents: 'hello' },
} as const

describe('eip155 signing with the user key (devnet)', () => {
  it('personal_sign, eth_signTypedData_v4 and eth_sendTransaction act as the user address', async () => {
    const device = frame.device()
    await signIn(frame, device, uniqueEmail())
    const user = await device.ok<AuthFrameUser>('GET_USER', { chainId: 31337 })
    const address = user.address as Hex
    const rpc = (method: string, params?: unknown) =>
      isUnsafeMethod(method) ? device.signed(method, params) : device.ok('RPC_REQUEST', { method, params })

    expect(await rpc('eth_accounts')).toEqual([address])
    expect(await rpc('eth_chainId')).toBe('0x7a69')
    const signature = (await rpc('personal_sign', ['0x68656c6c6f', address])) as Hex
    expect(await recoverMessageAddress({ message: { raw: '0x68656c6c6f' }, signature })).toBe(address)
    const typedSignature = (await rpc('eth_signTypedData_v4', [address, JSON.stringify(TYPED)])) as Hex
    const { EIP712Domain: _, ...types } = TYPED.types
    expect(
      await verifyTypedData({
        address,
        types,
        primaryType: 'Mail',
        domain: TYPED.domain,
        message: TYPED.message,
        signature: typedSignature,
      }),
    ).toBe(true)
    expect(
      await errorOf(device.approved('personal_sign', ['0x00', '0x000000000000000000000000000000000000dEaD'])),
    ).toBe('The request names an account that is not the connected one')

    const client = createPublicClient({ transport: http(anvilA.rpcUrl) })
    await client.request({
      method: 'anvil_setBalance' as never,
      params: [address, '0xde0b6b3a7640000'] as never,
    })
    const to = '0x000000000000000000000000000000000000bEEF'
    const hash = (await rpc('eth_sendTransaction', [
      { from: address, to, value: `0x${parseEther('0.25').toString(16)}` },
    ])) as Hex
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.25'))
    expect(BigInt((await rpc('eth_getBalance', [to, 'latest'])) as string)).toBe(parseEther('0.25'))
    expect(await errorOf(device.approved('eth_sendTransaction', [{ to: 'beef' }]))).toBe(
      'Send-call targets must begin with 0x',
    )
  })

  it('SWITCH_NETWORK moves the session to the other devnet chain; an unknown chain is refused', async () => {
    const device = frame.device()
    await signIn(frame, device, uniqueEmail())
    expect(await device.ok('SWITCH_NETWORK', { chainId: 31338 })).toEqual({ chainId: 31338 })
    expect(await device.ok('GET_CHAIN_ID')).toEqual({ chainId: 31338 })
    expect(await device.ok('RPC_REQUEST', { method: 'eth_chainId' })).toBe('0x7a6a')
    expect(await device.error('SWITCH_NETWORK', { chainId: 1 })).toBe('Chain is not supported')
    expect(await device.ok('GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toEqual({ smartAccountEnabledNetworks: [] })
    expect(await device.error('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toBe(
      'Smart accounts are not available on this network',
    )
  })
})

describe('Solana signing with the user key (Solana devnet)', () => {
  it('signMessage, signTransaction and signAndSendTransaction as the user ed25519 key', async () => {
    const device = frame.device()
    await signIn(frame, device, uniqueEmail())
    const user = await device.ok<AuthFrameUser>('GET_USER', {
      chainId: 'solana:PorticoDevnet1111111111111111111',
    })
    expect(user.chainId).toBe('solana:PorticoDevnet1111111111111111111')
    const pubkey = user.address
    // The session's eip155 chain is untouched: the app can use both namespaces.
    expect(await device.ok('RPC_REQUEST', { method: 'eth_chainId' })).toBe('0x7a69')
    expect(bs58.decode(pubkey)).toHaveLength(32)
    const rpc = (method: string, params?: unknown) => device.signed<Record<string, string>>(method, params)

    const message = new TextEncoder().encode('hello solana')
    const { signature } = await rpc('solana_signMessage', { message: bs58.encode(message), pubkey })
    expect(verifyEd25519(bs58.decode(signature as string), message, bs58.decode(pubkey))).toBe(true)
    expect(await errorOf(device.approved('solana_signMessage', { message: 'x' }))).toBe(
      'Solana message signing needs message and pubkey',
    )

    const connection = new Connection(solana.rpcUrl, 'confirmed')
    const funder = Keypair.fromSecretKey(Uint8Array.from(SOLANA_DEV_ACCOUNTS[0]?.secretKey ?? []))
    const me = new PublicKey(pubkey)
    const fund = new Transaction({
      feePayer: funder.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(SystemProgram.transfer({ fromPubkey: funder.publicKey, toPubkey: me, lamports: 1_000_000_000 }))
    fund.sign(funder)
    await connection.confirmTransaction({
      signature: await connection.sendRawTransaction(fund.serialize()),
      ...(await connection.getLatestBlockhash()),
    })

    const bob = Keypair.generate().publicKey
    const pay = new Transaction({ feePayer: me, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: me, toPubkey: bob, lamports: 5_000_000 }),
    )
    const unsigned = pay.serialize({ requireAllSignatures: false }).toString('base64')
    const signed = await rpc('solana_signTransaction', { transaction: unsigned })
    expect(Transaction.from(Buffer.from(signed.transaction as string, 'base64')).verifySignatures()).toBe(
      true,
    )

    const sent = await rpc('solana_signAndSendTransaction', { transaction: unsigned })
    await connection.confirmTransaction({
      signature: sent.signature as string,
      ...(await connection.getLatestBlockhash()),
    })
    expect(await connection.getBalance(bob)).toBe(5_000_000)
    expect(await errorOf(device.approved('solana_signTransaction', { transaction: 'not base64!' }))).toBe(
      'The transaction must be base64',
    )
  })
})

describe('eth_sendTransaction keeps the dapp’s type and fee fields (devnet)', () => {
  it('legacy, eip2930, eip1559 and eip7702 are mined with the given fields; bad combinations and blobs are refused', async () => {
    const device = frame.device()
    await signIn(frame, device, uniqueEmail())
    const user = await device.ok<AuthFrameUser>('GET_USER', { chainId: 31337 })
    const from = user.address as Hex
    const client = createPublicClient({ transport: http(anvilA.rpcUrl) })
    await client.request({
      method: 'anvil_setBalance' as never,
      params: [from, '0xde0b6b3a7640000'] as never,
    })
    const to = '0x000000000000000000000000000000000000bEEF'
    const hex = (value: bigint) => `0x${value.toString(16)}`
    const block = await client.getBlock()
    const base = block.baseFeePerGas ?? 0n
    const send = async (fields: Record<string, unknown>) => {
      const hash = (await device.signed('eth_sendTransaction', [
        { from, to, value: '0x1', ...fields },
      ])) as Hex
      expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
      return client.getTransaction({ hash })
    }

    const gasPrice = base * 3n + 7n
    const legacy = await send({ gasPrice: hex(gasPrice) })
    expect(legacy).toMatchObject({ type: 'legacy', gasPrice })

    const storageKey = `0x${'00'.repeat(31)}01` as Hex
    const accessList = [{ address: to, storageKeys: [storageKey] }]
    const eip2930 = await send({ gasPrice: hex(gasPrice), accessList })
    expect(eip2930).toMatchObject({
      type: 'eip2930',
      gasPrice,
      accessList: [{ address: to.toLowerCase(), storageKeys: [storageKey] }],
    })

    const maxFeePerGas = base * 4n + 11n
    const maxPriorityFeePerGas = 3n
    const eip1559 = await send({
      maxFeePerGas: hex(maxFeePerGas),
      maxPriorityFeePerGas: hex(maxPriorityFeePerGas),
    })
    expect(eip1559).toMatchObject({ type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas })

    // An account delegates to a contract by an authorization it signed; the frame's user sends it.
    const delegator = privateKeyToAccount(generatePrivateKey())
    const target = '0x0000000000000000000000000000000000C0FFEE'
    const authorization = await delegator.signAuthorization({ address: target, chainId: 31337, nonce: 0 })
    const eip7702 = await send({
      maxFeePerGas: hex(maxFeePerGas),
      maxPriorityFeePerGas: hex(maxPriorityFeePerGas),
      authorizationList: [
        {
          address: authorization.address,
          chainId: hex(BigInt(authorization.chainId)),
          nonce: hex(BigInt(authorization.nonce)),
          yParity: hex(BigInt(authorization.yParity ?? 0)),
          r: authorization.r,
          s: authorization.s,
        },
      ],
    })
    expect(eip7702).toMatchObject({ type: 'eip7702', maxFeePerGas, maxPriorityFeePerGas })
    expect(eip7702.authorizationList?.[0]).toMatchObject({ address: target.toLowerCase(), chainId: 31337 })
    // The delegation is on chain: the delegator's code is the EIP-7702 designator of the target.
    expect(await client.getCode({ address: delegator.address })).toBe(
      `0xef0100${target.slice(2).toLowerCase()}`,
    )

    const nonce = await client.getTransactionCount({ address: from })
    const refused = (fields: Record<string, unknown>) =>
      errorOf(device.approved('eth_sendTransaction', [{ from, to, value: '0x1', ...fields }]))
    expect(await refused({ gasPrice: hex(gasPrice), maxFeePerGas: hex(maxFeePerGas) })).toBe(
      'gasPrice cannot combine with maxFeePerGas or maxPriorityFeePerGas',
    )
    expect(await refused({ gasPrice: hex(gasPrice), maxPriorityFeePerGas: '0x1' })).toBe(
      'gasPrice cannot combine with maxFeePerGas or maxPriorityFeePerGas',
    )
    expect(await refused({ maxFeePerGas: '0x5', maxPriorityFeePerGas: '0x6' })).toBe(
      'maxFeePerGas cannot be below maxPriorityFeePerGas',
    )
    expect(await refused({ type: '0x0', maxFeePerGas: hex(maxFeePerGas) })).toBe(
      'legacy or eip2930 cannot use EIP-1559 fee fields',
    )
    expect(await refused({ type: '0x1', maxPriorityFeePerGas: '0x1' })).toBe(
      'legacy or eip2930 cannot use EIP-1559 fee fields',
    )
    const blobs = 'Blob transactions (eip4844) are not supported: this wallet does not send blobs'
    expect(await refused({ blobs: ['0x00'] })).toBe(blobs)
    expect(await refused({ type: '0x3', maxFeePerBlobGas: '0x1' })).toBe(blobs)
    expect(
      await refused({
        authorizationList: [
          {
            address: target,
            chainId: '0x7a69',
            nonce: '0x0',
            yParity: '0x2',
            r: authorization.r,
            s: authorization.s,
          },
        ],
      }),
    ).toBe('Signature recovery value must be 0, 1, 27 or 28')
    expect(await refused({ accessList: [{ address: 'nope', storageKeys: [] }] })).toBe(
      'accessList entries need an address',
    )
    // Nothing refused was sent.
    expect(await client.getTransactionCount({ address: from })).toBe(nonce)
  })
})
