import { useId, useState } from 'react'
import { useI18n } from '../../../i18n/useI18n.ts'
import type { PreviewOutcome } from '../../../preview/load.ts'
import type { RequestSnapshot } from '../../../preview/snapshot.ts'
import type { ViewProps } from '../../../router/registry.ts'
import { useKernel } from '../../context.tsx'
import { Button } from '../../primitives/Button.tsx'
import { Spinner } from '../../primitives/Spinner.tsx'
import { Approvals } from './Approvals.tsx'
import { AssetChanges } from './AssetChanges.tsx'
import { usePreviewOutcome } from './usePreviewOutcome.ts'

const isSnapshot = (value: unknown): value is RequestSnapshot =>
  typeof (value as RequestSnapshot | undefined)?.method === 'string' &&
  typeof (value as RequestSnapshot | undefined)?.json === 'string'

/**
 * What an unsafe request would do, before it goes to the wallet (docs/behaviour.md, Transaction preview):
 * the API's simulation when its digest is this request's, else "unavailable"; Continue sends the
 * previewed request (disabled when it would revert), Reject answers the caller 4001.
 */
export function TransactionPreviewView({ params }: ViewProps) {
  const snapshot = isSnapshot(params.snapshot) ? params.snapshot : undefined
  const previewId = typeof params.previewId === 'string' ? params.previewId : ''
  if (!snapshot) return null
  return <PreviewBody snapshot={snapshot} previewId={previewId} />
}

function PreviewBody({ snapshot, previewId }: { snapshot: RequestSnapshot; previewId: string }) {
  const { actions } = useKernel()
  const i18n = useI18n()
  const outcome = usePreviewOutcome(snapshot)
  const [sent, setSent] = useState(false)
  const reverted = outcome?.kind === 'transaction' && outcome.preview.status === 'reverted'
  if (sent) return <Spinner label={i18n.t('preview.confirmInWallet')} />
  return (
    <div className="pt-stack pt-gap-m">
      {outcome ? <Outcome outcome={outcome} /> : <Spinner label={i18n.t('preview.loading')} />}
      <div className="pt-stack pt-row pt-gap-s">
        <Button fullWidth onClick={() => actions.decidePreview(previewId, 'reject')}>
          {i18n.t('preview.reject')}
        </Button>
        <Button
          variant="primary"
          fullWidth
          disabled={!outcome || reverted}
          onClick={() => {
            if (actions.decidePreview(previewId, 'continue')) setSent(true)
          }}
        >
          {i18n.t('preview.continue')}
        </Button>
      </div>
    </div>
  )
}

function Outcome({ outcome }: { outcome: PreviewOutcome }) {
  const i18n = useI18n()
  const headingId = useId()
  if (outcome.kind === 'unavailable')
    return (
      <section className="pt-stack pt-gap-xs" role="status" aria-labelledby={headingId}>
        <h3 className="pt-text-body" id={headingId}>
          {i18n.t('preview.unavailableTitle')}
        </h3>
        <p className="pt-text-small pt-tone-secondary">{i18n.t('preview.unavailableDescription')}</p>
      </section>
    )
  if (outcome.kind === 'signature') {
    const { preview } = outcome
    return (
      <div className="pt-stack pt-gap-m">
        <p className="pt-text-body">{i18n.t('preview.signature', { type: preview.primaryType })}</p>
        {preview.recognised ? null : (
          <p className="pt-text-small pt-tone-secondary">{i18n.t('preview.unrecognisedSignature')}</p>
        )}
        {preview.otherChain ? (
          <p className="pt-text-small pt-tone-error" role="alert">
            {i18n.t('preview.otherChain')}
          </p>
        ) : null}
        <Approvals approvals={preview.approvals} />
      </div>
    )
  }
  const { preview } = outcome
  if (preview.status === 'reverted')
    return (
      <section className="pt-stack pt-gap-xs" role="alert" aria-labelledby={headingId}>
        <h3 className="pt-text-body pt-tone-error" id={headingId}>
          {i18n.t('preview.reverted')}
        </h3>
        <p className="pt-text-small">
          {preview.revert?.reason
            ? i18n.t('preview.revertReason', { reason: preview.revert.reason })
            : i18n.t('preview.revertNoReason')}
        </p>
      </section>
    )
  const nothing = preview.changes.length === 0 && preview.approvals.length === 0
  return (
    <div className="pt-stack pt-gap-m">
      <AssetChanges changes={preview.changes} direction="out" />
      <AssetChanges changes={preview.changes} direction="in" />
      <Approvals approvals={preview.approvals} />
      {nothing ? <p className="pt-text-small pt-tone-secondary">{i18n.t('preview.noChanges')}</p> : null}
    </div>
  )
}
