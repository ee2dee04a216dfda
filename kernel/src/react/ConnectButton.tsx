'use client'
import type { I18nApi } from '@portico/shared-types'
import { type ReactNode, useSyncExternalStore } from 'react'
import { truncateAddress } from '../chains/format.ts'
import { en } from '../i18n/en.ts'
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

export interface ConnectButtonProps {
  /** The text when disconnected (default: the locale's "Connect Wallet"). */
  label?: string
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

/** Connect / connecting / the truncated address and balance; opens the modal. */
export function ConnectButton({ label, className, children }: ConnectButtonProps) {
  const { open, isOpen, disconnect, preload } = useModal()
  const account = useAccount()
  const { strings, i18n } = useButtonI18n()
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
  const connectedText = `${displayAddress} · ${balance ?? '…'}${account.balanceSymbol ? ` ${account.balanceSymbol}` : ''}`
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
      className={className}
      data-status={status}
      // The language of the kernel's words on it (not of an app-given label).
      lang={i18n && !(status === 'disconnected' && label) ? i18n.contentLanguage() : undefined}
      // Connected: the visible text stays in the name, after what the button does (WCAG 2.5.3).
      aria-label={status === 'connected' ? state.accessibleName : undefined}
      aria-busy={status === 'connecting' || status === 'reconnecting' ? true : undefined}
      disabled={status === 'reconnecting'}
      onClick={() => state.open()}
      // The first open then finds the plugins already checked and fetched (DESIGN §7: the app asked).
      onPointerEnter={() => void preload()}
      onFocus={() => void preload()}
    >
      {text}
    </button>
  )
}
