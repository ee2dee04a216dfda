import type { ListItemProps } from '@portico/shared-types/plugin'
import { SvgIcon } from './SvgIcon.tsx'

/** A list row's markup: ListItem's, with the icon given as its path (the first paint has no icon set). */
export function ListRow({
  label,
  description,
  iconPath,
  imageUrl,
  trailing,
  selected,
  disabled,
  onClick,
}: Omit<ListItemProps, 'icon'> & { iconPath?: string }) {
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
      ) : iconPath ? (
        <span className="pt-item-icon">
          <SvgIcon path={iconPath} />
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
