import type { Network } from '@portico/shared-types'
import { useState } from 'react'
import { en } from '../../i18n/en.ts'
import { selectActiveNetwork, selectRequestedNetworks } from '../../state/selectors.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { errorMessage } from '../errorMessage.ts'
import { ListItem } from '../primitives/ListItem.tsx'
import { Spinner } from '../primitives/Spinner.tsx'

/** Requested networks; choosing one switches the wallet and then calls `onSwitched`. */
export function NetworkList({ onSwitched }: { onSwitched: () => void }) {
  const { actions } = useKernel()
  const networks = useKernelState(selectRequestedNetworks)
  const active = useKernelState(selectActiveNetwork)
  const [pending, setPending] = useState<string | null>(null)
  const choose = async (network: Network) => {
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
            {...(network.caipNetworkId === active?.caipNetworkId ? { description: en.currentNetwork } : {})}
            trailing={pending === network.caipNetworkId ? <Spinner label={en.loading} /> : null}
            onClick={() => void choose(network)}
          />
        </li>
      ))}
    </ul>
  )
}
