/** An approved WalletConnect session → the kernel's eip155 account, and behaviour §4 finalizing. */
import type { Connector, WalletDirectoryEntry } from '@portico/shared-types'
import type { Kernel } from '../../kernel.ts'
import { eip155Session } from '../eip155Wallet.ts'
import type { SessionFacts, SessionReport } from '../kind.ts'
import { currentEip155Chain, eip155Adapter } from './adapter.ts'
import { WALLET_CONNECT_ID, walletConnectConnector } from './connector.ts'
import type { WalletConnectProvider } from './provider.ts'
import { storeDeepLinkChoice, storeRecentWallet } from './recent.ts'
import { sessionAccount } from './sessionAccounts.ts'

export type Session = NonNullable<WalletConnectProvider['session']>

/** Session accounts → the eip155 session facts (the adapter becomes the connector's provider). */
export function sessionFacts(
  kernel: Kernel,
  provider: WalletConnectProvider,
  session: Session,
  wallet?: WalletDirectoryEntry,
): SessionFacts {
  const active = kernel.store.get().networks.byNamespace.eip155?.caipNetwork?.caipNetworkId
  const account = sessionAccount(kernel.log, session.namespaces.eip155?.accounts, active)
  const chain = `eip155:${account.chainId}`
  if (currentEip155Chain(provider) !== chain) provider.setDefaultChain(chain)
  const adapter = eip155Adapter(provider, () => {
    if (kernel.providers.get(WALLET_CONNECT_ID) === adapter) kernel.providers.delete(WALLET_CONNECT_ID)
  })
  kernel.providers.set(WALLET_CONNECT_ID, adapter)
  const peerName = session.peer?.metadata?.name
  const connector: Connector = {
    ...walletConnectConnector,
    name: wallet?.name ?? (peerName || walletConnectConnector.name),
    ...(wallet?.image_url ? { imageUrl: wallet.image_url } : {}),
  }
  return eip155Session(kernel, connector, adapter, account.address, Number(account.chainId))
}

/** behaviour §4 finalizing: deep link and recent wallet stored, CONNECT_SUCCESS with method and name. */
export function finalize(
  kernel: Kernel,
  report: SessionReport,
  provider: WalletConnectProvider,
  session: Session,
  wallet?: WalletDirectoryEntry,
) {
  const supported = report.started(sessionFacts(kernel, provider, session, wallet))
  const { wcLinking, recentWallet } = kernel.store.get().connection
  if (wcLinking) storeDeepLinkChoice(kernel.storage, wcLinking)
  if (recentWallet) storeRecentWallet(kernel.storage, recentWallet)
  report.pairing.approved(wcLinking ? 'mobile' : 'qrcode', recentWallet?.name ?? 'Unknown')
  return { supported }
}
