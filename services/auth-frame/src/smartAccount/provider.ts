import {
  type Address,
  BaseError,
  type Chain,
  type Client,
  createClient,
  defineChain,
  type Hex,
  http,
  type LocalAccount,
  type Transport,
} from 'viem'
import { createBundlerClient, type SmartAccount } from 'viem/account-abstraction'
import { getCode } from 'viem/actions'
import { FrameError } from '../errors.ts'
import type { SendCallsOptions, SmartAccountCall, SmartAccountProvider } from '../smartAccountSeam.ts'
import { toPorticoSmartAccount } from './account.ts'
import { erc7677Client } from './paymasterClient.ts'
import { REVERTED_PREFIX, revertMessage } from './revert.ts'

/** One chain where users get smart accounts: its RPC, its ERC-4337 bundler and the fixtures' contracts. */
export interface SmartAccountNetwork {
  chainId: number
  rpcUrl: string
  bundlerUrl: string
  /** EntryPoint v0.8 (devnet fixtures[chainId].aa.entryPoint). */
  entryPoint: Address
  /** PorticoAccountFactory (devnet fixtures[chainId].aa.factory). */
  factory: Address
}

export interface SmartAccountProviderOptions {
  networks: SmartAccountNetwork[]
  /** How long a sent user operation may take to be included (default 60 s). */
  receiptTimeoutMs?: number
  /** Polling of chain and bundler while waiting for a receipt (default 100 ms). */
  pollingIntervalMs?: number
}

export const SMART_ACCOUNT_ERRORS = {
  notEnabled: 'Smart accounts are not available on this network',
  tooManyCalls: 'Too many calls in one user operation',
  noFunds: 'The smart account has too little ETH to pay for gas on this network',
  timeout: 'The user operation was not included in time',
  reverted: REVERTED_PREFIX,
} as const

const MAX_CALLS = 32
const MAX_CACHED_ADDRESSES = 10_000

interface Network {
  config: SmartAccountNetwork
  client: Client<Transport, Chain, undefined>
}

/**
 * ERC-4337 smart accounts (PorticoAccount through EntryPoint v0.8 and a real bundler) for the auth
 * frame's seam. Keys are never kept: each call gets the owner's LocalAccount and drops it. Only
 * counterfactual addresses are cached. User operations of one account are sent one at a time.
 */
export function createSmartAccountProvider(options: SmartAccountProviderOptions): SmartAccountProvider {
  const pollingInterval = options.pollingIntervalMs ?? 100
  const receiptTimeout = options.receiptTimeoutMs ?? 60_000
  const networks = new Map<number, Network>()
  for (const config of options.networks) {
    if (networks.has(config.chainId))
      throw new Error(`Smart account network ${config.chainId} is listed twice`)
    for (const [name, url] of [
      ['rpcUrl', config.rpcUrl],
      ['bundlerUrl', config.bundlerUrl],
    ] as const) {
      const protocol = new URL(url).protocol
      if (protocol !== 'http:' && protocol !== 'https:')
        throw new Error(`Smart account network ${config.chainId}: ${name} must be http(s), got ${protocol}`)
    }
    const chain = defineChain({
      id: config.chainId,
      name: `Chain ${config.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [config.rpcUrl] } },
    })
    const client = createClient({ chain, transport: http(config.rpcUrl, { retryCount: 0 }), pollingInterval })
    networks.set(config.chainId, { config, client })
  }
  const addresses = new Map<string, Address>()
  const queues = new Map<string, Promise<unknown>>()

  const network = (chainId: number): Network => {
    const found = networks.get(chainId)
    if (!found) throw new FrameError(SMART_ACCOUNT_ERRORS.notEnabled)
    return found
  }

  const account = async (owner: LocalAccount, chainId: number): Promise<SmartAccount> => {
    const { client, config } = network(chainId)
    const key = `${chainId}:${owner.address}`
    const known = addresses.get(key)
    const smart = await toPorticoSmartAccount({
      client,
      owner,
      entryPoint: config.entryPoint,
      factory: config.factory,
      ...(known && { address: known }),
    })
    if (!known) {
      if (addresses.size >= MAX_CACHED_ADDRESSES) addresses.delete(addresses.keys().next().value as string)
      addresses.set(key, smart.address)
    }
    return smart
  }

  /** Runs `task` after the account's earlier user operations have settled (nonce order). */
  const serial = <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const previous = queues.get(key) ?? Promise.resolve()
    const run = previous.then(task, task)
    const tail = run.catch(() => {})
    queues.set(key, tail)
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key)
    })
    return run
  }

  const send = async (
    owner: LocalAccount,
    chainId: number,
    calls: SmartAccountCall[],
    options: SendCallsOptions = {},
  ): Promise<Hex> => {
    if (calls.length === 0 || calls.length > MAX_CALLS)
      throw new FrameError(SMART_ACCOUNT_ERRORS.tooManyCalls)
    const { client, config } = network(chainId)
    const smart = await account(owner, chainId)
    return serial(`${chainId}:${smart.address}`, async () => {
      const bundler = createBundlerClient({
        account: smart,
        client,
        transport: http(config.bundlerUrl, { retryCount: 0 }),
        pollingInterval,
      })
      try {
        // Sponsored: viem asks the paymaster service for stub data, estimates, then for the signed data.
        const sponsor = options.paymaster ? { paymaster: erc7677Client(options.paymaster) } : {}
        const hash = await bundler.sendUserOperation({ calls, ...sponsor })
        const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: receiptTimeout })
        if (!receipt.success)
          throw new FrameError(`${SMART_ACCOUNT_ERRORS.reverted} (${receipt.receipt.transactionHash})`)
        return receipt.receipt.transactionHash
      } catch (err) {
        throw bundlerError(err)
      }
    })
  }

  return {
    enabledNetworks: () => [...networks.keys()].sort((a, b) => a - b),
    async address(owner, chainId) {
      return (await account(owner, chainId)).address
    },
    async isDeployed(address, chainId) {
      const code = await getCode(network(chainId).client, { address })
      return code !== undefined && code !== '0x'
    },
    async deploy(owner, chainId) {
      const smart = await account(owner, chainId)
      if (await smart.isDeployed()) return
      // The first user operation carries the factory call; its own call is a no-op (0 ETH to itself).
      await send(owner, chainId, [{ to: smart.address, value: 0n, data: '0x' }])
    },
    sendCalls: send,
    async signMessage(owner, chainId, message) {
      return (await account(owner, chainId)).signMessage({ message })
    },
    async signTypedData(owner, chainId, typedData) {
      return (await account(owner, chainId)).signTypedData(typedData)
    },
  }
}

/** A bundler or chain failure as a message the app can show; FrameErrors pass through. */
function bundlerError(err: unknown): FrameError {
  if (err instanceof FrameError) return err
  const text = err instanceof BaseError ? `${err.shortMessage} ${err.details ?? ''}` : String(err)
  if (/AA21|didn't pay prefund|insufficient funds/i.test(text))
    return new FrameError(SMART_ACCOUNT_ERRORS.noFunds)
  if (err instanceof BaseError && err.name === 'WaitForUserOperationReceiptTimeoutError')
    return new FrameError(SMART_ACCOUNT_ERRORS.timeout)
  // A revert: its Error(string) reason, else the generic message (never the raw revert data).
  const reverted = revertMessage(err)
  if (reverted) return new FrameError(reverted)
  const short = err instanceof BaseError ? err.shortMessage : 'The bundler did not accept the user operation'
  return new FrameError(short.slice(0, 300))
}
