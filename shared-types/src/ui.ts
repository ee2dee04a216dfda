/** The UI kit the kernel hands to plugins through ctx.ui, so plugins look native and ship no primitives. */
import type { ComponentType, ReactNode } from 'react'

export type IconName =
  | 'arrowLeft'
  | 'close'
  | 'copy'
  | 'check'
  | 'qrCode'
  | 'wallet'
  | 'network'
  | 'send'
  | 'receive'
  | 'swap'
  | 'card'
  | 'clock'
  | 'externalLink'
  | 'disconnect'
  | 'mail'
  | 'user'
  | 'warning'
  | 'sun'
  | 'moon'
  | 'search'
  | 'chevronRight'

export interface ButtonProps {
  children?: ReactNode
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger'
  size?: 'sm' | 'md' | 'lg'
  fullWidth?: boolean
  loading?: boolean
  disabled?: boolean
  icon?: IconName
  /** A brand mark before the label (SVG path data in a 24×24 box, filled); alone it needs `aria-label`. */
  mark?: string
  type?: 'button' | 'submit'
  'aria-label'?: string
  onClick?: () => void
  /**
   * The pointer came onto the button, or it took focus: intent, before a press (e.g. ask now for what the
   * press will need). A kernel older than these props ignores them; the press must work without them.
   */
  onPointerEnter?: () => void
  onFocus?: () => void
}

export interface ListItemProps {
  label: string
  description?: string
  icon?: IconName
  imageUrl?: string
  trailing?: ReactNode
  selected?: boolean
  disabled?: boolean
  onClick?: () => void
}

export interface TextProps {
  children?: ReactNode
  variant?: 'title' | 'body' | 'small' | 'mono'
  tone?: 'primary' | 'secondary' | 'error' | 'success'
  as?: 'p' | 'span' | 'h2' | 'h3' | 'div'
  id?: string
}

export interface TextFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  placeholder?: string
  type?: 'text' | 'email' | 'number'
  inputMode?: 'text' | 'decimal' | 'email' | 'numeric'
  autoFocus?: boolean
}

export interface StackProps {
  children?: ReactNode
  direction?: 'row' | 'column'
  gap?: 'none' | 'xs' | 's' | 'm' | 'l'
  align?: 'start' | 'center' | 'end' | 'stretch'
  justify?: 'start' | 'center' | 'end' | 'between'
}

export interface UiKit {
  Button: ComponentType<ButtonProps>
  ListItem: ComponentType<ListItemProps>
  Text: ComponentType<TextProps>
  TextField: ComponentType<TextFieldProps>
  Stack: ComponentType<StackProps>
  Spinner: ComponentType<{ label: string }>
  Icon: ComponentType<{ name: IconName; size?: number }>
  Avatar: ComponentType<{ address: string; imageUrl?: string | null; size?: number }>
  /** Renders `value` as a QR code image with an accessible name. */
  QrCode: ComponentType<{ value: string; label: string; size?: number; imageUrl?: string }>
  /** Copies `value` and announces the result with a toast. */
  CopyButton: ComponentType<{ value: string; label: string; copiedMessage?: string }>
  EmptyState: ComponentType<{ icon?: IconName; title: string; description?: string }>
}
