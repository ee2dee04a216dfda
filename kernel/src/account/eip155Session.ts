import { type CaipAddress, type Connector, type Eip1193Provider, MESSAGES } from '@portico/shared-types'
import { isEip155Address } from '../chains/caip.ts'
import { parseHexChainId } from '../chains/eip155.ts'
import type { Kernel } from '../kernel.ts'
import { storeConnected } from '../storage/connection.ts'
import { refreshNativeBalance } from './balance.ts'
import { setActiveChain } from './network.ts'
import { resetNamespace } from './reset.ts'
import { followWalletNetwork } from './unsupportedChain.ts'

const NAMESPACE = 'eip155'

function setAccount(kernel: Kernel, connector: Connector, address: string, chainId: number) {
  const caipAddress = `${NAMESPACE}:${chainId}:${address}` as CaipAddress
  kernel.store.update((draft) => {
    const account = draft.accounts[NAMESPACE]
    if (!account) return
    account.status = 'connected'
    account.address = address
    account.caipAddress = caipAddress
    account.connectorId = connector.id
    account.allAccounts = [{ namespace: NAMESPACE, address, type: 'eoa' }]
    account.connectedWalletInfo = {
      name: connector.name,
      type: connector.type,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {}),
      ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
    }
    const explorer = draft.networks.byNamespace[NAMESPACE]?.caipNetwork?.blockExplorers?.default.url
    if (explorer) account.addressExplorerUrl = `${explorer}/address/${address}`
    else delete account.addressExplorerUrl
  })
  kernel.bus.emit('ACCOUNT_CHANGED', { namespace: NAMESPACE, caipAddress })
}

/**
 * Applies a wallet's accounts and chain to the store and follows the wallet's events until reset.
 * Returns whether the wallet's chain is one the app requested.
 */
export function startEip155Session(
  kernel: Kernel,
  connector: Connector,
  provider: Eip1193Provider,
  address: string,
  chainId: number,
): boolean {
  kernel.sessions.get(NAMESPACE)?.()
  const supported = setActiveChain(kernel, NAMESPACE, chainId)
  setAccount(kernel, connector, address, chainId)
  storeConnected(
    kernel.storage,
    NAMESPACE,
    connector.id,
    kernel.store.get().networks.byNamespace[NAMESPACE]?.caipNetwork?.caipNetworkId,
  )
  void refreshNativeBalance(kernel, NAMESPACE)

  const onAccountsChanged = (accounts: unknown) => {
    const [next] = Array.isArray(accounts) ? (accounts as unknown[]) : []
    if (!next) return resetNamespace(kernel, NAMESPACE)
    // behaviour §5: a wallet's account goes into explorer URLs and API paths only as 40 hex digits.
    if (typeof next !== 'string' || !isEip155Address(next)) {
      kernel.log.error(
        `Portico: ignored accountsChanged: ${MESSAGES.invalidCaipAddress}`,
        String(next).slice(0, 120),
      )
      return
    }
    const current = kernel.store.get().networks.byNamespace[NAMESPACE]?.caipNetwork
    setAccount(kernel, connector, next, Number(current?.id ?? chainId))
    void refreshNativeBalance(kernel, NAMESPACE)
  }
  const onChainChanged = (value: unknown) => {
    const next = parseHexChainId(value)
    if (next === undefined) return
    setActiveChain(kernel, NAMESPACE, next)
    const address = kernel.store.get().accounts[NAMESPACE]?.address
    if (address) setAccount(kernel, connector, address, next)
    void refreshNativeBalance(kernel, NAMESPACE)
    followWalletNetwork(kernel, NAMESPACE)
  }
  const onDisconnect = () => resetNamespace(kernel, NAMESPACE)

  const on = provider.on?.bind(provider) as
    | ((event: string, listener: (value: unknown) => void) => void)
    | undefined
  const off = provider.removeListener?.bind(provider) as typeof on
  on?.('accountsChanged', onAccountsChanged)
  on?.('chainChanged', onChainChanged)
  on?.('disconnect', onDisconnect)
  kernel.sessions.set(NAMESPACE, () => {
    off?.('accountsChanged', onAccountsChanged)
    off?.('chainChanged', onChainChanged)
    off?.('disconnect', onDisconnect)
  })
  return supported
}
