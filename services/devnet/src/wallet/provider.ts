import { type Address, type Hex, isHex, toHex } from 'viem'
import { BatchRegistry } from './calls/batches.ts'
import { type ChainCapabilities, walletCapabilities } from './calls/capabilities.ts'
import { parseCapabilitiesRequest, parseSendCalls } from './calls/params.ts'
import { Emitter } from './emitter.ts'
import { ErrorCode, invalidParams, ProviderRpcError, unauthorized, userRejected } from './errors.ts'
import { createJsonRpc, type Fetch } from './jsonRpc.ts'
import { sendTransaction, type TransactionRequest } from './sendTransaction.ts'
import { signPersonal, signTypedDataV4 } from './sign.ts'
import type { DevSigner } from './signer.ts'
import { memoryStorage, readJson, STORAGE_KEYS, type WalletStorage, writeJson } from './storage.ts'

export interface DevWalletOptions {
  /** A viem local account, or lazyPrivateKeyAccount (no signing memory until the first signature). */
  account: DevSigner
  /** RPC URL per chain id. */
  chains: Record<number, string>
  /** Chain to start on unless storage remembers another known one. */
  chainId: number
  storage?: WalletStorage
  fetch?: Fetch
  /** Answer a request with 4001 as if the user clicked "Reject" (e2e drives this). */
  shouldReject?: (method: string) => boolean
  /** Shown as the permission invoker. */
  origin?: string
  /**
   * ERC-20s per chain id the wallet reports with wallet_getAssets (EIP-7811); when set, the wallet
   * also reports the assetDiscovery capability (wallet_getCapabilities) for those chains.
   */
  assets?: Record<number, Address[]>
  /**
   * The EIP-7702 delegate (the devnet's Simple7702Account) per chain id: when set, the wallet speaks
   * EIP-5792 (wallet_sendCalls, wallet_getCallsStatus, the `atomic` capability) and sends a batch as
   * one transaction on the chains whose delegate is deployed.
   */
  batchDelegates?: Record<number, Address>
}

export interface RequestArguments {
  method: string
  params?: unknown
}

interface Authorization {
  address: string
  date: number
}

export interface Permission {
  parentCapability: 'eth_accounts'
  invoker: string
  date: number
  caveats: { type: 'restrictReturnedAccounts'; value: string[] }[]
}

export class DevWalletProvider extends Emitter {
  readonly isPorticoDevWallet = true
  readonly #account: DevSigner
  readonly #storage: WalletStorage
  readonly #rpc: ReturnType<typeof createJsonRpc>
  readonly #shouldReject: (method: string) => boolean
  readonly #origin: string
  readonly #chains: Map<number, string>
  readonly #assets: Map<number, Address[]> | undefined
  readonly #delegates: Map<number, Address> | undefined
  /** Chains whose delegate was found deployed (code does not disappear from a chain). */
  readonly #deployedDelegates = new Set<number>()
  readonly #batches = new BatchRegistry()
  #chainId: number
  #connected = true
  /** Sends run one at a time so each sees the previous one's nonce in the pending pool. */
  #sendQueue: Promise<unknown> = Promise.resolve()

  constructor(opts: DevWalletOptions) {
    super()
    this.#account = opts.account
    this.#storage = opts.storage ?? memoryStorage()
    this.#rpc = createJsonRpc(opts.fetch ?? ((input, init) => globalThis.fetch(input, init)))
    this.#shouldReject = opts.shouldReject ?? (() => false)
    this.#origin = opts.origin ?? 'portico-dev-wallet'
    this.#assets = opts.assets
      ? new Map(Object.entries(opts.assets).map(([id, tokens]) => [Number(id), tokens]))
      : undefined
    this.#delegates = opts.batchDelegates
      ? new Map(Object.entries(opts.batchDelegates).map(([id, address]) => [Number(id), address]))
      : undefined
    const added = readJson<Record<string, string>>(this.#storage, STORAGE_KEYS.chains) ?? {}
    this.#chains = new Map(
      Object.entries({ ...added, ...opts.chains }).map(([id, url]) => [Number(id), String(url)]),
    )
    if (!this.#chains.has(opts.chainId)) {
      throw new Error(`Dev wallet: default chain ${opts.chainId} has no RPC URL in chains`)
    }
    const remembered = readJson<number>(this.#storage, STORAGE_KEYS.chainId)
    this.#chainId = remembered !== undefined && this.#chains.has(remembered) ? remembered : opts.chainId
    queueMicrotask(() => this.emit('connect', { chainId: toHex(this.#chainId) }))
  }

  get chainId(): Hex {
    return toHex(this.#chainId)
  }

  get selectedAddress(): string | null {
    return this.#authorized() ? this.#account.address : null
  }

  isConnected(): boolean {
    return this.#connected
  }

  async request({ method, params }: RequestArguments): Promise<unknown> {
    if (typeof method !== 'string') throw invalidParams('request needs a method name')
    const args = Array.isArray(params) ? (params as unknown[]) : []
    if (this.#shouldReject(method)) throw userRejected()
    switch (method) {
      case 'eth_requestAccounts':
        this.#authorize()
        return [this.#account.address]
      case 'eth_accounts':
        return this.#authorized() ? [this.#account.address] : []
      case 'eth_coinbase':
        return this.#authorized() ? this.#account.address : null
      case 'eth_chainId':
        return toHex(this.#chainId)
      case 'net_version':
        return String(this.#chainId)
      case 'wallet_switchEthereumChain':
        return this.#switchChain(args[0])
      case 'wallet_addEthereumChain':
        return this.#addChain(args[0])
      case 'wallet_getPermissions':
        return this.#permissions()
      case 'wallet_requestPermissions':
        this.#authorize()
        return this.#permissions()
      case 'wallet_revokePermissions':
        this.#revoke()
        return null
      case 'personal_sign':
        this.#requireSigner(args[1])
        return signPersonal(this.#account, args[0])
      case 'eth_signTypedData_v4':
        this.#requireSigner(args[0])
        return signTypedDataV4(this.#account, args[1])
      case 'eth_sendTransaction':
        return this.#send(args[0])
      case 'wallet_watchAsset':
        return true
      case 'wallet_getCapabilities':
        if (this.#assets || this.#delegates) return this.#capabilities(params)
        break
      case 'wallet_sendCalls':
        if (this.#delegates) return this.#sendCalls(params)
        break
      case 'wallet_getCallsStatus':
        if (this.#delegates)
          return this.#batches.status(
            params,
            (id) => (method, rpcParams) => this.#proxyTo(id, method, rpcParams),
          )
        break
      case 'wallet_getAssets':
        if (this.#assets) return this.#getAssets(args[0])
        break
    }
    // The node holds the same unlocked dev keys: it must never sign on the wallet's behalf.
    if (/^(eth_sign|eth_signTransaction|eth_signTypedData|personal_|wallet_)/.test(method)) {
      throw new ProviderRpcError(ErrorCode.unsupportedMethod, `The dev wallet does not support ${method}`)
    }
    return this.#proxy(method, params ?? [])
  }

  /** EIP-5792: `atomic` with delegates configured, `assetDiscovery` where assets are (calls/capabilities.ts). */
  #capabilities(params: unknown): Promise<Record<Hex, ChainCapabilities>> {
    const only = parseCapabilitiesRequest(params, () => this.#account.address)
    return walletCapabilities(
      {
        chains: [...this.#chains.keys()],
        assets: this.#assets,
        delegates: this.#delegates,
        delegateDeployed: (id) => this.#delegateDeployed(id),
      },
      only,
    )
  }

  /** Whether the chain's delegate has code; a chain that cannot be read counts as without it. */
  async #delegateDeployed(chainId: number): Promise<boolean> {
    const delegate = this.#delegates?.get(chainId)
    if (!delegate) return false
    if (this.#deployedDelegates.has(chainId)) return true
    try {
      const code = await this.#proxyTo(chainId, 'eth_getCode', [delegate, 'latest'])
      if (typeof code === 'string' && code !== '0x') this.#deployedDelegates.add(chainId)
    } catch {
      return false
    }
    return this.#deployedDelegates.has(chainId)
  }

  /**
   * EIP-5792 wallet_sendCalls, asked like eth_sendTransaction (the rejection policy already ran): the
   * batch joins the send queue, so its nonces follow the transactions before it.
   */
  #sendCalls(params: unknown): Promise<{ id: string }> {
    this.#requireSigner(undefined)
    const request = parseSendCalls(params, { account: this.#account.address, chainId: this.#chainId })
    const chainId = this.#chainId
    const run = async () => {
      // The ABI codec and the EIP-7702 signing path are evaluated at the first batch.
      const { sendCalls } = await import('./calls/sendCalls.ts')
      const delegate = (await this.#delegateDeployed(chainId)) ? this.#delegates?.get(chainId) : undefined
      return sendCalls(
        {
          account: this.#account,
          batches: this.#batches,
          rpc: (method, rpcParams) => this.#proxyTo(chainId, method, rpcParams ?? []),
          delegate,
        },
        request,
      )
    }
    const result = this.#sendQueue.then(run, run)
    this.#sendQueue = result.catch(() => undefined)
    return result
  }

  /** EIP-7811: the account's native and configured ERC-20 assets per chain, read from the chain. */
  async #getAssets(param: unknown): Promise<Record<Hex, unknown[]>> {
    const request = param as { account?: unknown; chainFilter?: unknown } | undefined
    if (
      typeof request?.account !== 'string' ||
      request.account.toLowerCase() !== this.#account.address.toLowerCase()
    )
      throw unauthorized(`The wallet holds ${this.#account.address}, not ${String(request?.account)}.`)
    if (!this.#authorized()) throw unauthorized('Call eth_requestAccounts first.')
    const filter = Array.isArray(request.chainFilter)
      ? request.chainFilter.map((id) => parseChainId(id))
      : undefined
    const chains = [...(this.#assets?.keys() ?? [])].filter(
      (id) => this.#chains.has(id) && (!filter || filter.includes(id)),
    )
    const entries = await Promise.all(
      chains.map(async (id) => {
        // The ABI codec (abitype's parser, Multicall3 and ERC-20 ABIs) is evaluated on the first read.
        const { readAssets } = await import('./assets.ts')
        const assets = await readAssets(
          (method, params) => this.#proxyTo(id, method, params),
          this.#account.address,
          this.#assets?.get(id) ?? [],
        )
        return [toHex(id), assets] as const
      }),
    )
    return Object.fromEntries(entries)
  }

  #authorized(): boolean {
    const auth = readJson<Authorization>(this.#storage, STORAGE_KEYS.authorized)
    // No stored authorization: false without reading the address (a lazy signer derives it on first read).
    if (typeof auth?.address !== 'string') return false
    return auth.address.toLowerCase() === this.#account.address.toLowerCase()
  }

  #authorize(): void {
    if (this.#authorized()) return
    writeJson(this.#storage, STORAGE_KEYS.authorized, { address: this.#account.address, date: Date.now() })
    this.emit('accountsChanged', [this.#account.address])
  }

  #revoke(): void {
    const was = this.#authorized()
    writeJson(this.#storage, STORAGE_KEYS.authorized, undefined)
    if (was) this.emit('accountsChanged', [])
  }

  #permissions(): Permission[] {
    const auth = readJson<Authorization>(this.#storage, STORAGE_KEYS.authorized)
    if (!auth || !this.#authorized()) return []
    return [
      {
        parentCapability: 'eth_accounts',
        invoker: this.#origin,
        date: auth.date,
        caveats: [{ type: 'restrictReturnedAccounts', value: [this.#account.address] }],
      },
    ]
  }

  #requireSigner(address: unknown): void {
    if (!this.#authorized()) throw unauthorized('Call eth_requestAccounts first.')
    if (typeof address === 'string' && address.toLowerCase() !== this.#account.address.toLowerCase()) {
      throw unauthorized(`The wallet holds ${this.#account.address}, not ${address}.`)
    }
  }

  #switchChain(param: unknown): null {
    const id = parseChainId((param as { chainId?: unknown } | undefined)?.chainId)
    if (!this.#chains.has(id)) {
      throw new ProviderRpcError(
        ErrorCode.unrecognizedChain,
        `Unrecognized chain ID "${toHex(id)}". Try adding the chain using wallet_addEthereumChain first.`,
      )
    }
    if (id !== this.#chainId) {
      this.#chainId = id
      writeJson(this.#storage, STORAGE_KEYS.chainId, id)
      this.emit('chainChanged', toHex(id))
    }
    return null
  }

  async #addChain(param: unknown): Promise<null> {
    const chain = param as { chainId?: unknown; rpcUrls?: unknown } | undefined
    const id = parseChainId(chain?.chainId)
    const rpcUrl = Array.isArray(chain?.rpcUrls) ? chain.rpcUrls[0] : undefined
    if (typeof rpcUrl !== 'string' || !/^https?:\/\//.test(rpcUrl)) {
      throw invalidParams('wallet_addEthereumChain needs rpcUrls with at least one http(s) URL')
    }
    const answered = Number(await this.#rpc(rpcUrl, 'eth_chainId'))
    if (answered !== id) throw invalidParams(`${rpcUrl} reports chain ${answered}, not ${id}`)
    this.#chains.set(id, rpcUrl)
    const added = readJson<Record<string, string>>(this.#storage, STORAGE_KEYS.chains) ?? {}
    writeJson(this.#storage, STORAGE_KEYS.chains, { ...added, [id]: rpcUrl })
    return this.#switchChain({ chainId: toHex(id) })
  }

  #send(tx: unknown): Promise<Hex> {
    if (typeof tx !== 'object' || tx === null)
      throw invalidParams('eth_sendTransaction expects [transaction]')
    const request = tx as TransactionRequest
    this.#requireSigner(request.from)
    const chainId = this.#chainId
    const run = () =>
      sendTransaction(this.#account, chainId, request, (method, params) =>
        this.#proxyTo(chainId, method, params ?? []),
      )
    const result = this.#sendQueue.then(run, run)
    this.#sendQueue = result.catch(() => undefined)
    return result
  }

  #proxy(method: string, params: unknown): Promise<unknown> {
    return this.#proxyTo(this.#chainId, method, params)
  }

  async #proxyTo(chainId: number, method: string, params: unknown): Promise<unknown> {
    const url = this.#chains.get(chainId)
    if (!url) throw new ProviderRpcError(ErrorCode.chainDisconnected, `No RPC URL for chain ${chainId}`)
    try {
      const result = await this.#rpc(url, method, params)
      if (!this.#connected) {
        this.#connected = true
        this.emit('connect', { chainId: toHex(chainId) })
      }
      return result
    } catch (err) {
      if (err instanceof ProviderRpcError && err.code === ErrorCode.chainDisconnected && this.#connected) {
        this.#connected = false
        this.emit('disconnect', err)
      }
      throw err
    }
  }
}

function parseChainId(value: unknown): number {
  if (typeof value !== 'string' || !isHex(value) || value === '0x') {
    throw invalidParams(`chainId must be a 0x-prefixed hex string, got ${JSON.stringify(value)}`)
  }
  return Number(value)
}

export function createDevWalletProvider(opts: DevWalletOptions): DevWalletProvider {
  return new DevWalletProvider(opts)
}
