import { type KeyboardEvent, useId, useRef } from 'react'
import { AlertBar } from '../../alerts/AlertBar.tsx'
import { useI18n } from '../../i18n/useI18n.ts'
import { viewTitle } from '../../i18n/viewTitles.ts'
import { canClose, canGoBack } from '../../router/router.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { Icon } from '../primitives/Icon.tsx'
import { useAnimatedHeight } from './useAnimatedHeight.ts'
import { useFocusTrap } from './useFocusTrap.ts'
import { ViewHost } from './ViewHost.tsx'

function Dialog({ embedded }: { embedded: boolean }) {
  const i18n = useI18n()
  const { kernel, actions } = useKernel()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const height = useAnimatedHeight(contentRef)
  const route = useKernelState((state) => state.router.history.at(-1))
  const historyLength = useKernelState((state) => state.router.history.length)
  const closable = useKernelState((state) => canClose(state, kernel.views))
  const backAllowed = useKernelState((state) => canGoBack(state)) && historyLength > 1
  useFocusTrap(dialogRef, !embedded)
  const definition = route ? kernel.views.get(route.view) : undefined
  const title = route && definition ? viewTitle(i18n, route.view, definition) : ''
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || embedded) return
    event.stopPropagation()
    actions.close()
  }
  return (
    <div
      ref={dialogRef}
      className="pt-dialog"
      role="dialog"
      aria-modal={embedded ? undefined : true}
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="pt-header">
        {backAllowed ? (
          <button type="button" className="pt-icon-btn" aria-label={i18n.t('back')} onClick={actions.goBack}>
            <Icon name="arrowLeft" />
          </button>
        ) : (
          <span />
        )}
        <h2 id={titleId} key={title}>
          {title}
        </h2>
        {closable && !embedded ? (
          <button type="button" className="pt-icon-btn" aria-label={i18n.t('close')} onClick={actions.close}>
            <Icon name="close" />
          </button>
        ) : (
          <span />
        )}
      </div>
      <AlertBar />
      <div className="pt-body" style={height === undefined ? undefined : { height }}>
        <div ref={contentRef} className="pt-body-inner">
          <ViewHost />
        </div>
      </div>
    </div>
  )
}

/** The modal shell: overlay + dialog when open (or always, inline, when embedded). */
export function Modal({ embedded }: { embedded: boolean }) {
  const { actions } = useKernel()
  const open = useKernelState((state) => state.modal.open)
  if (!open) return null
  if (embedded) return <Dialog embedded />
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicking the backdrop is a mouse shortcut; Escape and the Close button are the accessible ways
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      className="pt-overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget) actions.close()
      }}
    >
      <Dialog embedded={false} />
    </div>
  )
}
