import { useKernel, useKernelState } from '../context.tsx'
import { ListItem } from '../primitives/ListItem.tsx'
import { useContributions } from '../useContributions.ts'

/** Plugin contract `accountMenu`: one row per contribution in the Account view, pushing its view. */
export function AccountMenu() {
  const { actions } = useKernel()
  const state = useKernelState((s) => s)
  const items = useContributions('accountMenu').filter((item) => item.isAvailable?.(state) ?? true)
  if (items.length === 0) return null
  return (
    <div className="pt-stack pt-gap-xs">
      {items.map((item) => (
        <ListItem
          key={`${item.pluginId}:${item.id}`}
          label={item.label}
          {...(item.icon ? { icon: item.icon } : {})}
          onClick={() => actions.push(item.view)}
        />
      ))}
    </div>
  )
}
