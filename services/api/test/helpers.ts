import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ApiHealthResponse } from '@portico/shared-types'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export const PROJECT = 'portico-dev'

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
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) })
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
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
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
