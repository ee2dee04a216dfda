import type { PreviewAssetChange } from '@portico/shared-types/api'
import { useId } from 'react'
import { useI18n } from '../../../i18n/useI18n.ts'
import { exactAmount } from './amounts.ts'
import { TokenLine } from './TokenLine.tsx'

/** One direction of the asset changes ("You send" / "You receive") as a named list. */
export function AssetChanges({
  changes,
  direction,
}: {
  changes: PreviewAssetChange[]
  direction: 'in' | 'out'
}) {
  const i18n = useI18n()
  const headingId = useId()
  const shown = changes.filter((change) => change.direction === direction)
  if (shown.length === 0) return null
  return (
    <section className="pt-stack pt-gap-s" aria-labelledby={headingId}>
      <h3 className="pt-section-label" id={headingId}>
        {i18n.t(direction === 'out' ? 'preview.youSend' : 'preview.youReceive')}
      </h3>
      <ul className="pt-list">
        {shown.map((change, index) => (
          // The API's order is the chain's; items have no identity of their own.
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered
          <li key={index} className="pt-stack pt-gap-xs">
            <span className="pt-text-title">{amountText(i18n, change)}</span>
            <TokenLine token={change.token} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function amountText(i18n: ReturnType<typeof useI18n>, change: PreviewAssetChange): string {
  const sign = change.direction === 'out' ? '−' : '+'
  if (change.amount === undefined) return `${sign}${i18n.t('preview.nft', { id: change.tokenId ?? '' })}`
  const { value, inUnits } = exactAmount(change.amount, change.token)
  const amount = inUnits
    ? i18n.t('preview.units', { amount: value })
    : `${value} ${change.token.symbol ?? ''}`
  return `${sign}${amount.trim()}${change.tokenId === undefined ? '' : ` ${i18n.t('preview.nft', { id: change.tokenId })}`}`
}
