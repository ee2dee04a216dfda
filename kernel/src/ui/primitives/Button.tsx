import type { ButtonProps } from '@portico/shared-types/plugin'
import { Icon } from './Icon.tsx'
import { Mark } from './Mark.tsx'
import { Spinner } from './Spinner.tsx'

export function Button({
  children,
  variant = 'secondary',
  size = 'md',
  fullWidth,
  loading,
  disabled,
  icon,
  mark,
  type = 'button',
  onClick,
  onPointerEnter,
  onFocus,
  'aria-label': ariaLabel,
}: ButtonProps) {
  const classes = ['pt-btn', `pt-btn-${variant}`, size !== 'md' && `pt-btn-${size}`, fullWidth && 'pt-full']
  return (
    <button
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      aria-label={ariaLabel}
      onClick={onClick}
      onPointerEnter={onPointerEnter}
      onFocus={onFocus}
    >
      {loading ? (
        <Spinner label="" />
      ) : icon ? (
        <Icon name={icon} size={18} />
      ) : mark ? (
        <Mark path={mark} />
      ) : null}
      {children}
    </button>
  )
}
