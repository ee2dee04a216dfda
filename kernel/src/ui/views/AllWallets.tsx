import { lazy, Suspense } from 'react'
import { useI18n } from '../../i18n/useI18n.ts'
import type { ViewProps } from '../../router/registry.ts'
import { Spinner } from '../primitives/Spinner.tsx'

/** Loads the AllWallets chunk (the view and its virtual list); also used to fetch it ahead of a click. */
export const loadAllWalletsView = () => import(/* webpackChunkName: "all-wallets" */ './AllWalletsView.tsx')

const AllWalletsView = lazy(loadAllWalletsView)

/** The registered AllWallets view: a small shell that renders the lazily loaded list. */
export function AllWallets(props: ViewProps) {
  const i18n = useI18n()
  return (
    <Suspense fallback={<Spinner label={i18n.t('allWallets.loading')} />}>
      <AllWalletsView {...props} />
    </Suspense>
  )
}
