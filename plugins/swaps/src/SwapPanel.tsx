import type { SwapTokenInfo } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'
import { type ReactNode, useId } from 'react'
import { TokenLogo } from './TokenLogo.tsx'

interface TokenButtonProps {
  ctx: PluginContext
  token: SwapTokenInfo | undefined
  /** The button's accessible name (what it does, with the token). */
  label: string
  placeholder: string
  unverified: string
  onClick(): void
}

/** The token chip beside an amount: logo, symbol, an Unverified mark for an unlisted token. */
export function TokenButton({ ctx, token, label, placeholder, unverified, onClick }: TokenButtonProps) {
  const { Icon } = ctx.ui
  return (
    <button
      type="button"
      className={token ? 'pt-swap-token' : 'pt-swap-token pt-swap-token-empty'}
      aria-label={label}
      onClick={onClick}
    >
      {token ? <TokenLogo token={token} size={24} /> : null}
      <span className="pt-swap-symbol">{token ? token.symbol : placeholder}</span>
      {token?.verified === false ? <span className="pt-badge">{unverified}</span> : null}
      <Icon name="chevronRight" size={16} />
    </button>
  )
}

interface SwapPanelProps {
  heading: string
  /** The amount field's accessible name. */
  amountLabel: string
  amount: string
  onAmount?(value: string): void
  busy?: boolean
  error?: string
  /** The token chip (and its clear control) on the amount's row. */
  token: ReactNode
  /** Under the amount: its fiat value, and the token's balance. */
  fiat?: string
  balance?: string
  children?: ReactNode
}

/**
 * One side of the swap: the amount and its token on one row, the fiat value and balance under it.
 * The heading names the section; the field keeps its own name (a visually hidden label).
 */
export function SwapPanel(props: SwapPanelProps) {
  const id = useId()
  const headingId = `${id}-heading`
  const errorId = `${id}-error`
  return (
    <section className="pt-swap-panel" aria-labelledby={headingId}>
      <h3 id={headingId} className="pt-swap-heading">
        {props.heading}
      </h3>
      <div className="pt-swap-row">
        <label htmlFor={id} className="pt-visually-hidden">
          {props.amountLabel}
        </label>
        <input
          id={id}
          className="pt-swap-amount"
          value={props.amount}
          placeholder="0"
          inputMode="decimal"
          autoComplete="off"
          readOnly={!props.onAmount}
          aria-busy={props.busy || undefined}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(event) => props.onAmount?.(event.target.value)}
        />
        {props.token}
      </div>
      <div className="pt-swap-meta">
        <span>{props.fiat ?? ''}</span>
        <span>{props.balance ?? ''}</span>
      </div>
      {props.error ? (
        <span id={errorId} role="alert" className="pt-text-small pt-tone-error">
          {props.error}
        </span>
      ) : null}
      {props.children}
    </section>
  )
}
