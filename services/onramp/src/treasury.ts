import type { OnrampOrderView } from '@portico/api'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** The sandbox's default treasury key (devnet only; PORTICO_ONRAMP_TREASURY_KEY overrides it). */
export const DEFAULT_TREASURY_KEY: Hex = keccak256(toHex('portico on-ramp sandbox treasury'))

export interface TreasuryChain {
  chainId: number
  rpcUrl: string
}

export class TreasuryShortError extends Error {}

/** A delivery signed for an order: its hash is recorded before it is sent. */
export interface SignedDelivery {
  hash: Hex
  nonce: number
  /** Why the broadcast failed, when it did (the delivery is recorded: reconciling resends it). */
  broadcastError?: string
}

/**
 * Records a signed delivery where the order lives; resolves true once it is recorded (then it is
 * sent), false or a throw when it is not (then nothing is sent).
 */
export type RecordDelivery = (nonce: number, hash: Hex) => Promise<boolean>

/** What the chain shows of an order's deliveries (all signed at one nonce). */
export type DeliverySeen =
  | { kind: 'mined'; hash: Hex; success: boolean }
  /** One of them is in the node's pool, none mined yet. */
  | { kind: 'pending' }
  /** None mined or known to the node and the nonce is still free: replace it at the same nonce. */
  | { kind: 'dropped' }
  /** The nonce was used by another transaction and none of these was mined: none ever will be. */
  | { kind: 'superseded' }

export class DeliveryNotSentError extends Error {}

export interface Treasury {
  address: Address
  /**
   * A new delivery of the order: checks the treasury's balance, signs at the next free nonce, calls
   * `record`, and only once it resolved true broadcasts. Throws (nothing sent) when the balance is
   * short (TreasuryShortError), signing fails or the delivery could not be recorded.
   */
  send(order: OnrampOrderView, record: RecordDelivery): Promise<SignedDelivery>
  /**
   * Re-sends a dropped delivery at the SAME nonce (fees raised by a quarter per earlier attempt), so
   * whatever was sent before and this replacement cannot both land. Resolves null when, looked at
   * again, the deliveries are not dropped any more (nothing sent).
   */
  replace(
    order: OnrampOrderView,
    nonce: number,
    hashes: readonly Hex[],
    record: RecordDelivery,
  ): Promise<SignedDelivery | null>
  /** Polls the receipt of `hash` for up to `timeoutMs`: its status, or null when not mined by then. */
  waitForReceipt(chainId: number, hash: Hex, timeoutMs: number): Promise<'success' | 'reverted' | null>
  /** Looks up the order's deliveries by hash (and the treasury's nonce). */
  inspect(chainId: number, nonce: number, hashes: readonly Hex[]): Promise<DeliverySeen>
}

type Clients = ReturnType<typeof clientsFor>

function clientsFor(chain: TreasuryChain, key: Hex) {
  const def = defineChain({
    id: chain.chainId,
    name: `devnet ${chain.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
  const transport = http(chain.rpcUrl, { timeout: 10_000 })
  return {
    public: createPublicClient({ chain: def, transport, cacheTime: 0 }),
    wallet: createWalletClient({ chain: def, transport, account: privateKeyToAccount(key) }),
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The provider's hot wallet: one key, one send at a time per chain. Nonces are chosen above both the
 * node's pending count and every nonce this process handed out or saw recorded, so a dropped delivery
 * keeps its nonce until it is replaced.
 */
export function createTreasury(
  key: Hex,
  chains: TreasuryChain[],
  opts: { pollingIntervalMs?: number } = {},
): Treasury {
  const pollingIntervalMs = opts.pollingIntervalMs ?? 250
  const address = privateKeyToAccount(key).address
  const byChain = new Map(chains.map((c) => [c.chainId, clientsFor(c, key)]))
  const queues = new Map<number, Promise<unknown>>()
  /** Per chain, the lowest nonce a new delivery may take. */
  const floor = new Map<number, number>()
  const serial = <T>(chainId: number, job: () => Promise<T>): Promise<T> => {
    const run = (queues.get(chainId) ?? Promise.resolve()).catch(() => {}).then(job)
    queues.set(chainId, run)
    return run
  }
  const clientsOf = (chainId: number): Clients => {
    const clients = byChain.get(chainId)
    if (!clients) throw new Error(`The treasury does not serve chain ${chainId}`)
    return clients
  }
  const raise = (chainId: number, nonce: number) =>
    floor.set(chainId, Math.max(floor.get(chainId) ?? 0, nonce + 1))
  const receiptOf = (clients: Clients, hash: Hex) =>
    clients.public.request({ method: 'eth_getTransactionReceipt', params: [hash] })

  const call = (order: OnrampOrderView) => {
    const to = order.address as Address
    const amount = BigInt(order.cryptoAmount)
    return order.tokenAddress === null
      ? { to, value: amount }
      : {
          to: order.tokenAddress as Address,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
        }
  }

  /** Signs at `nonce`, records, then broadcasts (a broadcast failure is reported, not thrown). */
  const signRecordSend = async (
    clients: Clients,
    order: OnrampOrderView,
    nonce: number,
    record: RecordDelivery,
    fees?: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ): Promise<SignedDelivery> => {
    const request = await clients.wallet.prepareTransactionRequest({
      ...call(order),
      nonce,
      ...fees,
    })
    const raw = await clients.wallet.signTransaction(request)
    const hash = keccak256(raw)
    if (!(await record(nonce, hash))) throw new DeliveryNotSentError('The delivery could not be recorded')
    raise(order.chainId, nonce)
    try {
      await clients.wallet.sendRawTransaction({ serializedTransaction: raw })
      return { hash, nonce }
    } catch (err) {
      return { hash, nonce, broadcastError: String(err).split('\n')[0] ?? 'broadcast failed' }
    }
  }

  const inspect = async (chainId: number, nonce: number, hashes: readonly Hex[]): Promise<DeliverySeen> => {
    const clients = clientsOf(chainId)
    const mined = async (): Promise<DeliverySeen | null> => {
      for (const hash of hashes) {
        const receipt = await receiptOf(clients, hash)
        if (receipt) return { kind: 'mined', hash, success: receipt.status === '0x1' }
      }
      return null
    }
    const first = await mined()
    if (first) return first
    const used = await clients.public.getTransactionCount({ address, blockTag: 'latest' })
    // Mined between the two reads, or the nonce went to another transaction.
    if (used > nonce) return (await mined()) ?? { kind: 'superseded' }
    for (const hash of hashes)
      if (await clients.public.request({ method: 'eth_getTransactionByHash', params: [hash] }))
        return { kind: 'pending' }
    return { kind: 'dropped' }
  }

  return {
    address,
    send(order, record) {
      let clients: Clients
      try {
        clients = clientsOf(order.chainId)
      } catch (err) {
        return Promise.reject(err)
      }
      const amount = BigInt(order.cryptoAmount)
      return serial(order.chainId, async () => {
        const held =
          order.tokenAddress === null
            ? await clients.public.getBalance({ address })
            : await clients.public.readContract({
                address: order.tokenAddress as Address,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [address],
              })
        if (held < amount) throw new TreasuryShortError(`The treasury holds too little ${order.symbol}`)
        const pending = await clients.public.getTransactionCount({ address, blockTag: 'pending' })
        const nonce = Math.max(pending, floor.get(order.chainId) ?? 0)
        return signRecordSend(clients, order, nonce, record)
      })
    },
    replace(order, nonce, hashes, record) {
      let clients: Clients
      try {
        clients = clientsOf(order.chainId)
      } catch (err) {
        return Promise.reject(err)
      }
      raise(order.chainId, nonce)
      return serial(order.chainId, async () => {
        // Looked at again under the chain's lock: a send of this process may just have gone out.
        if ((await inspect(order.chainId, nonce, hashes)).kind !== 'dropped') return null
        const fees = await clients.public.estimateFeesPerGas()
        const bump = (x: bigint) => (x * BigInt(100 + 25 * hashes.length)) / 100n
        return signRecordSend(clients, order, nonce, record, {
          maxFeePerGas: bump(fees.maxFeePerGas),
          maxPriorityFeePerGas: bump(fees.maxPriorityFeePerGas),
        })
      })
    },
    async waitForReceipt(chainId, hash, timeoutMs) {
      const clients = clientsOf(chainId)
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const receipt = await receiptOf(clients, hash).catch(() => null)
        if (receipt) return receipt.status === '0x1' ? 'success' : 'reverted'
        if (Date.now() + pollingIntervalMs > deadline) return null
        await sleep(pollingIntervalMs)
      }
    },
    inspect,
  }
}

const MINT_ABI = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const

/**
 * Devnet only: gives the treasury ETH (anvil_setBalance) and, for each listed token below `minimum`,
 * mints more with the token's minter key (the fixtures' deployer). Idempotent.
 */
export async function fundTreasury(opts: {
  treasury: Address
  chains: TreasuryChain[]
  eth: bigint
  tokens: { chainId: number; address: Address; minimum: bigint; mint: bigint }[]
  minterKey: Hex
}): Promise<void> {
  for (const chain of opts.chains) {
    const clients = clientsFor(chain, opts.minterKey)
    await clients.public.request({
      method: 'anvil_setBalance' as 'eth_chainId',
      params: [opts.treasury, toHex(opts.eth)] as unknown as undefined,
    })
    for (const token of opts.tokens.filter((t) => t.chainId === chain.chainId)) {
      const held = await clients.public.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [opts.treasury],
      })
      if (held >= token.minimum) continue
      const hash = await clients.wallet.writeContract({
        address: token.address,
        abi: MINT_ABI,
        functionName: 'mint',
        args: [opts.treasury, token.mint],
      })
      await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    }
  }
}
