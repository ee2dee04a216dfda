import type { OnrampOrderView } from '@portico/api'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
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

export interface Treasury {
  address: Address
  /** Sends the order's tokens to its address and waits for the receipt; resolves to the tx hash. */
  deliver(order: OnrampOrderView): Promise<Hex>
}

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

/**
 * The provider's hot wallet: one key, one send at a time per chain (so nonces never collide), each
 * checked against the treasury's balance first.
 */
export function createTreasury(key: Hex, chains: TreasuryChain[]): Treasury {
  const address = privateKeyToAccount(key).address
  const byChain = new Map(chains.map((c) => [c.chainId, clientsFor(c, key)]))
  const queues = new Map<number, Promise<unknown>>()
  const serial = <T>(chainId: number, job: () => Promise<T>): Promise<T> => {
    const run = (queues.get(chainId) ?? Promise.resolve()).catch(() => {}).then(job)
    queues.set(chainId, run)
    return run
  }
  return {
    address,
    deliver(order) {
      const clients = byChain.get(order.chainId)
      if (!clients) return Promise.reject(new Error(`The treasury does not serve chain ${order.chainId}`))
      const to = order.address as Address
      const amount = BigInt(order.cryptoAmount)
      return serial(order.chainId, async () => {
        let hash: Hex
        if (order.tokenAddress === null) {
          if ((await clients.public.getBalance({ address })) < amount)
            throw new TreasuryShortError(`The treasury holds too little ${order.symbol}`)
          hash = await clients.wallet.sendTransaction({ to, value: amount })
        } else {
          const token = order.tokenAddress as Address
          const held = await clients.public.readContract({
            address: token,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address],
          })
          if (held < amount) throw new TreasuryShortError(`The treasury holds too little ${order.symbol}`)
          hash = await clients.wallet.writeContract({
            address: token,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, amount],
          })
        }
        const receipt = await clients.public.waitForTransactionReceipt({
          hash,
          pollingInterval: 50,
          timeout: 30_000,
        })
        if (receipt.status !== 'success') throw new Error(`The delivery ${hash} reverted`)
        return hash
      })
    },
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
