import type { ListItemProps } from '@portico/shared-types/plugin'
import { ICON_PATHS } from './icons.ts'
import { ListRow } from './ListRow.tsx'

export function ListItem({ icon, ...row }: ListItemProps) {
  return <ListRow {...row} {...(icon ? { iconPath: ICON_PATHS[icon] } : {})} />
}
