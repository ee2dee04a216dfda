import type { StackProps, TextProps } from '@portico/shared-types/plugin'

export function Text({ children, variant = 'body', tone = 'primary', as = 'p', id }: TextProps) {
  const Tag = as
  const className = [`pt-text-${variant}`, tone !== 'primary' && `pt-tone-${tone}`].filter(Boolean).join(' ')
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  )
}

export function Stack({
  children,
  direction = 'column',
  gap = 'm',
  align = 'stretch',
  justify = 'start',
}: StackProps) {
  const classes = [
    'pt-stack',
    direction === 'row' && 'pt-row',
    gap !== 'none' && `pt-gap-${gap}`,
    `pt-align-${align}`,
    justify !== 'start' && `pt-justify-${justify}`,
  ]
  return <div className={classes.filter(Boolean).join(' ')}>{children}</div>
}
