import { createPublicClient, type Hex, http, parseEther, toHex, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { holdPort } from '../../test/testUtils.ts'
import { DEV_ACCOUNTS } from '../accounts.ts'
import { startAnvil } from '../anvil.ts'
import { type Devnet, startDevnet } from '../devnet.ts'
import { rpcCall } from '../rpc.ts'
import { createDevWalletProvider, type DevWalletOptions } from './provider.ts'
import { rejectionPolicy } from './rejection.ts'
import { memoryStorage, STORAGE_KEYS } from './storage.ts'

const [alice, bob] = DEV_ACCOUNTS as [(typeof DEV_ACCOUNTS)[0], (typeof DEV_ACCOUNTS)[0]]

let devnet: Devnet
let chains: Record<number, string>

beforeAll(async () => {
  devnet = await startDevnet({
    chains: [
      { chainId: 31337, port: 0 },
      { chainId: 31338, port: 0 },
    ],
    solana: false,
  })
  chains = Object.fromEntries(devnet.chains.map((c) => [c.chainId, c.rpcUrl]))
})
afterAll(() => devnet?.stop())

const wallet = (overrides: Partial<DevWalletOptions> = {}) =>
  createDevWalletProvider({
    account: privateKeyToAccount(alice.privateKey),
    chains,
    chainId: 31337,
    storage: memoryStorage(),
    ...overrides,
  })

/** Resolves to the error a request rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise
  } catch (err) {
    return err as { code: number; message: string }
  }
  throw new Error('expected the request to be rejected')
}

const TYPED_DATA = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Portico',
    version: '1',
    chainId: 31337,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    from: { name: 'Alice', wallet: alice.address },
    to: { name: 'Bob', wallet: bob.address },
    contents: 'Hello, Bob!',
    amount: '1000000000000000000',
  },
} as const

describe('authorization', () => {
  it('returns no accounts before eth_requestAccounts, then the account, and remembers it', async () => {
    const storage = memoryStorage()
    const provider = wallet({ storage })
    const changes: unknown[] = []
    provider.on('accountsChanged', (accounts: string[]) => changes.push(accounts))

    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([alice.address])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([alice.address])
    expect(changes).toEqual([[alice.address]])
    expect(storage.getItem(STORAGE_KEYS.authorized)).toContain(alice.address)

    const reloaded = wallet({ storage })
    expect(await reloaded.request({ method: 'eth_accounts' })).toEqual([alice.address])
    const permissions = (await reloaded.request({ method: 'wallet_getPermissions' })) as {
      parentCapability: string
      caveats: { value: string[] }[]
    }[]
    expect(permissions).toMatchObject([{ parentCapability: 'eth_accounts' }])
    expect(permissions[0]?.caveats[0]?.value).toEqual([alice.address])
  })

  it('does not carry an authorization over to a different key', async () => {
    const storage = memoryStorage()
    await wallet({ storage }).request({ method: 'eth_requestAccounts' })
    const other = wallet({ storage, account: privateKeyToAccount(bob.privateKey) })
    expect(await other.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('wallet_requestPermissions authorizes; wallet_revokePermissions clears it and emits accountsChanged []', async () => {
    const storage = memoryStorage()
    const provider = wallet({ storage })
    const granted = await provider.request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    })
    expect(granted).toMatchObject([{ parentCapability: 'eth_accounts' }])
    const changes: unknown[] = []
    provider.on('accountsChanged', (accounts: string[]) => changes.push(accounts))
    expect(
      await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }),
    ).toBeNull()
    expect(changes).toEqual([[]])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await wallet({ storage }).request({ method: 'eth_accounts' })).toEqual([])
  })

  it('refuses to sign or send before authorization (4100)', async () => {
    const provider = wallet()
    const err = await rejection(
      provider.request({ method: 'personal_sign', params: ['0x1234', alice.address] }),
    )
    expect(err.code).toBe(4100)
    const sendErr = await rejection(
      provider.request({ method: 'eth_sendTransaction', params: [{ to: bob.address }] }),
    )
    expect(sendErr.code).toBe(4100)
  })
})

describe('signing', () => {
  it('personal_sign signatures verify with viem (hex and text messages)', async () => {
    const provider = wallet()
    await provider.request({ method: 'eth_requestAccounts' })
    const hexSig = (await provider.request({
      method: 'personal_sign',
      params: [toHex('Sign in to Portico'), alice.address],
    })) as Hex
    expect(
      await verifyMessage({ address: alice.address, message: 'Sign in to Portico', signature: hexSig }),
    ).toBe(true)
    expect(
      await verifyMessage({ address: bob.address, message: 'Sign in to Portico', signature: hexSig }),
    ).toBe(false)
    const textSig = (await provider.request({
      method: 'personal_sign',
      params: ['plain text', alice.address],
    })) as Hex
    expect(await verifyMessage({ address: alice.address, message: 'plain text', signature: textSig })).toBe(
      true,
    )
  })

  it('eth_signTypedData_v4 signatures verify with viem', async () => {
    const provider = wallet()
    await provider.request({ method: 'eth_requestAccounts' })
    const signature = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [alice.address, JSON.stringify(TYPED_DATA)],
    })) as Hex
    const { EIP712Domain: _, ...types } = TYPED_DATA.types
    const typed = { ...TYPED_DATA, types, message: { ...TYPED_DATA.message, amount: 10n ** 18n } }
    expect(await verifyTypedData({ address: alice.address, signature, ...typed })).toBe(true)
    const tampered = { ...typed, message: { ...typed.message, contents: 'Hello, Eve!' } }
    expect(await verifyTypedData({ address: alice.address, signature, ...tampered })).toBe(false)
  })

  it('refuses to sign for an address it does not hold', async () => {
    const provider = wallet()
    await provider.request({ method: 'eth_requestAccounts' })
    const err = await rejection(provider.request({ method: 'personal_sign', params: ['0x12', bob.address] }))
    expect(err.code).toBe(4100)
  })

  it('never lets the node sign with its unlocked keys (eth_sign is unsupported)', async () => {
    const provider = wallet()
    await provider.request({ method: 'eth_requestAccounts' })
    const err = await rejection(provider.request({ method: 'eth_sign', params: [alice.address, '0x12'] }))
    expect(err.code).toBe(4200)
  })
})

describe('eth_sendTransaction', () => {
  it('signs locally and moves ETH between two dev accounts on the chain', async () => {
    const provider = wallet({ account: privateKeyToAccount(DEV_ACCOUNTS[5]?.privateKey as Hex) })
    const from = DEV_ACCOUNTS[5]?.address as Hex
    const to = DEV_ACCOUNTS[6]?.address as Hex
    await provider.request({ method: 'eth_requestAccounts' })
    const client = createPublicClient({ transport: http(chains[31337]), pollingInterval: 50 })
    const [fromBefore, toBefore] = await Promise.all([
      client.getBalance({ address: from }),
      client.getBalance({ address: to }),
    ])
    const value = parseEther('1.5')
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: toHex(value) }],
    })) as Hex
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    const tx = await client.getTransaction({ hash })
    expect(tx.type).toBe('eip1559')
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect(await client.getBalance({ address: to })).toBe(toBefore + value)
    expect(await client.getBalance({ address: from })).toBe(fromBefore - value - fee)
  })

  it('sends concurrent transactions with consecutive nonces', async () => {
    const provider = wallet({ account: privateKeyToAccount(DEV_ACCOUNTS[7]?.privateKey as Hex) })
    await provider.request({ method: 'eth_requestAccounts' })
    const client = createPublicClient({ transport: http(chains[31337]), pollingInterval: 50 })
    const hashes = (await Promise.all(
      [1n, 2n, 3n].map((v) =>
        provider.request({ method: 'eth_sendTransaction', params: [{ to: bob.address, value: toHex(v) }] }),
      ),
    )) as Hex[]
    const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })))
    expect(receipts.map((r) => r.status)).toEqual(['success', 'success', 'success'])
    const nonces = await Promise.all(
      hashes.map(async (hash) => (await client.getTransaction({ hash })).nonce),
    )
    expect(new Set(nonces).size).toBe(3)
  })

  it('passes the node errors through and enforces the fee rules', async () => {
    const provider = wallet({ account: privateKeyToAccount(DEV_ACCOUNTS[8]?.privateKey as Hex) })
    await provider.request({ method: 'eth_requestAccounts' })
    const tooMuch = await rejection(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ to: bob.address, value: toHex(parseEther('1000000')) }],
      }),
    )
    expect(typeof tooMuch.code).toBe('number')
    expect(tooMuch.message).toMatch(/insufficient funds/i)
    const mixedFees = await rejection(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ to: bob.address, gasPrice: '0x1', maxFeePerGas: '0x2' }],
      }),
    )
    expect(mixedFees.code).toBe(-32602)
  })
})

describe('chains', () => {
  it('switches between known chains, emits chainChanged and persists the choice', async () => {
    const storage = memoryStorage()
    const provider = wallet({ storage })
    const changes: string[] = []
    provider.on('chainChanged', (id: string) => changes.push(id))
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    ).toBe(null)
    expect(changes).toEqual(['0x7a6a'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(await wallet({ storage }).request({ method: 'eth_chainId' })).toBe('0x7a6a')

    // Proxied calls and sends now go to chain B's node.
    await provider.request({ method: 'eth_requestAccounts' })
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ to: bob.address, value: '0x1' }],
    })) as Hex
    const chainB = createPublicClient({ transport: http(chains[31338]), pollingInterval: 50 })
    expect((await chainB.waitForTransactionReceipt({ hash })).status).toBe('success')
  })

  it('answers an unknown chain with 4902', async () => {
    const provider = wallet()
    const err = await rejection(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    )
    expect(err.code).toBe(4902)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('wallet_addEthereumChain checks the RPC, adds it and switches to it', async () => {
    const third = await startAnvil({ chainId: 31339, port: 0 })
    try {
      const storage = memoryStorage()
      const provider = wallet({ storage })
      const wrong = await rejection(
        provider.request({
          method: 'wallet_addEthereumChain',
          params: [{ chainId: toHex(31340), chainName: 'Wrong', rpcUrls: [third.rpcUrl] }],
        }),
      )
      expect(wrong.code).toBe(-32602)
      expect(
        await provider.request({
          method: 'wallet_addEthereumChain',
          params: [{ chainId: toHex(31339), chainName: 'Third', rpcUrls: [third.rpcUrl] }],
        }),
      ).toBeNull()
      expect(await provider.request({ method: 'eth_chainId' })).toBe(toHex(31339))
      expect(await provider.request({ method: 'eth_getBalance', params: [alice.address, 'latest'] })).toBe(
        toHex(parseEther('10000')),
      )
      expect(await wallet({ storage }).request({ method: 'eth_chainId' })).toBe(toHex(31339))
    } finally {
      await third.stop()
    }
  })
})

describe('proxying', () => {
  it('passes other methods to the current chain and its errors through unchanged', async () => {
    const provider = wallet()
    expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x/)
    const direct = await rejection(rpcCall(chains[31337] as string, 'eth_noSuchMethod'))
    const viaWallet = await rejection(provider.request({ method: 'eth_noSuchMethod', params: [] }))
    expect(viaWallet.code).toBe(-32601)
    expect(direct.message).toContain(viaWallet.message)
  })

  it('emits disconnect (4901) when the chain is unreachable, connect when it is back', async () => {
    const held = await holdPort()
    await held.release()
    const provider = wallet({ chains: { 31337: `http://127.0.0.1:${held.port}` } })
    const events: string[] = []
    provider.on('disconnect', (e: { code: number }) => events.push(`disconnect ${e.code}`))
    provider.on('connect', (c: { chainId: string }) => events.push(`connect ${c.chainId}`))
    await Promise.resolve()
    const err = await rejection(provider.request({ method: 'eth_blockNumber' }))
    expect(err.code).toBe(4901)
    expect(events).toEqual(['connect 0x7a69', 'disconnect 4901'])
  })
})

describe('simulated user rejection', () => {
  it('answers autoReject methods with 4001 while listed, and rejectNext once', async () => {
    const config: { autoReject?: string[]; rejectNext?: boolean } = { autoReject: ['eth_requestAccounts'] }
    const provider = wallet({ shouldReject: rejectionPolicy(() => config) })
    const err = await rejection(provider.request({ method: 'eth_requestAccounts' }))
    expect(err).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])

    config.autoReject = []
    config.rejectNext = true
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect((await rejection(provider.request({ method: 'eth_requestAccounts' }))).code).toBe(4001)
    expect(config.rejectNext).toBe(false)
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([alice.address])
  })
})
