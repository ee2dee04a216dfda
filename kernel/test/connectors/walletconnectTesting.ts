/** A stand-in for UniversalProvider in unit tests: the parts the connector uses, driven by the test. */
import { EventEmitter } from 'node:events'
import type { WalletConnectProvider } from '../../src/connectors/walletconnect/provider.ts'

export interface FakeSession {
  topic: string
  expiry: number
  namespaces: Record<string, { accounts: string[]; methods: string[]; events: string[]; chains?: string[] }>
  peer: { metadata: { name: string } }
}

export function fakeSession(accounts: string[], name = 'Test Wallet'): FakeSession {
  return {
    topic: `topic-${Math.random().toString(16).slice(2)}`,
    expiry: Math.floor(Date.now() / 1000) + 7 * 24 * 3600,
    namespaces: {
      eip155: { accounts, methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] },
    },
    peer: { metadata: { name } },
  }
}

export class FakeProvider {
  readonly events = new EventEmitter()
  readonly relayer = new EventEmitter()
  session: FakeSession | undefined
  chain: string | undefined
  connectCalls: unknown[] = []
  authenticateCalls: Record<string, unknown>[] = []
  requests: { method: string; params?: unknown; chain?: string }[] = []
  transportClosed = 0
  disconnected = 0
  /** What the next connect() does once called; default: stays pending until `approve`. */
  private pending: { resolve(session: FakeSession): void; reject(error: unknown): void } | undefined
  private pendingAuth:
    | { resolve(result: { session: FakeSession; auths?: unknown[] }): void; reject(error: unknown): void }
    | undefined

  readonly client = {
    core: {
      relayer: Object.assign(this.relayer, {
        transportClose: async () => {
          this.transportClosed++
        },
      }),
      heartbeat: { stop: () => undefined },
    },
    session: {
      delete: async () => {
        this.session = undefined
      },
    },
    /** Stands in for the SDK's EIP-4361 formatting of a cacao. */
    formatAuthMessage: ({ request, iss }: { request: { nonce?: string }; iss: string }) =>
      `${iss} signs in with nonce ${request.nonce}`,
  }

  readonly rpcProviders = {
    eip155: { getDefaultChain: () => this.chain?.split(':')[1] },
  }

  constructor(session?: FakeSession) {
    this.session = session
    if (session) this.chain = session.namespaces.eip155?.accounts[0]?.split(':').slice(0, 2).join(':')
  }

  on(event: string, listener: (...args: unknown[]) => void) {
    this.events.on(event, listener)
  }
  removeListener(event: string, listener: (...args: unknown[]) => void) {
    this.events.removeListener(event, listener)
  }

  connect(options: unknown): Promise<FakeSession> {
    this.connectCalls.push(options)
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject }
    })
  }

  /** One-click sign-in: pending until `approveAuth`. */
  authenticate(params: Record<string, unknown>): Promise<{ session: FakeSession; auths?: unknown[] }> {
    this.authenticateCalls.push(params)
    return new Promise((resolve, reject) => {
      this.pendingAuth = { resolve, reject }
    })
  }

  /** The wallet answered the authenticate request (with cacaos, or a plain session as a fallback). */
  approveAuth(session: FakeSession, auths?: unknown[]) {
    this.session = session
    this.chain = session.namespaces.eip155?.accounts[0]?.split(':').slice(0, 2).join(':')
    this.pendingAuth?.resolve({ session, ...(auths ? { auths } : {}) })
  }

  /** The relay answered: the pairing uri is shown. */
  showUri(uri = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`) {
    this.events.emit('display_uri', uri)
    return uri
  }

  approve(session: FakeSession) {
    this.session = session
    this.chain = session.namespaces.eip155?.accounts[0]?.split(':').slice(0, 2).join(':')
    this.pending?.resolve(session)
  }

  rejectPairing(error: unknown) {
    this.pending?.reject(error)
  }

  setDefaultChain(chain: string) {
    this.chain = chain
  }

  async request(args: { method: string; params?: unknown }, chain?: string) {
    this.requests.push({ ...args, ...(chain ? { chain } : {}) })
    if (args.method === 'eth_chainId') return Number(this.chain?.split(':')[1])
    return '0xsigned'
  }

  async disconnect() {
    this.disconnected++
    this.session = undefined
  }

  asProvider(): WalletConnectProvider {
    return this as unknown as WalletConnectProvider
  }
}
