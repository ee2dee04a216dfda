/**
 * POST /v1/preview against the devnet's anvil (eth_simulateV1 with traceTransfers): the fixture USDC
 * and the Uniswap-V2 router are real contracts, a fake "USDC" is deployed here.
 */
import { createRequire } from 'node:module'
import { type Devnet, nftFixtureAddresses } from '@portico/devnet'
import type {
  PreviewRequest,
  PreviewResponse,
  SignaturePreview,
  TransactionPreview,
} from '@portico/shared-types/api'
import {
  type Abi,
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  hashTypedData,
  keccak256,
  maxUint160,
  maxUint256,
  parseAbi,
  parseEther,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiServer } from '../src/index.ts'
import { swapCall } from '../src/routes/convert.ts'
import { permitSingle } from './fixtures/permit2.ts'
import { chainClients, PROJECT, postJson, startApiOverDevnet } from './helpers.ts'

const require = createRequire(import.meta.url)
const preset = require('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as {
  abi: Abi
  bytecode: Hex
}
const nftAbi = parseAbi([
  'function mint(address to, string tokenUri) returns (uint256)',
  'function mint(address to, uint256 id, uint256 amount, string tokenUri)',
  'function setApprovalForAll(address operator, bool approved)',
])

let stack: Awaited<ReturnType<typeof startApiOverDevnet>>
let devnet: Devnet
let api: ApiServer
let user: Address
let usdc: Address
let router: Address
let weth: Address
let fakeUsdc: Address
const recipient = '0x000000000000000000000000000000000000bEEF' as Address

beforeAll(async () => {
  stack = await startApiOverDevnet('portico-api-preview-', { pollMs: 1000 })
  ;({ devnet, api } = stack)
  const chain = devnet.chains.find((c) => c.chainId === 31337)
  const fixtures = devnet.fixtures?.[31337]
  const account = devnet.accounts[0]
  if (!chain || !fixtures?.dex || !account) throw new Error('devnet without chain A fixtures')
  user = getAddress(account.address)
  usdc = fixtures.tokens.USDC
  router = fixtures.dex.router
  weth = fixtures.dex.weth
  // Looks like USDC once its invisible and reordering characters are gone; it is not the listed one.
  const { wallet, publicClient } = chainClients(31337, chain.rpcUrl, account.privateKey)
  if (!wallet) throw new Error('no wallet')
  const hash = await wallet.deployContract({
    abi: preset.abi,
    bytecode: preset.bytecode,
    args: ['USD\u200b Coin', 'US\u202eDC\u200b\u2066'],
  })
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (!contractAddress) throw new Error('fake USDC not deployed')
  fakeUsdc = getAddress(contractAddress)
  const mint = await wallet.writeContract({
    address: fakeUsdc,
    abi: preset.abi,
    functionName: 'mint',
    args: [user, parseEther('10')],
  })
  await publicClient.waitForTransactionReceipt({ hash: mint, pollingInterval: 20 })
}, 120_000)

afterAll(() => stack?.stop())

const preview = async <T extends PreviewResponse>(body: Omit<PreviewRequest, 'chainId'>) => {
  const res = await postJson<T>(`${api.url}/v1/preview?projectId=${PROJECT}`, {
    chainId: 'eip155:31337',
    ...body,
  })
  expect(res.status).toBe(200)
  return res.body
}
const transfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
/** Router calldata and value swapping 1 ETH for USDC, reverting after `deadline`. */
const ethToUsdc = (deadline: bigint) => {
  const { data, value } = swapCall(true, false, {
    amount: parseEther('1'),
    amountOutMin: 0n,
    path: [weth, usdc],
    to: user,
    deadline,
  })
  return { data, value: value.toString() }
}
const approve = (spender: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })

describe('transaction preview', () => {
  it('shows a native and an ERC-20 transfer out of a batch, tokens by address, with gas and the digest', async () => {
    const calls = [
      { to: recipient, value: parseEther('1').toString() },
      { to: usdc, data: transfer(recipient, 5_000_000n) },
    ]
    const body = await preview<TransactionPreview>({ batch: { from: user, calls } })
    expect(body).toMatchObject({ kind: 'transaction', status: 'success', approvals: [] })
    expect(body.changes).toEqual([
      {
        direction: 'out',
        token: expect.objectContaining({ standard: 'native', symbol: 'ETH', decimals: 18, listed: true }),
        amount: parseEther('1').toString(),
        counterparty: recipient,
      },
      {
        direction: 'out',
        token: expect.objectContaining({
          address: `eip155:31337:${usdc}`,
          standard: 'erc20',
          symbol: 'USDC',
          decimals: 6,
          listed: true,
        }),
        amount: '5000000',
        counterparty: recipient,
      },
    ])
    expect(BigInt(body.gasUsed)).toBeGreaterThan(21_000n)
    // The rule wallets follow (docs/security.md), computed here without the API's code.
    const expected = keccak256(
      encodeAbiParameters(
        [
          { type: 'string' },
          { type: 'uint256' },
          { type: 'address' },
          { type: 'tuple[]', components: [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }] },
        ],
        [
          'portico.preview.calls.v1',
          31337n,
          user,
          [
            [recipient, parseEther('1'), '0x'],
            [usdc, 0n, transfer(recipient, 5_000_000n)],
          ],
        ],
      ),
    )
    expect(body.digest).toBe(expected)
    const oneByteMore = await preview<TransactionPreview>({
      batch: {
        from: user,
        calls: [calls[0] ?? { to: recipient }, { to: usdc, data: transfer(recipient, 5_000_001n) }],
      },
    })
    expect(oneByteMore.digest).not.toBe(expected)
  })

  it('calls out an unlimited approval, and not a bounded one', async () => {
    const unlimited = await preview<TransactionPreview>({
      transaction: { from: user, to: usdc, data: approve(router, maxUint256) },
    })
    expect(unlimited.approvals).toEqual([
      {
        token: expect.objectContaining({ address: `eip155:31337:${usdc}`, symbol: 'USDC', listed: true }),
        spender: router,
        amount: maxUint256.toString(),
        unlimited: true,
        revoked: false,
      },
    ])
    const bounded = await preview<TransactionPreview>({
      transaction: { from: user, to: usdc, data: approve(router, 1_000_000n) },
    })
    expect(bounded.approvals).toMatchObject([{ amount: '1000000', unlimited: false }])
  })

  it('marks a fake "USDC" as unlisted, its symbol without its invisible and bidi characters', async () => {
    const body = await preview<TransactionPreview>({
      transaction: { from: user, to: fakeUsdc, data: transfer(recipient, parseEther('1')) },
    })
    expect(body.changes).toEqual([
      expect.objectContaining({
        direction: 'out',
        token: {
          address: `eip155:31337:${fakeUsdc}`,
          standard: 'erc20',
          symbol: 'USDC',
          name: 'USD Coin',
          decimals: 18,
          listed: false,
        },
      }),
    ])
  })

  it('shows NFTs received (ERC-721, ERC-1155) and calls out an approval for all', async () => {
    const { collectible, multiToken } = nftFixtureAddresses()
    const body = await preview<TransactionPreview>({
      batch: {
        from: user,
        calls: [
          {
            to: collectible,
            data: encodeFunctionData({ abi: nftAbi, functionName: 'mint', args: [user, ''] }),
          },
          {
            to: multiToken,
            data: encodeFunctionData({ abi: nftAbi, functionName: 'mint', args: [user, 7n, 3n, ''] }),
          },
          {
            to: collectible,
            data: encodeFunctionData({
              abi: nftAbi,
              functionName: 'setApprovalForAll',
              args: [router, true],
            }),
          },
        ],
      },
    })
    expect(body.status).toBe('success')
    expect(body.changes).toEqual([
      expect.objectContaining({
        direction: 'in',
        token: expect.objectContaining({ address: `eip155:31337:${collectible}`, standard: 'erc721' }),
        tokenId: expect.stringMatching(/^\d+$/),
      }),
      expect.objectContaining({
        direction: 'in',
        token: expect.objectContaining({ address: `eip155:31337:${multiToken}`, standard: 'erc1155' }),
        tokenId: '7',
        amount: '3',
      }),
    ])
    expect(body.approvals).toEqual([
      expect.objectContaining({ spender: router, forAll: true, unlimited: true, revoked: false }),
    ])
  })

  it('answers a revert with its reason, naming the failing call, and no asset changes', async () => {
    const expired = await preview<TransactionPreview>({
      transaction: {
        from: user,
        to: router,
        ...ethToUsdc(1n),
      },
    })
    expect(expired).toMatchObject({
      status: 'reverted',
      revert: { callIndex: 0, kind: 'error', reason: 'UniswapV2Router: EXPIRED' },
      changes: [],
    })
    const overdrawn = await preview<TransactionPreview>({
      batch: {
        from: recipient,
        calls: [
          { to: usdc, data: approve(router, 1n) },
          { to: usdc, data: transfer(user, 1n) },
        ],
      },
    })
    expect(overdrawn).toMatchObject({
      status: 'reverted',
      revert: { callIndex: 1, kind: 'error', reason: 'ERC20: transfer amount exceeds balance' },
      approvals: [],
    })
  })
})

describe('typed data preview', () => {
  it('decodes a Permit2 PermitSingle of the listed USDC: spender, unlimited amount, deadlines, the EIP-712 hash', async () => {
    const payload = permitSingle({
      chainId: 31337,
      token: usdc,
      spender: router,
      amount: maxUint160.toString(),
      expiration: '1900000000',
      sigDeadline: '1800000000',
    })
    const body = await preview<SignaturePreview>({ typedData: { from: user, payload } })
    expect(body).toEqual({
      kind: 'signature',
      chainId: 'eip155:31337',
      digest: hashTypedData(payload as Parameters<typeof hashTypedData>[0]),
      recognised: true,
      primaryType: 'PermitSingle',
      otherChain: false,
      approvals: [
        {
          token: expect.objectContaining({ address: `eip155:31337:${usdc}`, symbol: 'USDC', listed: true }),
          spender: router,
          amount: maxUint160.toString(),
          unlimited: true,
          revoked: false,
          deadline: '1800000000',
          expiration: '1900000000',
        },
      ],
    })
  })
})
