import { lazy, Suspense } from 'react'
import { useI18n } from '../../i18n/useI18n.ts'
import type { ViewProps } from '../../router/registry.ts'
import { Spinner } from '../primitives/Spinner.tsx'

/** The view's body and the connector it drives load when WalletConnect is chosen, not with the kernel. */
const Content = lazy(
  () => import(/* webpackChunkName: "walletconnect-connector" */ './ConnectingWalletConnectContent.tsx'),
)

/** The registered ConnectingWalletConnect view: a small shell around the lazily loaded body. */
export function ConnectingWalletConnectView(props: ViewProps) {
  const i18n = useI18n()
  return (
    <Suspense
      fallback={
        <div className="pt-qr" style={{ minHeight: 120 }}>
          <Spinner label={i18n.t('walletConnect.preparing')} />
        </div>
      }
    >
      <Content {...props} />
    </Suspense>
  )
}
