/**
 * Which requests get the transaction preview (docs/behaviour.md, Transaction preview): the eager part,
 * small and without viem, that the request pipeline asks before queuing a request. Everything else of the
 * preview (digest, API call, view) is the lazy "transaction-preview" chunk, loaded only when one arrives.
 */
import type { ChainNamespace, Connector, ModalOptions } from '@portico/shared-types'

/** The kernel view that shows a preview with Continue and Reject. */
export const PREVIEW_VIEW = 'TransactionPreview'

/** The unsafe eip155 methods the API can describe: calls it simulates and typed data it decodes. */
export const PREVIEWED_METHODS: readonly string[] = [
  'eth_sendTransaction',
  'wallet_sendCalls',
  'eth_signTypedData_v4',
]

/**
 * Whether `method` to this wallet waits for the visitor's Continue on a preview: an external wallet
 * (injected, announced, WalletConnect); the embedded wallet's own frame approval is its taker view's.
 */
export function previewApplies(
  options: Pick<ModalOptions, 'apiUrl' | 'transactionPreview'>,
  method: string,
  namespace: ChainNamespace,
  connector: Pick<Connector, 'type'>,
): boolean {
  if (!options.apiUrl || options.transactionPreview === false) return false
  return namespace === 'eip155' && connector.type !== 'AUTH' && PREVIEWED_METHODS.includes(method)
}
