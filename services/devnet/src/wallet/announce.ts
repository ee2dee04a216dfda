const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/>' +
  '<path d="M9 24V8h8a5 5 0 0 1 0 10h-4v6z" fill="#fff"/></svg>'

export const DEV_WALLET_INFO = {
  name: 'Portico Dev Wallet',
  rdns: 'dev.portico.wallet',
  icon: `data:image/svg+xml;base64,${btoa(ICON_SVG)}`,
} as const

export interface ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

/** crypto.randomUUID exists only in secure contexts; a demo served over plain http on a LAN is not one. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/**
 * EIP-6963: announce now and again whenever a dapp dispatches eip6963:requestProvider.
 * Returns a function that stops answering requests.
 */
export function announceProvider(
  target: EventTarget,
  provider: object,
  info: ProviderInfo = { uuid: randomUuid(), ...DEV_WALLET_INFO },
): () => void {
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
