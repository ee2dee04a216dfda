/**
 * A real WalletConnect wallet for the e2e suite: @reown/walletkit in the Playwright process, signing
 * with a viem local account, talking to the page only through a relay on 127.0.0.1.
 */
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import {
  buildApprovedNamespaces,
  buildAuthObject,
  getSdkError,
  populateAuthPayload,
} from '@walletconnect/utils'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

export const TEST_WALLET_NAME = 'Portico e2e wallet'

export interface TestWalletOptions {
  relayUrl: string
  /** CAIP-2 chains the wallet approves; default eip155:31337. */
  chains?: string[]
  privateKey?: Hex
  /** Answer session proposals (default) or reject them. */
  approve?: boolean
  /** Called right before the wallet approves a proposal (the bench times from here). */
  onApprove?: () => void
  /**
   * Answer one-click sign-in (`wc_sessionAuthenticate`) by signing the CAIP-122 message; off by
   * default, so such a pairing falls back to its session proposal as with a wallet without it.
   * 'wrong-nonce': a hostile wallet that signs the message with a nonce of its own.
   */
  authenticate?: boolean | 'wrong-nonce'
}

export interface TestWallet {
  address: Hex
  /** personal_sign requests answered so far. */
  signRequests: number
  /** One-click sign-in requests signed so far, and the last message signed. */
  authRequests: number
  lastAuthMessage?: string
  /** Pairs with a `wc:` uri; the proposal is approved (or rejected) as it arrives. */
  pair(uri: string): Promise<void>
  /** Resolves with the session topic once a session was approved. */
  approved(): Promise<string>
  activeSessions(): string[]
  stop(): Promise<void>
}

let serial = 0

export async function startTestWallet(options: TestWalletOptions): Promise<TestWallet> {
  const account = privateKeyToAccount(options.privateKey ?? generatePrivateKey())
  const chains = options.chains ?? ['eip155:31337']
  const core = new Core({
    projectId: 'portico-e2e-wallet',
    relayUrl: options.relayUrl,
    // Two clients in one process need their own storage.
    customStoragePrefix: `portico-e2e-wallet-${process.pid}-${++serial}`,
    telemetryEnabled: false,
    logger: process.env.PORTICO_E2E_WC_LOG ?? 'silent',
  })
  // WalletKit posts one telemetry event at init; there is no network for it here.
  core.eventClient.init = async () => {}
  const kit = await WalletKit.init({
    core,
    metadata: { name: TEST_WALLET_NAME, description: 'e2e', url: 'http://127.0.0.1', icons: [] },
  })

  let settle!: (topic: string) => void
  const approved = new Promise<string>((resolve) => {
    settle = resolve
  })
  const wallet: TestWallet = {
    address: account.address,
    signRequests: 0,
    authRequests: 0,
    pair: (uri) => kit.pair({ uri }),
    approved: () => approved,
    activeSessions: () => Object.keys(kit.getActiveSessions()),
    async stop() {
      core.heartbeat.stop()
      await core.relayer.transportClose().catch(() => {})
    },
  }

  kit.on('session_proposal', async (proposal: WalletKitTypes.SessionProposal) => {
    if (options.approve === false) {
      await kit.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
      return
    }
    const namespaces = buildApprovedNamespaces({
      proposal: proposal.params,
      supportedNamespaces: {
        eip155: {
          chains,
          methods: [
            'personal_sign',
            'eth_sendTransaction',
            'eth_signTypedData_v4',
            'wallet_switchEthereumChain',
          ],
          events: ['accountsChanged', 'chainChanged'],
          accounts: chains.map((chain) => `${chain}:${account.address}`),
        },
      },
    })
    options.onApprove?.()
    const session = await kit.approveSession({ id: proposal.id, namespaces })
    settle(session.topic)
  })

  if (options.authenticate)
    kit.on('session_authenticate', async (event: WalletKitTypes.SessionAuthenticate) => {
      const asked = event.params.authPayload
      const authPayload = populateAuthPayload({
        authPayload: options.authenticate === 'wrong-nonce' ? { ...asked, nonce: `${asked.nonce}x` } : asked,
        chains,
        methods: [
          'personal_sign',
          'eth_sendTransaction',
          'eth_signTypedData_v4',
          'wallet_switchEthereumChain',
        ],
      })
      const auths = await Promise.all(
        chains.map(async (chain) => {
          const iss = `did:pkh:${chain}:${account.address}`
          const message = kit.formatAuthMessage({ request: authPayload, iss })
          wallet.lastAuthMessage = message
          const signature = await account.signMessage({ message })
          return buildAuthObject(authPayload, { t: 'eip191', s: signature }, iss)
        }),
      )
      wallet.authRequests++
      const { session } = await kit.approveSessionAuthenticate({ id: event.id, auths })
      if (session) settle(session.topic)
    })

  kit.on('session_request', async (event: WalletKitTypes.SessionRequest) => {
    const { topic, id, params } = event
    const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
      kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', ...response } })
    if (params.request.method !== 'personal_sign') {
      await respond({ error: { code: 4200, message: `Unsupported method ${params.request.method}` } })
      return
    }
    const [message, address] = params.request.params as [Hex, Hex]
    if (address.toLowerCase() !== account.address.toLowerCase()) {
      await respond({ error: { code: 4100, message: `Unknown account ${address}` } })
      return
    }
    wallet.signRequests++
    await respond({ result: await account.signMessage({ message: { raw: message } }) })
  })

  return wallet
}
