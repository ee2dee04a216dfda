import type { KernelState, Network } from '@portico/shared-types'
import { useState } from 'react'
import { useI18n } from '../../i18n/useI18n.ts'
import { selectActiveNetwork, selectIsConnected, selectRequestedNetworks } from '../../state/selectors.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { errorMessage } from '../errorMessage.ts'
import { ListItem } from '../primitives/ListItem.tsx'
import { Spinner } from '../primitives/Spinner.tsx'

/**
 * A network of another namespace than the active one, whose account is not connected while some
 * account is: choosing it connects a wallet of that namespace rather than leaving the active account.
 */
export const needsNamespaceConnection = (state: KernelState, network: Network): boolean =>
  network.chainNamespace !== state.networks.activeNamespace &&
  state.accounts[network.chainNamespace]?.status !== 'connected' &&
  selectIsConnected(state)

/**
 * Requested networks of every namespace; choosing one switches the wallet (or the active namespace,
 * when that namespace has a connected account) and then calls `onSwitched`. A namespace without a
 * connected account goes to Connect to connect a wallet of it.
 */
export function NetworkList({ onSwitched }: { onSwitched: () => void }) {
  const i18n = useI18n()
  const { actions, kernel } = useKernel()
  const networks = useKernelState(selectRequestedNetworks)
  const active = useKernelState(selectActiveNetwork)
  const accounts = useKernelState((state) => state.accounts)
  const anyConnected = useKernelState(selectIsConnected)
  const [pending, setPending] = useState<string | null>(null)
  const choose = async (network: Network) => {
    if (needsNamespaceConnection(kernel.store.get(), network)) {
      actions.chooseNetworkToConnect(network)
      actions.push('Connect', { namespace: network.chainNamespace })
      return
    }
    setPending(network.caipNetworkId)
    try {
      await actions.switchNetwork(network)
      onSwitched()
    } catch (error) {
      actions.toast.error(errorMessage(error))
    } finally {
      setPending(null)
    }
  }
  return (
    <ul className="pt-list">
      {networks.map((network) => (
        <li key={network.caipNetworkId}>
          <ListItem
            label={network.name}
            icon="network"
            selected={network.caipNetworkId === active?.caipNetworkId}
            disabled={pending !== null}
            {...(network.caipNetworkId === active?.caipNetworkId
              ? { description: i18n.t('currentNetwork') }
              : anyConnected &&
                  network.chainNamespace !== active?.chainNamespace &&
                  accounts[network.chainNamespace]?.status !== 'connected'
                ? {
                    description: i18n.t('connectToUse', {
                      namespace: i18n.t(`namespaces.${network.chainNamespace}`),
                    }),
                  }
                : {})}
            trailing={pending === network.caipNetworkId ? <Spinner label={i18n.t('loading')} /> : null}
            onClick={() => void choose(network)}
          />
        </li>
      ))}
    </ul>
  )
}
