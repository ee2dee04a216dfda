'use client'
import type { I18nApi } from '@portico/shared-types'
import { type ReactNode, useInsertionEffect, useSyncExternalStore } from 'react'
import { avatarColors } from '../chains/avatar.ts'
import { truncateAddress } from '../chains/format.ts'
import { en } from '../i18n/en.ts'
import { selectActiveAccount } from '../state/selectors.ts'
import { injectStyle } from '../theme/styleElement.ts'
import { CONNECT_BUTTON_CSS } from './ConnectButton.styles.ts'
import { useAccount, useModal } from './hooks.ts'
import { usePorticoClient } from './PorticoProvider.tsx'

export type ConnectButtonStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

/** What the render prop gets: the connection as shown, and the actions a custom button needs. */
export interface ConnectButtonState {
  status: ConnectButtonStatus
  isConnected: boolean
  /** The full address, and its truncated form (4 + 6 characters, behaviour §9). */
  address?: string
  displayAddress?: string
  /** The balance floored to 3 decimals (behaviour §5) in the locale's separators, and its symbol. */
  balance?: string
  balanceSymbol?: string
  /** The text the default button shows. */
  label: string
  /** The default button's accessible name (its visible text, prefixed with "Open account" when connected). */
  accessibleName: string
  isOpen: boolean
  /** Opens the modal: Connect, or Account when connected (behaviour §2); or the given view. */
  open(view?: string): void
  disconnect(): Promise<void>
}

export type ConnectButtonSize = 'sm' | 'md' | 'lg'

export interface ConnectButtonProps {
  /** The text when disconnected (default: the locale's "Connect Wallet"). */
  label?: string
  /** Height and text size (default md); the theme follows the modal's themeMode. */
  size?: ConnectButtonSize
  /** Added to the button's own class (`pt-connect-button`). */
  className?: string
  /** Escape hatch: render anything from the state and actions instead of the default button. */
  children?: (state: ConnectButtonState) => ReactNode
}

const BUTTON_KEYS = [
  'button.connect',
  'button.connecting',
  'button.reconnecting',
  'button.openAccount',
] as const
type ButtonStrings = Record<(typeof BUTTON_KEYS)[number], string>
const ENGLISH: ButtonStrings = {
  'button.connect': en.button.connect,
  'button.connecting': en.button.connecting,
  'button.reconnecting': en.button.reconnecting,
  'button.openAccount': en.button.openAccount,
}
const noSubscription = () => () => {}

/**
 * The modal's translator once it exists in the browser (server and hydration render English alike);
 * re-renders when the locale or its catalogue changes.
 */
function useButtonI18n(): { strings: ButtonStrings; i18n?: I18nApi } {
  const client = usePorticoClient()
  // The translator comes with the kernel body: English until it has loaded (and on a server).
  const i18n = useSyncExternalStore(
    client.subscribe,
    () => client.current()?.getI18n(),
    () => undefined,
  )
  const snapshot = useSyncExternalStore(
    i18n?.subscribe ?? noSubscription,
    () => (i18n ? BUTTON_KEYS.map((key) => i18n.t(key)).join('\n') : ''),
    () => '',
  )
  if (!i18n || !snapshot) return { strings: ENGLISH }
  const values = snapshot.split('\n')
  return {
    strings: Object.fromEntries(
      BUTTON_KEYS.map((key, index) => [key, values[index] ?? ENGLISH[key]]),
    ) as ButtonStrings,
    i18n,
  }
}

/** The account's registered name and its picture (https only: it comes from the name service). */
function useProfile(): { name?: string; image?: string } {
  const client = usePorticoClient()
  const read = (state = client.getSnapshot()) => {
    const account = selectActiveAccount(state)
    return `${account?.profileName ?? ''}\n${account?.profileImage ?? ''}`
  }
  const snapshot = useSyncExternalStore(
    client.subscribe,
    () => read(),
    () => read(client.getServerSnapshot()),
  )
  const [name, image] = snapshot.split('\n')
  return {
    ...(name ? { name } : {}),
    ...(image?.startsWith('https://') ? { image } : {}),
  }
}

/** The stylesheet once per document, with the app's CSP nonce (style-src without 'unsafe-inline'). */
function useButtonStyles(): void {
  const client = usePorticoClient()
  const nonce = client.getSnapshot().options.nonce
  useInsertionEffect(() => {
    injectStyle(document, 'portico-connect-button', CONNECT_BUTTON_CSS, nonce)
  }, [nonce])
}

/**
 * The account's picture: the name's image when it has one, else the address's gradient (behaviour §9
 * colours) drawn as SVG, so the server's HTML carries no style attribute.
 */
function AccountAvatar({ address, image }: { address: string; image?: string }) {
  if (image) return <img className="pt-cb-avatar" src={image} alt="" width={28} height={28} />
  const [c1, c2, c3, c4, c5] = avatarColors(address)
  const id = `pt-cb-avatar-${address.slice(2, 10).toLowerCase()}`
  return (
    <svg className="pt-cb-avatar" viewBox="0 0 28 28" aria-hidden="true">
      <defs>
        <radialGradient id={id} cx="65%" cy="20%" r="75%">
          <stop offset="0" stopColor={c5} />
          <stop offset="0.2" stopColor={c4} />
          <stop offset="0.4" stopColor={c3} />
          <stop offset="0.6" stopColor={c2} />
          <stop offset="1" stopColor={c1} />
        </radialGradient>
      </defs>
      <circle cx="14" cy="14" r="14" fill={`url(#${id})`} />
    </svg>
  )
}

/** Connect / connecting / the account chip (avatar, name or truncated address, balance); opens the modal. */
export function ConnectButton({ label, size = 'md', className, children }: ConnectButtonProps) {
  const { open, isOpen, disconnect, preload, themeMode } = useModal()
  const account = useAccount()
  const profile = useProfile()
  const { strings, i18n } = useButtonI18n()
  useButtonStyles()
  const status: ConnectButtonStatus =
    account.isConnected && account.address
      ? 'connected'
      : account.status === 'connecting' || account.status === 'reconnecting'
        ? account.status
        : 'disconnected'
  // useAccount gives the behaviour §5 floored balance in English digits; only the separators change here.
  const balance =
    account.balance === undefined
      ? undefined
      : i18n
        ? i18n.formatBalance(account.balance.replaceAll(',', ''))
        : account.balance
  const displayAddress = account.address ? truncateAddress(account.address) : undefined
  const shownName = profile.name ?? displayAddress
  const balanceText = `${balance ?? '…'}${account.balanceSymbol ? ` ${account.balanceSymbol}` : ''}`
  const connectedText = `${shownName} · ${balanceText}`
  const text =
    status === 'connected'
      ? connectedText
      : status === 'connecting'
        ? strings['button.connecting']
        : status === 'reconnecting'
          ? strings['button.reconnecting']
          : (label ?? strings['button.connect'])
  const state: ConnectButtonState = {
    status,
    isConnected: status === 'connected',
    ...(account.address ? { address: account.address, displayAddress } : {}),
    ...(balance === undefined ? {} : { balance }),
    ...(account.balanceSymbol ? { balanceSymbol: account.balanceSymbol } : {}),
    label: text,
    accessibleName: status === 'connected' ? `${strings['button.openAccount']} ${text}` : text,
    isOpen,
    open: (view) => open(view),
    disconnect,
  }
  if (children) return <>{children(state)}</>
  return (
    <button
      type="button"
      className={className ? `pt-connect-button ${className}` : 'pt-connect-button'}
      data-status={status}
      data-size={size}
      data-theme={themeMode}
      // The language of the kernel's words on it (not of an app-given label).
      lang={i18n && !(status === 'disconnected' && label) ? i18n.contentLanguage() : undefined}
      // Connected: the visible text stays in the name, after what the button does (WCAG 2.5.3).
      aria-label={status === 'connected' ? state.accessibleName : undefined}
      aria-busy={status === 'connecting' || status === 'reconnecting' ? true : undefined}
      disabled={status === 'reconnecting'}
      onClick={() => state.open()}
      // The first open then finds the plugins already checked and fetched (docs/architecture.md, Loading on demand: the app asked).
      onPointerEnter={() => void preload()}
      onFocus={() => void preload()}
    >
      {status === 'connected' && account.address ? (
        <>
          <AccountAvatar address={account.address} {...(profile.image ? { image: profile.image } : {})} />
          <span className="pt-cb-name">{shownName}</span>
          <span className="pt-cb-sep"> · </span>
          <span className="pt-cb-balance">{balanceText}</span>
        </>
      ) : (
        text
      )}
    </button>
  )
}
