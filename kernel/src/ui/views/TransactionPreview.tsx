import { lazy, Suspense } from 'react'
import { useI18n } from '../../i18n/useI18n.ts'
import type { ViewProps } from '../../router/registry.ts'
import { Spinner } from '../primitives/Spinner.tsx'

/**
 * The transaction preview's chunk (the view, the digest, viem's encoders, the API call): fetched only when
 * an unsafe request to an external wallet arrives, so neither the first load nor a disconnected open
 * carries it.
 */
export const loadTransactionPreviewView = () =>
  import(/* webpackChunkName: "transaction-preview" */ './transactionPreview/TransactionPreviewView.tsx')

const TransactionPreviewView = lazy(() =>
  loadTransactionPreviewView().then((module) => ({ default: module.TransactionPreviewView })),
)

/** The registered TransactionPreview view: a small shell that renders the lazily loaded view. */
export function TransactionPreview(props: ViewProps) {
  const i18n = useI18n()
  return (
    <Suspense fallback={<Spinner label={i18n.t('preview.loading')} />}>
      <TransactionPreviewView {...props} />
    </Suspense>
  )
}
