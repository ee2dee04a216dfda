import { useI18n } from '../../i18n/useI18n.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { Button } from '../primitives/Button.tsx'
import { EmptyState } from '../primitives/EmptyState.tsx'
import { ErrorBoundary } from './ErrorBoundary.tsx'

/** Renders the current view from the registry, inside an error boundary, keyed for its transition. */
export function ViewHost() {
  const { kernel, actions } = useKernel()
  const i18n = useI18n()
  const route = useKernelState((state) => state.router.history.at(-1))
  const direction = useKernelState((state) => state.router.direction)
  useKernelState((state) => state.plugins)
  const depth = useKernelState((state) => state.router.history.length)
  if (!route) return null
  const view = kernel.views.get(route.view)
  const key = `${depth}:${route.view}`
  if (!view) {
    return (
      <div className="pt-view">
        <EmptyState icon="warning" title={i18n.t('featureFailed')} />
      </div>
    )
  }
  const View = view.component
  return (
    <div className="pt-view" data-direction={direction} key={key}>
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
    </div>
  )
}
