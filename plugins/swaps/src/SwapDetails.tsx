import type { PluginContext } from '@portico/shared-types/plugin'
import { useId, useState } from 'react'

/** The quote's details (network cost, price impact, slippage, provider fee), collapsed until asked for. */
export function SwapDetails({
  ctx,
  label,
  rows,
}: {
  ctx: PluginContext
  label: string
  rows: readonly [term: string, value: string][]
}) {
  const { Icon } = ctx.ui
  const [open, setOpen] = useState(false)
  const regionId = useId()
  if (rows.length === 0) return null
  return (
    <div className="pt-swap-details">
      <button
        type="button"
        className="pt-swap-details-toggle"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {label}
        <Icon name="chevronRight" size={16} />
      </button>
      <dl id={regionId} aria-label={label} hidden={!open}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
