import type { ListItemProps } from '@portico/shared-types/plugin'
import { SvgIcon } from './SvgIcon.tsx'

export interface ListRowProps extends Omit<ListItemProps, 'icon'> {
  /** The icon given as its path (the first paint has no icon set). */
  iconPath?: string
  /**
   * No image and no icon: this CSS background stands in for the picture (nameAvatar.ts makes one from a
   * wallet's name; the caller computes it, so the first paint does not carry that code).
   */
  avatarBackground?: string
  /** Short labels under the label (a wallet's namespaces). */
  badges?: readonly string[]
  /** Set on a row that shows or hides more rows below it. */
  expanded?: boolean
}

function Picture({
  imageUrl,
  iconPath,
  avatarBackground,
}: Pick<ListRowProps, 'imageUrl' | 'iconPath' | 'avatarBackground'>) {
  if (imageUrl) return <img src={imageUrl} alt="" width={36} height={36} />
  if (iconPath)
    return (
      <span className="pt-item-icon">
        <SvgIcon path={iconPath} />
      </span>
    )
  if (avatarBackground)
    return <span className="pt-item-icon" aria-hidden="true" style={{ background: avatarBackground }} />
  return null
}

/** A list row's markup: ListItem's, plus what only the kernel's own rows use. */
export function ListRow({
  label,
  description,
  iconPath,
  imageUrl,
  avatarBackground,
  badges,
  expanded,
  trailing,
  selected,
  disabled,
  onClick,
}: ListRowProps) {
  return (
    <button
      type="button"
      className="pt-item"
      onClick={onClick}
      disabled={disabled}
      aria-current={selected || undefined}
      aria-expanded={expanded}
    >
      <Picture
        {...(imageUrl ? { imageUrl } : {})}
        {...(iconPath ? { iconPath } : {})}
        {...(avatarBackground ? { avatarBackground } : {})}
      />
      <span className="pt-item-text">
        <span className="pt-item-label">{label}</span>
        {description ? <span className="pt-muted pt-text-small">{description}</span> : null}
        {badges?.length ? (
          <span className="pt-badges">
            {badges.map((badge) => (
              <span key={badge} className="pt-badge">
                {badge}
              </span>
            ))}
          </span>
        ) : null}
      </span>
      {trailing}
    </button>
  )
}
