/**
 * Gas paid by the app, end to end over HTTP: a smart account with 0 ETH sends USDC through the real
 * alto bundler, its user operation paid by PorticoVerifyingPaymaster, whose data comes from our own
 * ERC-7677 service (services/api /v1/paymaster) through the frame's standard client. The sponsor's
 * policy refusal reaches the caller as the service's message, and nothing is sent.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ApiServer, startApi } from '@portico/api'
import {
  type AnvilProcess,
  type BundlerProcess,
  type ChainFixtures,
  DEV_ACCOUNTS,
  deployFixtures,
  startAnvil,
  startBundler,
} from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseAbi,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FrameError } from '../errors.ts'
import type { SmartAccountProvider } from '../smartAccountSeam.ts'
import { PAYMASTER_CLIENT_ERRORS } from './paymasterClient.ts'
import { createSmartAccountProvider } from './provider.ts'

const chainId = 31337
const mintAbi = parseAbi(['function mint(address to, uint256 amount)'])
const depositAbi = parseAbi(['function getDeposit() view returns (uint256)'])

describe('a sponsored user operation over anvil, alto and the API’s paymaster service', () => {
  let anvil: AnvilProcess
  let bundler: BundlerProcess
  let api: ApiServer
  let dir: string
  let fixtures: ChainFixtures
  let smart: SmartAccountProvider
  let client: ReturnType<typeof createPublicClient>
  let paymaster: Address

  beforeAll(async () => {
    anvil = await startAnvil({ chainId, port: 0 })
    fixtures = (await deployFixtures({ chains: [{ chainId, rpcUrl: anvil.rpcUrl }] }))[
      chainId
    ] as ChainFixtures
    if (!fixtures.aa || !fixtures.paymaster) throw new Error('no ERC-4337 fixtures')
    paymaster = fixtures.paymaster.address
    bundler = await startBundler({
      rpcUrl: anvil.rpcUrl,
      chainId,
      entryPoint: fixtures.aa.entryPoint,
      port: 0,
    })
    dir = mkdtempSync(join(tmpdir(), 'portico-sponsored-'))
    // The dev defaults: the devnet's signer, and the dev project's policy (USDC and the DEX only).
    api = await startApi({
      port: 0,
      chains: [{ chainId, rpcUrl: anvil.rpcUrl }],
      fixtures: { [chainId]: fixtures },
      database: { kind: 'sqlite', file: join(dir, 'api.sqlite') },
      indexer: { enabled: false },
      logLevel: 'silent',
    })
    smart = createSmartAccountProvider({
      networks: [{ chainId, rpcUrl: anvil.rpcUrl, bundlerUrl: bundler.url, ...fixtures.aa }],
    })
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
  }, 180_000)
  afterAll(async () => {
    await api?.close()
    await bundler?.stop()
    await anvil?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const serviceUrl = () => `${api.url}/v1/paymaster?projectId=portico-dev`
  const mint = async (token: Address, to: Address, amount: bigint) => {
    const minter = createWalletClient({
      account: privateKeyToAccount(DEV_ACCOUNTS[0]?.privateKey ?? '0x'),
      transport: http(anvil.rpcUrl),
    })
    const hash = await minter.writeContract({
      chain: null,
      address: token,
      abi: mintAbi,
      functionName: 'mint',
      args: [to, amount],
    })
    await client.waitForTransactionReceipt({ hash })
  }
  const transferCall = (token: Address, to: Address, amount: bigint) => ({
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
  })

  it('a 0-ETH account sends USDC, deploying itself, with the app paying the gas', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await smart.address(owner, chainId)
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const usdc = fixtures.tokens.USDC
    await mint(usdc, account, parseUnits('100', 6))
    expect(await client.getBalance({ address: account })).toBe(0n)
    const deposit = await client.readContract({
      address: paymaster,
      abi: depositAbi,
      functionName: 'getDeposit',
    })

    const hash = await smart.sendCalls(
      owner,
      chainId,
      [transferCall(usdc, receiver, parseUnits('12.5', 6))],
      {
        paymaster: { url: serviceUrl(), paymaster },
      },
    )
    expect((await client.getTransactionReceipt({ hash })).status).toBe('success')
    const balanceOf = (address: Address) =>
      client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    expect(await balanceOf(receiver)).toBe(parseUnits('12.5', 6))
    expect(await balanceOf(account)).toBe(parseUnits('87.5', 6))
    expect(await client.getBalance({ address: account })).toBe(0n)
    expect(await smart.isDeployed(account, chainId)).toBe(true)
    // The paymaster's deposit paid for it.
    expect(
      await client.readContract({ address: paymaster, abi: depositAbi, functionName: 'getDeposit' }),
    ).toBeLessThan(deposit)

    // Deployed now: the next sponsored send needs no factory.
    const again = await smart.sendCalls(owner, chainId, [transferCall(usdc, receiver, 1n)], {
      paymaster: { url: serviceUrl(), paymaster },
    })
    expect((await client.getTransactionReceipt({ hash: again })).status).toBe('success')
    expect(await client.getBalance({ address: account })).toBe(0n)
  }, 120_000)

  it('a call the policy refuses fails with the service’s message, and nothing is sent', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await smart.address(owner, chainId)
    const ptt = fixtures.tokens.PTT
    await mint(ptt, account, 10n ** 18n)
    const sent = smart.sendCalls(owner, chainId, [transferCall(ptt, account, 1n)], {
      paymaster: { url: serviceUrl(), paymaster },
    })
    await expect(sent).rejects.toThrow(new FrameError('The app does not sponsor calls to this contract'))
    expect(await smart.isDeployed(account, chainId)).toBe(false)
  }, 60_000)

  it('an answer for another paymaster than the configured one is not used', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await smart.address(owner, chainId)
    await mint(fixtures.tokens.USDC, account, 10n)
    const sent = smart.sendCalls(owner, chainId, [transferCall(fixtures.tokens.USDC, account, 1n)], {
      paymaster: { url: serviceUrl(), paymaster: '0x000000000000000000000000000000000000bEEF' },
    })
    await expect(sent).rejects.toThrow(new FrameError(PAYMASTER_CLIENT_ERRORS.wrongPaymaster))
    expect(await smart.isDeployed(account, chainId)).toBe(false)
  }, 60_000)
})
