import type { Eip1193Provider } from '@portico/shared-types'

export interface AnnouncedWallet {
  info: { uuid: string; name: string; icon: string; rdns: string }
  provider: Eip1193Provider
}

interface AnnounceEvent extends Event {
  detail?: AnnouncedWallet
}

const isAnnounced = (detail: unknown): detail is AnnouncedWallet => {
  const candidate = detail as AnnouncedWallet | undefined
  return (
    typeof candidate?.info?.rdns === 'string' &&
    typeof candidate.info.name === 'string' &&
    typeof candidate.provider?.request === 'function'
  )
}

/** EIP-6963: listens for announcements and asks wallets to announce; returns the stop function. */
export function discoverAnnouncedWallets(
  target: Window,
  onWallet: (wallet: AnnouncedWallet) => void,
): () => void {
  const listener = (event: Event) => {
    const detail = (event as AnnounceEvent).detail
    if (isAnnounced(detail)) onWallet(detail)
  }
  target.addEventListener('eip6963:announceProvider', listener)
  target.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => target.removeEventListener('eip6963:announceProvider', listener)
}

/** The pre-6963 `window.ethereum`, when present. */
export function legacyInjectedProvider(target: Window): Eip1193Provider | undefined {
  const candidate = (target as Window & { ethereum?: Eip1193Provider }).ethereum
  return typeof candidate?.request === 'function' ? candidate : undefined
}
