import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Devnet, type DevnetOptions, startDevnet } from '@portico/devnet'
import type { ApiHealthResponse, CreateSessionRequest, SessionPermission } from '@portico/shared-types/api'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type ApiServer, sessionCreationMessage, startApi } from '../src/index.ts'

export const PROJECT = 'portico-dev'

/** The devnet's EVM chains only (its Solana node would want a fixed port this service never uses). */
export function startEvmDevnet(opts: Omit<DevnetOptions, 'solana'>): Promise<Devnet> {
  return startDevnet({ ...opts, solana: false })
}

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A port nothing listens on right now (bound then released). */
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

export async function getJson<T = unknown>(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(url, init)
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers }
}

export function postJson<T = unknown>(
  url: string,
  body: unknown,
): Promise<{ status: number; body: T; headers: Headers }> {
  return getJson<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Polls /health until every listed chain is indexed up to its block. */
export async function waitIndexed(
  apiUrl: string,
  targets: Record<number, number>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last: ApiHealthResponse | null = null
  while (Date.now() < deadline) {
    last = (await getJson<ApiHealthResponse>(`${apiUrl}/health`).catch(() => null))?.body ?? null
    const done = Object.entries(targets).every(([id, block]) => {
      const chain = last?.chains.find((c) => c.chainId === `eip155:${id}`)
      return chain?.indexedBlock !== null && chain?.indexedBlock !== undefined && chain.indexedBlock >= block
    })
    if (done) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`not indexed up to ${JSON.stringify(targets)} in ${timeoutMs} ms: ${JSON.stringify(last)}`)
}

export function chainClients(chainId: number, rpcUrl: string, privateKey?: Hex) {
  const chain = defineChain({
    id: chainId,
    name: `devnet ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const publicClient = createPublicClient({ chain, cacheTime: 0, transport: http(rpcUrl, { batch: true }) })
  const wallet = privateKey
    ? createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(privateKey) })
    : undefined
  return { chain, publicClient, wallet }
}

/** Sends native value and waits for it to be mined. */
export async function sendEth(
  rpcUrl: string,
  chainId: number,
  privateKey: Hex,
  to: Address,
  value: bigint,
): Promise<Hex> {
  const { wallet, publicClient } = chainClients(chainId, rpcUrl, privateKey)
  if (!wallet) throw new Error('no wallet')
  const hash = await wallet.sendTransaction({ to, value })
  await minedReceipt(publicClient, hash)
  return hash
}

export async function sendToken(
  rpcUrl: string,
  chainId: number,
  privateKey: Hex,
  token: Address,
  to: Address,
  amount: bigint,
): Promise<Hex> {
  const { wallet, publicClient } = chainClients(chainId, rpcUrl, privateKey)
  if (!wallet) throw new Error('no wallet')
  const hash = await wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
  })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return hash
}

/** The devnet mines on send; this waits (briefly) for the receipt and checks it succeeded. */
async function minedReceipt(publicClient: PublicClient, hash: Hex): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const receipt = await publicClient.getTransactionReceipt({ hash }).catch(() => null)
    if (receipt) {
      if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
      return
    }
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`transaction ${hash} was not mined`)
}

/** anvil_mine: n empty blocks at once. */
export async function mineBlocks(rpcUrl: string, n: number): Promise<void> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: [`0x${n.toString(16)}`] }),
  })
  const body = (await res.json()) as { error?: { message: string } }
  if (body.error) throw new Error(`anvil_mine: ${body.error.message}`)
}

export async function blockNumber(rpcUrl: string): Promise<number> {
  const { publicClient } = chainClients(1, rpcUrl)
  return Number(await publicClient.getBlockNumber())
}

/**
 * Straight from the chain, without the indexer's code: the number of value movements in blocks
 * 0..head (transactions with value > 0, plus Transfer logs).
 */
export async function countChainTransfers(rpcUrl: string): Promise<{ head: number; transfers: number }> {
  const { publicClient } = chainClients(1, rpcUrl)
  const head = Number(await publicClient.getBlockNumber())
  const logs = (await publicClient.request({
    method: 'eth_getLogs',
    params: [{ fromBlock: '0x0', toBlock: `0x${head.toString(16)}`, topics: [TRANSFER_TOPIC] }],
  })) as unknown[]
  let valueTxs = 0
  for (let from = 0; from <= head; from += 500) {
    const numbers = Array.from({ length: Math.min(500, head - from + 1) }, (_, i) => BigInt(from + i))
    const blocks = await Promise.all(
      numbers.map((n) => publicClient.getBlock({ blockNumber: n, includeTransactions: true })),
    )
    for (const b of blocks) valueTxs += b.transactions.filter((tx) => tx.value > 0n).length
  }
  return { head, transfers: logs.length + valueTxs }
}

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** A fixture-seeded two-chain devnet and an API over it on a fresh SQLite file; `stop` undoes all three. */
export async function startApiOverDevnet(
  prefix: string,
  options: { historyPageSize?: number; pollMs: number },
): Promise<{ devnet: Devnet; api: ApiServer; stop(): Promise<void> }> {
  const dir = tempDir(prefix)
  const devnet = await startEvmDevnet({
    chains: [
      { chainId: 31337, port: 0 },
      { chainId: 31338, port: 0 },
    ],
    fixtures: true,
  })
  const api = await startApi({
    port: 0,
    chains: devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    fixtures: devnet.fixtures ?? {},
    ...(options.historyPageSize ? { historyPageSize: options.historyPageSize } : {}),
    logLevel: 'warn',
    indexer: { pollMs: options.pollMs },
  })
  return {
    devnet,
    api,
    async stop() {
      await api.close()
      await devnet.stop()
      dir.remove()
    },
  }
}

/** A POST /v1/sessions/{address} body signed by the account, as a client builds it. */
export async function signedSessionBody(
  privateKey: Hex,
  permission: SessionPermission,
  opts: { projectId?: string; expiry?: number; issuedAt?: number } = {},
): Promise<CreateSessionRequest> {
  const signer = privateKeyToAccount(privateKey)
  const issuedAt = opts.issuedAt ?? Math.floor(Date.now() / 1000)
  const expiry = opts.expiry ?? issuedAt + 86_400
  const message = sessionCreationMessage({
    address: signer.address,
    projectId: opts.projectId ?? PROJECT,
    permission,
    expiry,
    issuedAt,
  })
  return { permission, expiry, issuedAt, signature: await signer.signMessage({ message }) }
}
