/**
 * Helpers of the account-data, send and history specs: fresh accounts funded on the devnet, the dev
 * wallet with such an account, chain reads with viem, and blockchain API instances a test can stop.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { BrowserContext } from '@playwright/test'
import { type ApiServer, startApi } from '@portico/api'
import { DEV_ACCOUNTS } from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { StackChain, StackInfo } from './stackInfo.ts'

export const TOKEN_DECIMALS = { PTT: 18, USDC: 6, JUNK: 0 } as const
export type FixtureToken = keyof typeof TOKEN_DECIMALS

/** Account 0 deployed the fixtures and holds their minter role; anvil signs for it (unlocked). */
const MINTER = DEV_ACCOUNTS[0]?.address as Address

const chainOf = (chain: StackChain) =>
  defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })

export const publicClient = (chain: StackChain) =>
  createPublicClient({ chain: chainOf(chain), transport: http(chain.rpcUrl), pollingInterval: 50 })

export interface FreshAccount {
  privateKey: Hex
  address: Address
}

/** A new account no other test knows, so its balances and history are this test's alone. */
export function freshAccount(): FreshAccount {
  const privateKey = generatePrivateKey()
  return { privateKey, address: privateKeyToAccount(privateKey).address }
}

/** Injects the Portico Dev Wallet signing with `account`, like an extension would. */
export async function useDevWallet(
  context: BrowserContext,
  stack: StackInfo,
  account: FreshAccount,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const base = stack.accounts[0]?.walletConfig ?? {}
  const config = { ...base, privateKey: account.privateKey, ...extra }
  await context.addInitScript(`window.__PORTICO_DEV_WALLET__=${JSON.stringify(config)}`)
  await context.addInitScript({ path: stack.devWalletBundle })
}

export async function setEth(chain: StackChain, address: Address, wei: bigint): Promise<void> {
  await createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) }).setBalance({ address, value: wei })
}

/**
 * Sends a transaction from account 0 (anvil signs and picks the nonce). Other spec files fund from it
 * at the same time, so a nonce clash is retried.
 */
async function fromMinter(
  chain: StackChain,
  send: (wallet: ReturnType<typeof minterWallet>) => Promise<Hex>,
) {
  const client = publicClient(chain)
  for (let attempt = 1; ; attempt++) {
    try {
      const hash = await send(minterWallet(chain))
      const receipt = await client.waitForTransactionReceipt({ hash })
      if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
      return receipt
    } catch (error) {
      if (attempt >= 5 || !/nonce|underpriced|already known/i.test(String(error))) throw error
    }
  }
}

const minterWallet = (chain: StackChain) =>
  createWalletClient({ chain: chainOf(chain), transport: http(chain.rpcUrl), account: MINTER })

/**
 * Sends ETH from account 0 to `to` in a mined transaction, as funds reach a visitor. Unlike setEth (which
 * rewrites the balance without a block), the API's balance cache sees it: its answer is kept per head
 * block and per indexed transfer (services/api cache/cachedReads.ts).
 */
export async function transferEth(chain: StackChain, to: Address, ether: string): Promise<void> {
  await fromMinter(chain, (wallet) => wallet.sendTransaction({ to, value: parseEther(ether) }))
}

/** Mints a fixture token to `to` (a real transaction: the API indexes it as a mint). */
export async function mintToken(
  stack: StackInfo,
  chain: StackChain,
  token: FixtureToken,
  to: Address,
  amount: string,
): Promise<void> {
  const address = stack.fixtures[chain.chainId]?.tokens[token]
  if (!address) throw new Error(`no ${token} on chain ${chain.chainId}`)
  await fromMinter(chain, (wallet) =>
    wallet.writeContract({
      address,
      abi: parseAbi(['function mint(address to, uint256 amount)']),
      functionName: 'mint',
      args: [to, parseUnits(amount, TOKEN_DECIMALS[token])],
    }),
  )
}

/** Mints the devnet's spam NFT ("Free Airdrop NFT") to `to`. */
export async function mintSpamNft(stack: StackInfo, chain: StackChain, to: Address): Promise<void> {
  const address = stack.fixtures[chain.chainId]?.spamNft
  if (!address) throw new Error(`no spam NFT on chain ${chain.chainId}`)
  await fromMinter(chain, (wallet) =>
    wallet.writeContract({
      address,
      abi: parseAbi(['function mint(address to)']),
      functionName: 'mint',
      args: [to],
    }),
  )
}

/** Sends ETH from a fresh account the test funded (signed locally with viem). */
export async function sendEth(chain: StackChain, from: FreshAccount, to: Address, ether: string) {
  const wallet = createWalletClient({
    chain: chainOf(chain),
    transport: http(chain.rpcUrl),
    account: privateKeyToAccount(from.privateKey),
  })
  const hash = await wallet.sendTransaction({ to, value: parseEther(ether) })
  return publicClient(chain).waitForTransactionReceipt({ hash })
}

export const readEth = (chain: StackChain, address: Address) => publicClient(chain).getBalance({ address })

export function readToken(stack: StackInfo, chain: StackChain, token: FixtureToken, owner: Address) {
  const address = stack.fixtures[chain.chainId]?.tokens[token]
  if (!address) throw new Error(`no ${token} on chain ${chain.chainId}`)
  return publicClient(chain).readContract({
    address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

export const readNonce = (chain: StackChain, address: Address) =>
  publicClient(chain).getTransactionCount({ address })

/** behaviour §5: floored to 3 decimals with en-US grouping: 1234567890n, 6 → "1,234.567". */
export function floor3(units: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals)
  const whole = new Intl.NumberFormat('en-US').format(units / unit)
  const thousandths =
    decimals >= 3
      ? (units % unit) / 10n ** BigInt(decimals - 3)
      : (units % unit) * 10n ** BigInt(3 - decimals)
  return `${whole}.${thousandths.toString().padStart(3, '0')}`
}

/** behaviour §5: fiat with 2 decimals, en-US. */
export const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(
    value,
  )

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (address === null || typeof address === 'string') return reject(new Error('no port'))
      server.close(() => resolve(address.port))
    })
  })
}

/**
 * A blockchain API of the test's own on a fixed port, over the stack's chains, that the test can stop
 * and start again (same port, same database) to play an outage.
 */
export async function ownApi(stack: StackInfo) {
  const port = await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-e2e-api-'))
  let server: ApiServer | undefined
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    async start() {
      server ??= await startApi({
        port,
        chains: stack.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
        fixtures: stack.fixtures,
        database: { kind: 'sqlite', file: path.join(dir, 'api.sqlite') },
        logLevel: 'warn',
      })
    },
    async stop() {
      await server?.close()
      server = undefined
    },
    async dispose() {
      await server?.close()
      server = undefined
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
