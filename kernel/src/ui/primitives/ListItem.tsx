import type { ListItemProps } from '@portico/shared-types'
import { Icon } from './Icon.tsx'

export function ListItem({
  label,
  description,
  icon,
  imageUrl,
  trailing,
  selected,
  disabled,
  onClick,
}: ListItemProps) {
  return (
    <button
      type="button"
      className="pt-item"
      onClick={onClick}
      disabled={disabled}
      aria-current={selected || undefined}
    >
      {imageUrl ? (
        <img src={imageUrl} alt="" width={36} height={36} />
      ) : icon ? (
        <span className="pt-item-icon">
          <Icon name={icon} />
        </span>
      ) : null}
      <span className="pt-item-text">
        <span className="pt-item-label">{label}</span>
        {description ? <span className="pt-muted pt-text-small">{description}</span> : null}
      </span>
      {trailing}
    </button>
  )
}
