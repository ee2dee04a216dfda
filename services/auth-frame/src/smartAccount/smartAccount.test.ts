import {
  AA_FIXTURES,
  type AnvilProcess,
  type BundlerProcess,
  deployAccountAbstraction,
  startAnvil,
  startBundler,
} from '@portico/devnet'
import { MESSAGES } from '@portico/shared-types'
import {
  createPublicClient,
  encodeErrorResult,
  type Hex,
  http,
  isErc6492Signature,
  parseAbi,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { verifyMessage, verifyTypedData } from 'viem/actions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FrameError } from '../errors.ts'
import { eip155Request } from '../rpc/eip155.ts'
import type { SmartAccountProvider } from '../smartAccountSeam.ts'
import { createSmartAccountProvider, SMART_ACCOUNT_ERRORS } from './index.ts'

const chainId = 31337
const typedData = {
  domain: { name: 'Portico test', version: '1', chainId },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hello' },
} as const

describe('smart accounts over anvil and the alto bundler', () => {
  let anvil: AnvilProcess
  let bundler: BundlerProcess
  let smart: SmartAccountProvider
  let client: ReturnType<typeof createPublicClient>
  const latencies: number[] = []

  const newOwner = () => privateKeyToAccount(generatePrivateKey())
  const fund = (address: Hex, eth: string) =>
    client.request({
      method: 'anvil_setBalance',
      params: [address, `0x${parseEther(eth).toString(16)}`],
    } as never)

  beforeAll(async () => {
    anvil = await startAnvil({ chainId, port: 0 })
    const aa = await deployAccountAbstraction({ chainId, rpcUrl: anvil.rpcUrl })
    bundler = await startBundler({ rpcUrl: anvil.rpcUrl, chainId, entryPoint: aa.entryPoint, port: 0 })
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
    smart = createSmartAccountProvider({
      networks: [{ chainId, rpcUrl: anvil.rpcUrl, bundlerUrl: bundler.url, ...aa }],
    })
  }, 120_000)
  afterAll(async () => {
    if (latencies.length) console.info(`user operation → receipt: ${latencies.join(', ')} ms`)
    await bundler?.stop()
    await anvil?.stop()
  })

  it('enables the chains it has a bundler for, and refuses others with a clear error', async () => {
    expect(smart.enabledNetworks()).toEqual([chainId])
    await expect(smart.address(newOwner(), 31338)).rejects.toThrow(
      new FrameError(SMART_ACCOUNT_ERRORS.notEnabled),
    )
    expect(() =>
      createSmartAccountProvider({
        networks: [{ chainId, rpcUrl: 'file:///etc/passwd', bundlerUrl: bundler.url, ...AA_FIXTURES }],
      }),
    ).toThrow('rpcUrl must be http(s), got file:')
  })

  it('gives each owner a counterfactual address (the factory’s), undeployed until its first user operation', async () => {
    const owner = newOwner()
    const address = await smart.address(owner, chainId)
    const factoryAddress = await client.readContract({
      address: AA_FIXTURES.factory,
      abi: parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)']),
      functionName: 'getAddress',
      args: [owner.address, 0n],
    })
    expect(address).toBe(factoryAddress)
    expect(address).not.toBe(owner.address)
    expect(await smart.address(owner, chainId)).toBe(address)
    expect(await smart.address(newOwner(), chainId)).not.toBe(address)
    expect(await smart.isDeployed(address, chainId)).toBe(false)
  })

  it('signs as the undeployed account with ERC-6492 signatures viem verifies; the owner’s own signature does not pass', async () => {
    const owner = newOwner()
    const address = await smart.address(owner, chainId)
    const signature = await smart.signMessage?.(owner, chainId, 'hello')
    expect(signature && isErc6492Signature(signature)).toBe(true)
    expect(await verifyMessage(client, { address, message: 'hello', signature: signature as Hex })).toBe(true)
    expect(await verifyMessage(client, { address, message: 'hellO', signature: signature as Hex })).toBe(
      false,
    )
    const raw = await smart.signMessage?.(owner, chainId, { raw: '0xdeadbeef' })
    expect(
      await verifyMessage(client, { address, message: { raw: '0xdeadbeef' }, signature: raw as Hex }),
    ).toBe(true)
    const typed = await smart.signTypedData?.(owner, chainId, typedData)
    expect(await verifyTypedData(client, { address, ...typedData, signature: typed as Hex })).toBe(true)
    // Replay safety: the owner's plain signature, or this account's signature for another account, fails.
    const plain = await owner.signMessage({ message: 'hello' })
    expect(await verifyMessage(client, { address, message: 'hello', signature: plain })).toBe(false)
    const other = await smart.address(newOwner(), chainId)
    expect(
      await verifyMessage(client, { address: other, message: 'hello', signature: signature as Hex }),
    ).toBe(false)
    expect(await smart.isDeployed(address, chainId)).toBe(false)
  })

  it('refuses to send from an account without ETH for gas, with a message the app can show', async () => {
    const owner = newOwner()
    await expect(
      smart.sendCalls(owner, chainId, [{ to: newOwner().address, value: parseEther('0.01') }]),
    ).rejects.toThrow(new FrameError(SMART_ACCOUNT_ERRORS.noFunds))
    expect(await smart.isDeployed(await smart.address(owner, chainId), chainId)).toBe(false)
  })

  it('deploys the account with its first user operation and moves ETH; then signs with ERC-1271', async () => {
    const owner = newOwner()
    const address = await smart.address(owner, chainId)
    await fund(address, '1')
    const to = newOwner().address
    const started = Date.now()
    const hash = await smart.sendCalls(owner, chainId, [{ to, value: parseEther('0.1') }])
    latencies.push(Date.now() - started)
    const receipt = await client.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(AA_FIXTURES.entryPoint.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.1'))
    const left = await client.getBalance({ address })
    expect(left).toBeLessThan(parseEther('0.9')) // 0.1 sent plus the gas it paid
    expect(left).toBeGreaterThan(parseEther('0.8'))
    expect(await smart.isDeployed(address, chainId)).toBe(true)

    const again = await smart.sendCalls(owner, chainId, [{ to, value: parseEther('0.2') }])
    expect((await client.getTransactionReceipt({ hash: again })).status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.3'))

    const signature = (await smart.signMessage?.(owner, chainId, 'after deployment')) as Hex
    expect(isErc6492Signature(signature)).toBe(false)
    expect(signature).toHaveLength(132)
    expect(await verifyMessage(client, { address, message: 'after deployment', signature })).toBe(true)
    expect(await verifyMessage(client, { address, message: 'after deploymenT', signature })).toBe(false)
  })

  it('sends a batch in one user operation, and concurrent sends in nonce order', async () => {
    const owner = newOwner()
    const address = await smart.address(owner, chainId)
    await fund(address, '1')
    const [a, b] = [newOwner().address, newOwner().address]
    const batch = await smart.sendCalls(owner, chainId, [
      { to: a, value: parseEther('0.01') },
      { to: b, value: parseEther('0.02') },
    ])
    expect((await client.getTransactionReceipt({ hash: batch })).status).toBe('success')
    const both = await Promise.all([
      smart.sendCalls(owner, chainId, [{ to: a, value: parseEther('0.001') }]),
      smart.sendCalls(owner, chainId, [{ to: b, value: parseEther('0.002') }]),
    ])
    expect(new Set(both).size).toBe(2)
    expect(await client.getBalance({ address: a })).toBe(parseEther('0.011'))
    expect(await client.getBalance({ address: b })).toBe(parseEther('0.022'))
  })

  it('reports a call the chain would revert as an error, and sends nothing', async () => {
    const owner = newOwner()
    const address = await smart.address(owner, chainId)
    await fund(address, '1')
    // EntryPoint has no fallback: unknown call data reverts.
    const failing = smart.sendCalls(owner, chainId, [{ to: AA_FIXTURES.entryPoint, data: '0xdeadbeef' }])
    await expect(failing).rejects.toBeInstanceOf(FrameError)
    // No revert reason: the behaviour §8 generic message, not the bundler's raw revert data.
    await expect(failing).rejects.toThrow(new FrameError(MESSAGES.transactionError))
    expect(await client.getBalance({ address })).toBe(parseEther('1'))
    await expect(smart.sendCalls(owner, chainId, [])).rejects.toThrow(SMART_ACCOUNT_ERRORS.tooManyCalls)
  })

  it('a call that reverts with a reason (Error(string)) shows the reason, not the revert hex', async () => {
    const owner = newOwner()
    const address = await smart.address(owner, chainId)
    await fund(address, '1')
    // A contract that always reverts with Error("Portico: not allowed"): copy its revert data, revert.
    const data = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['Portico: not allowed'],
    })
    const size = ((data.length - 2) / 2).toString(16).padStart(4, '0')
    const target = '0x00000000000000000000000000000000000000f1'
    await client.request({
      method: 'anvil_setCode',
      params: [target, `0x61${size}600e60003961${size}6000fd${data.slice(2)}`],
    } as never)
    const failing = smart.sendCalls(owner, chainId, [{ to: target, data: '0x' }])
    await expect(failing).rejects.toThrow(new FrameError('The user operation reverted: Portico: not allowed'))
    expect(await client.getBalance({ address })).toBe(parseEther('1'))
  })

  it('INIT_SMART_ACCOUNT deploys a funded account once', async () => {
    const owner = newOwner()
    const address = await smart.address(owner, chainId)
    await fund(address, '1')
    await smart.deploy(owner, chainId)
    expect(await smart.isDeployed(address, chainId)).toBe(true)
    const nonce = await client.readContract({
      address: AA_FIXTURES.entryPoint,
      abi: parseAbi(['function getNonce(address sender, uint192 key) view returns (uint256)']),
      functionName: 'getNonce',
      args: [address, 0n],
    })
    await smart.deploy(owner, chainId)
    expect(
      await client.readContract({
        address: AA_FIXTURES.entryPoint,
        abi: parseAbi(['function getNonce(address sender, uint192 key) view returns (uint256)']),
        functionName: 'getNonce',
        args: [address, 0n],
      }),
    ).toBe(nonce)
  })

  it('serves the frame’s eth_sendTransaction and personal_sign as the smart account', async () => {
    const owner = newOwner()
    const address = await smart.address(owner, chainId)
    await fund(address, '1')
    const signer = { owner, chain: { chainId, rpcUrl: anvil.rpcUrl }, address, smart }
    expect(await eip155Request(signer, 'eth_accounts', [])).toEqual([address])
    const to = newOwner().address
    const hash = (await eip155Request(signer, 'eth_sendTransaction', [
      { from: address, to, value: `0x${parseEther('0.05').toString(16)}` },
    ])) as Hex
    expect((await client.getTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.05'))
    const signature = (await eip155Request(signer, 'personal_sign', ['0x68656c6c6f', address])) as Hex
    expect(await verifyMessage(client, { address, message: 'hello', signature })).toBe(true)
    await expect(eip155Request(signer, 'eth_sendTransaction', [{ from: owner.address, to }])).rejects.toThrow(
      'The request names an account that is not the connected one',
    )
  })
})
