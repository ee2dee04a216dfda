import { useI18n } from '../../i18n/useI18n.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { Button } from '../primitives/Button.tsx'
import { EmptyState } from '../primitives/EmptyState.tsx'
import { ErrorBoundary } from './ErrorBoundary.tsx'

/** The current view from the registry, inside an error boundary (the shell frames and keys it). */
export function ViewHost() {
  const { kernel, actions } = useKernel()
  const i18n = useI18n()
  const route = useKernelState((state) => state.router.history.at(-1))
  // A plugin's view registers when the plugin is ready.
  useKernelState((state) => state.plugins)
  if (!route) return null
  const view = kernel.views.get(route.view)
  if (!view) return <EmptyState icon="warning" title={i18n.t('featureFailed')} />
  const View = view.component
  return (
    <ErrorBoundary
      owner={view.owner}
      fallback={
        <div className="pt-stack pt-gap-m">
          <EmptyState icon="warning" title={i18n.t('featureFailed')} />
          <Button onClick={actions.goBack}>{i18n.t('back')}</Button>
        </div>
      }
    >
      <View params={route.params ?? {}} />
    </ErrorBoundary>
  )
}
