import type { IconName } from '@portico/shared-types/plugin'
import { ICON_PATHS } from './icons.ts'
import { SvgIcon } from './SvgIcon.tsx'

export function Icon({ name, size }: { name: IconName; size?: number }) {
  return <SvgIcon path={ICON_PATHS[name]} {...(size === undefined ? {} : { size })} />
}
