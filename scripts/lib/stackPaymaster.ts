/**
 * Gas paid by the app on the local stack (ERC-7677): the API's paymaster service for the dev project,
 * on each chain where users have smart accounts and the fixtures have the sponsor's paymaster. The same
 * URL goes to the demo (its `paymasterServices`, what the app names in wallet_sendCalls) and to the auth
 * frame's allow-list (the only URLs its backend fetches, with the paymaster their answers must name).
 *
 * The URL is the API's own loopback address even behind nginx: only the frame's backend fetches it,
 * never the browser, and the backend reaches the API directly.
 */
import type { PaymasterServiceConfig, SmartAccountNetwork } from '@portico/auth-frame'
import type { Devnet } from '@portico/devnet'
import { DEV_PROJECT_ID } from '@portico/ops'

export interface StackPaymasters {
  /** The demo environment's `paymasterServices` (CAIP-2 → URL); absent when there are none. */
  demo: { paymasterServices?: Record<string, string> }
  /** The auth frame's `paymasterServices`. */
  frame: PaymasterServiceConfig[]
}

export function stackPaymasters(
  devnet: Devnet,
  apiUrl: string,
  smartAccountNetworks: SmartAccountNetwork[],
): StackPaymasters {
  // The demo's project (scripts/lib/demoPage.ts), whose dev sponsor policy the API has by default.
  const projectId = DEV_PROJECT_ID
  const url = `${apiUrl}/v1/paymaster?projectId=${encodeURIComponent(projectId)}`
  const frame = smartAccountNetworks.flatMap(({ chainId }) => {
    const paymaster = devnet.fixtures?.[chainId]?.paymaster?.address
    return paymaster ? [{ projectId, chainId, url, paymaster }] : []
  })
  return {
    demo:
      frame.length > 0
        ? {
            paymasterServices: Object.fromEntries(
              frame.map((entry) => [`eip155:${entry.chainId}`, entry.url]),
            ),
          }
        : {},
    frame,
  }
}
