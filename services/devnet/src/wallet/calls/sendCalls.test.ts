/** EIP-5792 batches of the dev wallet against a real anvil (Prague: EIP-7702 transactions). */
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseGwei,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from '../../accounts.ts'
import { type AnvilProcess, startAnvil } from '../../anvil.ts'
import { openZeppelinArtifact } from '../../fixtures/artifacts.ts'
import { deployEip7702Delegate } from '../../fixtures/eip7702/deploy.ts'
import { createDevWalletProvider, type DevWalletOptions } from '../provider.ts'
import { rejectionPolicy } from '../rejection.ts'
import { memoryStorage } from '../storage.ts'
import { CALLS_STATUS } from './batches.ts'

const CHAIN_ID = 31337
const [owner] = DEV_ACCOUNTS as [(typeof DEV_ACCOUNTS)[0]]
const pausableAbi = parseAbi(['function pause()', 'function mint(address to, uint256 amount)'])

let anvil: AnvilProcess
let delegate: Address
let token: Address
const client = () => createPublicClient({ transport: http(anvil.rpcUrl), pollingInterval: 20 })
const ownerWallet = () =>
  createWalletClient({ account: privateKeyToAccount(owner.privateKey), transport: http(anvil.rpcUrl) })

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID, port: 0 })
  ;({ simple7702Account: delegate } = await deployEip7702Delegate({
    chainId: CHAIN_ID,
    rpcUrl: anvil.rpcUrl,
  }))
  // An ERC-20 whose pauser (the owner) can make transfers fail after a batch was estimated.
  const artifact = openZeppelinArtifact('ERC20PresetMinterPauser')
  const hash = await ownerWallet().deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: ['Batch Token', 'BAT'],
    chain: null,
  })
  token = (await client().waitForTransactionReceipt({ hash })).contractAddress as Address
}, 120_000)
afterAll(() => anvil?.stop())

/** A fresh account with ETH and 100 tokens, and its dev wallet on the anvil chain. */
async function funded(overrides: Partial<DevWalletOptions> = {}) {
  const key = generatePrivateKey()
  const account = privateKeyToAccount(key)
  await client().request({
    method: 'anvil_setBalance',
    params: [account.address, toHex(10n ** 19n)],
  } as never)
  const hash = await ownerWallet().writeContract({
    address: token,
    abi: pausableAbi,
    functionName: 'mint',
    args: [account.address, 100n],
    chain: null,
  })
  await client().waitForTransactionReceipt({ hash })
  const provider = createDevWalletProvider({
    account,
    chains: { [CHAIN_ID]: anvil.rpcUrl },
    chainId: CHAIN_ID,
    storage: memoryStorage(),
    batchDelegates: { [CHAIN_ID]: delegate },
    ...overrides,
  })
  await provider.request({ method: 'eth_requestAccounts' })
  return { account, provider }
}

const recipient = () => privateKeyToAccount(generatePrivateKey()).address
const approve = (spender: Address, amount: bigint) => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
})
const transferFrom = (from: Address, to: Address, amount: bigint) => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [from, to, amount] }),
})
const sendCalls = (calls: unknown[], atomicRequired = true) => ({
  method: 'wallet_sendCalls',
  params: [{ version: '2.0.0', chainId: toHex(CHAIN_ID), calls, atomicRequired }],
})
const balanceOf = (owner: Address) =>
  client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const allowance = (owner: Address, spender: Address) =>
  client().readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] })

interface Status {
  status: number
  atomic: boolean
  chainId: Hex
  receipts?: { transactionHash: Hex; status: Hex; logs: unknown[] }[]
}

async function settled(
  provider: { request(a: { method: string; params?: unknown }): Promise<unknown> },
  id: string,
) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as Status
    if (status.status !== CALLS_STATUS.pending) return status
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`batch ${id} still pending`)
}

describe('dev wallet EIP-5792 batches', () => {
  it('reports atomic per chain: supported where the delegate has code, unsupported elsewhere', async () => {
    const { account, provider } = await funded()
    expect(
      await provider.request({
        method: 'wallet_getCapabilities',
        params: [account.address, [toHex(CHAIN_ID)]],
      }),
    ).toEqual({ [toHex(CHAIN_ID)]: { atomic: { status: 'supported' } } })
    const nowhere = await funded({ batchDelegates: { [CHAIN_ID]: recipient() } })
    expect(
      await nowhere.provider.request({ method: 'wallet_getCapabilities', params: [nowhere.account.address] }),
    ).toEqual({
      [toHex(CHAIN_ID)]: { atomic: { status: 'unsupported' } },
    })
  })

  it('an approve and a transferFrom that needs it land in ONE EIP-7702 transaction', async () => {
    const { account, provider } = await funded()
    const to = recipient()
    const nonce = await client().getTransactionCount({ address: account.address })
    const { id } = (await provider.request(
      sendCalls([approve(account.address, 40n), transferFrom(account.address, to, 40n)]),
    )) as { id: string }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const status = await settled(provider, id)
    expect(status).toMatchObject({ status: CALLS_STATUS.confirmed, atomic: true, chainId: toHex(CHAIN_ID) })
    expect(status.receipts).toHaveLength(1)
    const hash = status.receipts?.[0]?.transactionHash as Hex
    const tx = await client().getTransaction({ hash })
    expect(tx.type).toBe('eip7702')
    expect(tx.from.toLowerCase()).toBe(account.address.toLowerCase())
    expect(tx.to?.toLowerCase()).toBe(account.address.toLowerCase())
    expect(tx.authorizationList?.[0]?.address.toLowerCase()).toBe(delegate.toLowerCase())
    expect(await balanceOf(to)).toBe(40n)
    expect(await balanceOf(account.address)).toBe(60n)
    // One transaction; the account's own authorization in it takes the next nonce too.
    expect(await client().getTransactionCount({ address: account.address })).toBe(nonce + 2)
    // The EOA is now delegated: its code is the EIP-7702 designator of the delegate.
    expect((await client().getCode({ address: account.address }))?.toLowerCase()).toBe(
      `0xef0100${delegate.slice(2).toLowerCase()}`,
    )
    // Ids are new each time; a second batch from the delegated account works the same way.
    const second = (await provider.request(
      sendCalls([transferFrom(account.address, to, 0n), approve(to, 1n)]),
    )) as {
      id: string
    }
    expect(second.id).not.toBe(id)
    expect((await settled(provider, second.id)).status).toBe(CALLS_STATUS.confirmed)
    expect(await allowance(account.address, to)).toBe(1n)
  })

  it('a batch that would revert is refused before anything is sent', async () => {
    const { account, provider } = await funded()
    const to = recipient()
    const nonce = await client().getTransactionCount({ address: account.address })
    const refused = provider.request(
      sendCalls([approve(account.address, 10n), transferFrom(account.address, to, 20n)]),
    )
    await expect(refused).rejects.toMatchObject({ message: expect.stringMatching(/revert/i) })
    expect(await client().getTransactionCount({ address: account.address })).toBe(nonce)
    expect(await allowance(account.address, account.address)).toBe(0n)
  })

  it('a call failing on chain reverts the whole batch: the approval before it is undone (status 500)', async () => {
    const { account, provider } = await funded()
    const to = recipient()
    const test = client()
    await test.request({ method: 'evm_setAutomine', params: [false] } as never)
    try {
      const { id } = (await provider.request(
        sendCalls([approve(account.address, 30n), transferFrom(account.address, to, 30n)]),
      )) as { id: string }
      // Estimated while transfers worked; the pauser's transaction, paying more, is mined first.
      await ownerWallet().writeContract({
        address: token,
        abi: pausableAbi,
        functionName: 'pause',
        chain: null,
        maxFeePerGas: parseGwei('500'),
        maxPriorityFeePerGas: parseGwei('400'),
      })
      await test.request({ method: 'evm_mine', params: [] } as never)
      const status = await settled(provider, id)
      expect(status).toMatchObject({ status: CALLS_STATUS.reverted, atomic: true })
      expect(status.receipts).toHaveLength(1)
      expect(status.receipts?.[0]?.status).toBe('0x0')
      expect(await allowance(account.address, account.address)).toBe(0n)
      expect(await balanceOf(to)).toBe(0n)
      expect(await balanceOf(account.address)).toBe(100n)
    } finally {
      await test.request({ method: 'evm_setAutomine', params: [true] } as never)
      const unpause = await ownerWallet().writeContract({
        address: token,
        abi: parseAbi(['function unpause()']),
        functionName: 'unpause',
        chain: null,
      })
      await test.waitForTransactionReceipt({ hash: unpause })
    }
  })

  it('asks like eth_sendTransaction: a rejection answers 4001 and sends nothing', async () => {
    const config = { rejectNext: false }
    const { account, provider } = await funded({ shouldReject: rejectionPolicy(() => config) })
    config.rejectNext = true
    const nonce = await client().getTransactionCount({ address: account.address })
    await expect(provider.request(sendCalls([approve(account.address, 1n)]))).rejects.toMatchObject({
      code: 4001,
    })
    expect(await client().getTransactionCount({ address: account.address })).toBe(nonce)
    expect(config.rejectNext).toBe(false)
    const autoRejecting = await funded({ shouldReject: (method) => method === 'wallet_sendCalls' })
    await expect(
      autoRejecting.provider.request(sendCalls([approve(account.address, 1n)])),
    ).rejects.toMatchObject({
      code: 4001,
    })
  })

  it('a page the account was never given to gets 4100 and nothing is sent', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const provider = createDevWalletProvider({
      account,
      chains: { [CHAIN_ID]: anvil.rpcUrl },
      chainId: CHAIN_ID,
      storage: memoryStorage(),
      batchDelegates: { [CHAIN_ID]: delegate },
    })
    await expect(provider.request(sendCalls([approve(account.address, 1n)]))).rejects.toMatchObject({
      code: 4100,
    })
    expect(await client().getTransactionCount({ address: account.address })).toBe(0)
  })

  it('without a deployed delegate: call after call when allowed, 5760 when atomicity is required', async () => {
    const { account, provider } = await funded({ batchDelegates: { [CHAIN_ID]: recipient() } })
    const to = recipient()
    await expect(
      provider.request(sendCalls([approve(account.address, 5n), transferFrom(account.address, to, 5n)])),
    ).rejects.toMatchObject({ code: 5760 })
    const { id } = (await provider.request(
      sendCalls([approve(account.address, 5n), transferFrom(account.address, to, 5n)], false),
    )) as { id: string }
    const status = await settled(provider, id)
    expect(status).toMatchObject({ status: CALLS_STATUS.confirmed, atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect(await balanceOf(to)).toBe(5n)
  })

  it('refuses an id it already used (5720) and answers 5730 for one it never sent', async () => {
    const { account, provider } = await funded()
    const request = {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          id: 'app-batch-1',
          chainId: toHex(CHAIN_ID),
          calls: [approve(account.address, 1n)],
          atomicRequired: true,
        },
      ],
    }
    expect(await provider.request(request)).toEqual({ id: 'app-batch-1' })
    await expect(provider.request(request)).rejects.toMatchObject({ code: 5720 })
    await expect(
      provider.request({ method: 'wallet_getCallsStatus', params: ['0x1234'] }),
    ).rejects.toMatchObject({
      code: 5730,
    })
    await expect(
      provider.request({ method: 'wallet_showCallsStatus', params: ['app-batch-1'] }),
    ).rejects.toMatchObject({
      code: 4200,
    })
  })
})
