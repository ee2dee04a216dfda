/**
 * handle.getProvider(): an EIP-1193 provider over the request pipeline for the eip155 namespace
 * (ethers v6 BrowserProvider, wagmi connectors). Accounts and chain come from the kernel's state, so
 * its events follow whatever wallet Portico connected, and change when the visitor switches wallets.
 */
import type { KernelActions } from '../actions.ts'
import { InvalidParamsRpcError, ProviderDisconnectedError } from '../errors/rpc.ts'
import { UsageError } from '../errors/usage.ts'
import type { Kernel } from '../kernel.ts'
import { closedError, ProviderRpcError } from './errors.ts'
import type { RequestArgs, RequestPipeline } from './pipeline.ts'

export type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect'
type Listener = (payload: unknown) => void

export interface PorticoEip1193Provider {
  request(args: RequestArgs): Promise<unknown>
  on(event: ProviderEvent, listener: Listener): void
  removeListener(event: ProviderEvent, listener: Listener): void
}

interface Snapshot {
  address?: string
  chainId?: string
}

const NAMESPACE = 'eip155'
const MAX_LISTENERS = 100

function snapshot(kernel: Kernel): Snapshot {
  const state = kernel.store.get()
  const account = state.accounts[NAMESPACE]
  const id = state.networks.byNamespace[NAMESPACE]?.caipNetwork?.id
  const chainId =
    typeof id === 'number' || /^\d+$/.test(String(id)) ? `0x${Number(id).toString(16)}` : undefined
  const address = account?.status === 'connected' ? account.address : undefined
  return { ...(address ? { address } : {}), ...(chainId ? { chainId } : {}) }
}

/** EIP-3326 params `[{ chainId: '0x…' }]` → the requested eip155 network of that id, or a 4902 error. */
function requestedNetworkOf(kernel: Kernel, params: unknown) {
  const hex = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(hex))
    throw new InvalidParamsRpcError('Invalid params: expected [{ chainId: "0x…" }]')
  const id = Number.parseInt(hex, 16)
  const requested = kernel.store.get().networks.byNamespace[NAMESPACE]?.requestedCaipNetworks ?? []
  const network = requested.find((candidate) => Number(candidate.id) === id)
  if (!network) throw new ProviderRpcError(4902, `Unrecognized chain ID ${hex}: not requested by this app`)
  return network
}

export function createEip1193Provider(
  kernel: Kernel,
  pipeline: RequestPipeline,
  actions: Pick<KernelActions, 'open' | 'switchNetwork'>,
): { provider: PorticoEip1193Provider; dispose(): void } {
  const open = () => actions.open()
  const listeners = new Map<ProviderEvent, Set<Listener>>()
  const emit = (event: ProviderEvent, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        kernel.log.error(`Portico: a ${event} listener threw`, error)
      }
    }
  }
  let last = snapshot(kernel)
  const unsubscribe = kernel.store.subscribe(() => {
    const next = snapshot(kernel)
    const previous = last
    last = next
    if (next.address && !previous.address) emit('connect', { chainId: next.chainId })
    if (next.address !== previous.address) emit('accountsChanged', next.address ? [next.address] : [])
    if (next.chainId && next.chainId !== previous.chainId) emit('chainChanged', next.chainId)
    if (!next.address && previous.address) emit('disconnect', new ProviderDisconnectedError('Disconnected'))
  })

  /** Opens the modal and waits for a connection; closing the modal first rejects (4001). */
  const requestAccounts = () =>
    new Promise<string[]>((resolve, reject) => {
      const stop = () => {
        off()
        kernel.bus.off('MODAL_CLOSE', onClose)
      }
      const off = kernel.store.subscribe(() => {
        const { address } = snapshot(kernel)
        if (!address) return
        stop()
        resolve([address])
      })
      const onClose = () => {
        // A connect flow closes the modal right after the account is set: read it once more.
        const { address } = snapshot(kernel)
        stop()
        if (address) resolve([address])
        else reject(closedError())
      }
      kernel.bus.on('MODAL_CLOSE', onClose)
      open()
    })

  const provider: PorticoEip1193Provider = {
    async request(args) {
      const method = (args as { method?: unknown } | null)?.method
      const { address, chainId } = snapshot(kernel)
      if (method === 'eth_accounts') return address ? [address] : []
      if (method === 'eth_chainId') {
        if (!chainId) throw new ProviderDisconnectedError('No eip155 network')
        return chainId
      }
      if (method === 'eth_requestAccounts') return address ? [address] : requestAccounts()
      // A switch goes through the kernel (wallet switch or add, state, UnsupportedChain rules) for any connector.
      if (method === 'wallet_switchEthereumChain') {
        await actions.switchNetwork(requestedNetworkOf(kernel, (args as { params?: unknown }).params))
        return null
      }
      return pipeline.request(args, NAMESPACE)
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      if (set.size >= MAX_LISTENERS)
        throw new UsageError('TOO_MANY_LISTENERS', `Portico: more than ${MAX_LISTENERS} ${event} listeners`)
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
  return {
    provider,
    dispose() {
      unsubscribe()
      listeners.clear()
    },
  }
}
