import { useKernel } from '../context.tsx'
import { NetworkList } from './NetworkList.tsx'

export function NetworksView() {
  const { actions } = useKernel()
  return <NetworkList onSwitched={() => actions.goBack()} />
}
