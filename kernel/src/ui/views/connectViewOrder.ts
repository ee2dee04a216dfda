import type { ConnectMethod, KernelState } from '@portico/shared-types'
import { browserWallets } from '../../directory/directoryLists.ts'
import { connectMethodOrder } from './connectMethodOrder.ts'

/**
 * The Connect view's order (behaviour §2): wallets go first only for a browser wallet the view shows,
 * so one the app's exclusion list hides leaves email first.
 */
export const connectViewOrder = (
  appOrder: ConnectMethod[] | undefined,
  state: Pick<KernelState, 'connectors' | 'wallets'>,
): ConnectMethod[] => connectMethodOrder(appOrder, browserWallets(state))
