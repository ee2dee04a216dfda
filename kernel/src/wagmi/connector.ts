import type { Network } from '@portico/shared-types'
import { createConnector, ProviderNotFoundError } from '@wagmi/core'
import { type Address, type Chain, getAddress, SwitchChainError } from 'viem'
import { NetworkError } from '../account/errors.ts'
import { WalletError } from '../connectors/errors.ts'
import type { ModalHandle } from '../createModal.ts'
import { modalLoadedOrLoading } from '../modalPresence.ts'
import type { PorticoEip1193Provider } from '../requests/provider.ts'

export interface PorticoConnectorParameters {
  /** The modal, or a getter for it (so a config can be made before the modal exists, e.g. on a server). */
  modal: ModalHandle | (() => ModalHandle)
}

/** The eip155 networks the app requested from Portico. */
export function requestedEip155Networks(modal: ModalHandle): Network[] {
  return modal.getState().networks.byNamespace.eip155?.requestedCaipNetworks ?? []
}

const toAddresses = (accounts: unknown): Address[] =>
  Array.isArray(accounts)
    ? accounts.filter((x): x is string => typeof x === 'string').map((x) => getAddress(x))
    : []

/**
 * A wagmi connector over whatever wallet Portico connected (`handle.getProvider()`): connect opens the
 * Portico modal; a wallet connected from the modal (or restored on load) reaches wagmi's hooks too.
 */
export function porticoConnector({ modal }: PorticoConnectorParameters) {
  const handle = () => (typeof modal === 'function' ? modal() : modal)
  return createConnector<PorticoEip1193Provider>((config) => ({
    id: 'portico',
    name: 'Portico',
    type: 'portico',
    async setup() {
      // Once the modal has loaded (a React provider may load it only on intent).
      void handle().ready.then(() => {
        const provider = handle().getProvider()
        provider.on('accountsChanged', (accounts) => this.onAccountsChanged(accounts as string[]))
        provider.on('chainChanged', (chainId) => this.onChainChanged(chainId as string))
        provider.on('disconnect', () => this.onDisconnect())
      })
    },
    async connect({ chainId, isReconnecting, withCapabilities } = {}) {
      // Connecting through wagmi before the modal exists: opening it loads it.
      if (!isReconnecting && !modalLoadedOrLoading(handle())) {
        handle().open()
        await handle().ready
      }
      const provider = await this.getProvider()
      const accounts = isReconnecting
        ? await this.getAccounts()
        : toAddresses(await provider.request({ method: 'eth_requestAccounts' }))
      if (accounts.length === 0) throw new WalletError('WALLET_NO_ACCOUNT', 'Portico: no account connected')
      let current = await this.getChainId()
      if (chainId !== undefined && chainId !== current && this.switchChain) {
        current = (await this.switchChain({ chainId })).id
      }
      return {
        accounts: (withCapabilities
          ? accounts.map((address) => ({ address, capabilities: {} }))
          : accounts) as never,
        chainId: current,
      }
    },
    async disconnect() {
      await handle().disconnect()
    },
    async getAccounts() {
      const provider = await this.getProvider()
      return toAddresses(await provider.request({ method: 'eth_accounts' }))
    },
    async getChainId() {
      const provider = await this.getProvider()
      return Number(await provider.request({ method: 'eth_chainId' }))
    },
    async getProvider() {
      const current = handle()
      // Nothing loaded and nothing to restore: no provider yet, and wagmi's reconnect must not wait.
      if (!modalLoadedOrLoading(current)) throw new ProviderNotFoundError()
      await current.ready
      return current.getProvider()
    },
    async isAuthorized() {
      if (!modalLoadedOrLoading(handle())) return false
      // A stored connection is restored by the modal itself: wait for that before answering.
      await handle().ready
      return (await this.getAccounts()).length > 0
    },
    async switchChain({ chainId }) {
      const network = requestedEip155Networks(handle()).find((candidate) => Number(candidate.id) === chainId)
      const chain = config.chains.find((candidate) => candidate.id === chainId)
      if (!network || !chain)
        throw new SwitchChainError(
          new NetworkError('NETWORK_NOT_CONFIGURED', `Chain ${chainId} is not configured`),
        )
      await handle().switchNetwork(network)
      return chain as Chain
    },
    onAccountsChanged(accounts) {
      const addresses = toAddresses(accounts)
      if (addresses.length === 0) return this.onDisconnect()
      // Connected from the Portico modal while wagmi was disconnected: wagmi listens for 'connect'.
      if (config.emitter.listenerCount('connect') > 0) {
        void this.getChainId().then((chainId) =>
          config.emitter.emit('connect', { accounts: addresses, chainId }),
        )
        return
      }
      config.emitter.emit('change', { accounts: addresses })
    },
    onChainChanged(chainId) {
      config.emitter.emit('change', { chainId: Number(chainId) })
    },
    onDisconnect() {
      config.emitter.emit('disconnect')
    },
  }))
}
