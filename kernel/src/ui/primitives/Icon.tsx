import type { IconName } from '@portico/shared-types/plugin'
import { ICON_PATHS } from './icons.ts'
import { SvgIcon } from './SvgIcon.tsx'

/** Icons that point along the reading direction: a right-to-left modal flips them. */
const DIRECTIONAL: ReadonlySet<IconName> = new Set<IconName>(['chevronRight'])

export function Icon({ name, size }: { name: IconName; size?: number }) {
  return (
    <SvgIcon
      path={ICON_PATHS[name]}
      {...(size === undefined ? {} : { size })}
      {...(DIRECTIONAL.has(name) ? { mirror: true } : {})}
    />
  )
}
