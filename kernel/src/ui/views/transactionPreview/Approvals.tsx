import type { PreviewApproval } from '@portico/shared-types/api'
import { useId } from 'react'
import { useI18n } from '../../../i18n/useI18n.ts'
import { exactAmount } from './amounts.ts'
import { TokenLine } from './TokenLine.tsx'

/**
 * What the request lets someone else do with the visitor's tokens: spender and amount, an unlimited one
 * said in words ("Unlimited"), not only in colour, and permits' deadlines.
 */
export function Approvals({ approvals }: { approvals: PreviewApproval[] }) {
  const i18n = useI18n()
  const headingId = useId()
  if (approvals.length === 0) return null
  return (
    <section className="pt-stack pt-gap-s" aria-labelledby={headingId}>
      <h3 className="pt-section-label" id={headingId}>
        {i18n.t('preview.approvals')}
      </h3>
      <ul className="pt-list">
        {approvals.map((approval, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered
          <li key={index} className="pt-stack pt-gap-xs">
            <span
              className={
                approval.unlimited && !approval.revoked ? 'pt-text-title pt-tone-error' : 'pt-text-title'
              }
            >
              {allowanceText(i18n, approval)}
            </span>
            {approval.unlimited && !approval.revoked ? (
              <span className="pt-text-small">{i18n.t('preview.unlimitedWarning')}</span>
            ) : null}
            <TokenLine token={approval.token} />
            <span className="pt-text-small pt-text-mono">
              {i18n.t('preview.spender', { address: approval.spender })}
            </span>
            {approval.deadline ? (
              <span className="pt-text-small pt-tone-secondary">
                {i18n.t('preview.deadline', { date: dateOf(approval.deadline) })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

function allowanceText(i18n: ReturnType<typeof useI18n>, approval: PreviewApproval): string {
  if (approval.revoked) return i18n.t('preview.revoked')
  if (approval.unlimited) return i18n.t('preview.unlimited')
  if (approval.tokenId !== undefined) return i18n.t('preview.nft', { id: approval.tokenId })
  if (approval.amount === undefined) return i18n.t('preview.unlimited')
  const { value, inUnits } = exactAmount(approval.amount, approval.token)
  return inUnits
    ? i18n.t('preview.units', { amount: value })
    : `${value} ${approval.token.symbol ?? ''}`.trim()
}

/** Unix seconds as an ISO date and time (UTC): unambiguous in every language. */
const dateOf = (seconds: string) => {
  const ms = Number(seconds) * 1000
  return Number.isFinite(ms) && ms < 8.64e15
    ? `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : seconds
}
