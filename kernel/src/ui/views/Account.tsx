import { lazy, Suspense } from 'react'
import { useI18n } from '../../i18n/useI18n.ts'
import { Spinner } from '../primitives/Spinner.tsx'

/**
 * Loads the Account view's chunk (the view, its tabs and menu): no disconnected open needs it, so it is
 * fetched when an account connects or is restored (createModal), ahead of the open that shows it.
 */
export const loadAccountView = () => import(/* webpackChunkName: "account-view" */ './AccountView.tsx')

const AccountView = lazy(() => loadAccountView().then((module) => ({ default: module.AccountView })))

/** The registered Account view: a small shell that renders the lazily loaded view. */
export function Account() {
  const i18n = useI18n()
  return (
    <Suspense fallback={<Spinner label={i18n.t('loading')} />}>
      <AccountView />
    </Suspense>
  )
}
