/**
 * A dapp (SignClient) and a WalletKit wallet in this process with an approved eip155:31337 session
 * through relays on 127.0.0.1, and a personal_sign round trip verified with viem. Shared by
 * walletconnect.test.ts (one relay) and cluster.test.ts (two relay nodes).
 */
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import { type Hex, toHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect } from 'vitest'

export const PROJECT_ID = 'portico-relay-test'
export const CHAIN = 'eip155:31337'
export const LOG_LEVEL = process.env.PORTICO_RELAY_TEST_WC_LOG ?? 'silent'

export type Dapp = Awaited<ReturnType<typeof SignClient.init>>

export interface Pair {
  dapp: Dapp
  wallet: Awaited<ReturnType<typeof WalletKit.init>>
  session: SessionTypes.Struct
  address: Hex
  signRequests: number
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Runs `fn` after the current test (last registered first). */
export function onCleanup(fn: () => Promise<void>): void {
  cleanups.push(fn)
}

let prefix = 0
export const uniquePrefix = (role: string) => `portico-relay-test-${role}-${process.pid}-${++prefix}`

export async function stopClient(core: Dapp['core']) {
  core.heartbeat.stop()
  await core.relayer.transportClose().catch(() => {})
}

/**
 * A dapp on `urls.dapp` and a wallet on `urls.wallet` (the same relay, or two nodes of a cluster)
 * with an approved eip155:31337 session.
 */
export async function pairThrough(urls: { dapp: string; wallet: string }): Promise<Pair> {
  const account = privateKeyToAccount(generatePrivateKey())
  const dapp = await SignClient.init({
    projectId: PROJECT_ID,
    relayUrl: urls.dapp,
    customStoragePrefix: uniquePrefix('dapp'),
    telemetryEnabled: false,
    logger: LOG_LEVEL,
    metadata: { name: 'Portico relay test dapp', description: 'test', url: 'http://127.0.0.1', icons: [] },
  })
  cleanups.push(() => stopClient(dapp.core))

  const core = new Core({
    projectId: PROJECT_ID,
    relayUrl: urls.wallet,
    customStoragePrefix: uniquePrefix('wallet'),
    telemetryEnabled: false,
    logger: LOG_LEVEL,
  })
  // WalletKit always posts one telemetry event at init; there is no network for it here.
  core.eventClient.init = async () => {}
  const wallet = await WalletKit.init({
    core,
    metadata: { name: 'Portico relay test wallet', description: 'test', url: 'http://127.0.0.1', icons: [] },
  })
  cleanups.push(() => stopClient(core))

  const pair: Pair = {
    dapp,
    wallet,
    session: undefined as unknown as SessionTypes.Struct,
    address: account.address,
    signRequests: 0,
  }

  wallet.on('session_proposal', async (proposal: WalletKitTypes.SessionProposal) => {
    const namespaces = buildApprovedNamespaces({
      proposal: proposal.params,
      supportedNamespaces: {
        eip155: {
          chains: [CHAIN],
          methods: ['personal_sign'],
          events: ['accountsChanged', 'chainChanged'],
          accounts: [`${CHAIN}:${account.address}`],
        },
      },
    })
    await wallet.approveSession({ id: proposal.id, namespaces })
  })
  wallet.on('session_request', async (event: WalletKitTypes.SessionRequest) => {
    const { topic, id, params } = event
    if (params.request.method !== 'personal_sign') {
      await wallet.respondSessionRequest({
        topic,
        response: { id, jsonrpc: '2.0', error: { code: 4200, message: 'Unsupported method' } },
      })
      return
    }
    const [message, address] = params.request.params as [Hex, Hex]
    if (address.toLowerCase() !== account.address.toLowerCase()) throw new Error(`unknown account ${address}`)
    pair.signRequests++
    const signature = await account.signMessage({ message: { raw: message } })
    await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: signature } })
  })

  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] },
    },
  })
  if (!uri) throw new Error('SignClient.connect returned no pairing URI')
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await wallet.pair({ uri })
  pair.session = await approval()
  return pair
}

/** The dapp asks the wallet to personal_sign `text`; true when the signature verifies (viem). */
export async function personalSign(pair: Pair, text: string): Promise<boolean> {
  const signature = await pair.dapp.request<Hex>({
    topic: pair.session.topic,
    chainId: CHAIN,
    request: { method: 'personal_sign', params: [toHex(text), pair.address] },
  })
  return verifyMessage({ address: pair.address, message: text, signature })
}
