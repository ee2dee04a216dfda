import type { IconName } from '@portico/shared-types/plugin'
import { Icon } from './Icon.tsx'

export function EmptyState({
  icon,
  title,
  description,
}: {
  icon?: IconName
  title: string
  description?: string
}) {
  return (
    <div className="pt-empty">
      {icon ? <Icon name={icon} size={28} /> : null}
      <p className="pt-text-body">{title}</p>
      {description ? <p className="pt-text-small pt-tone-secondary">{description}</p> : null}
    </div>
  )
}
