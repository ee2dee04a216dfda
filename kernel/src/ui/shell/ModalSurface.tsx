import {
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react'
import { themeToCssVariables } from '../../theme/cssVariables.ts'
import { SvgIcon } from '../primitives/SvgIcon.tsx'
import { SHELL_ICON_PATHS } from '../primitives/shellIcons.ts'
import type { SurfaceFrame, SurfaceModel } from './surface.ts'
import { controlByKey, controlKey, refocus } from './takeoverFocus.ts'
import { useAnimatedHeight } from './useAnimatedHeight.ts'
import { useFocusTrap } from './useFocusTrap.ts'

/**
 * After the model changed hands (first paint → kernel), the view's content is new: focus goes back to
 * the control of the same name, and a press the first paint recorded is made on it.
 */
function useHandover(dialog: RefObject<HTMLDivElement | null>, model: SurfaceModel) {
  const focused = useRef<string | undefined>(undefined)
  const previous = useRef(model)
  useLayoutEffect(() => {
    const before = previous.current
    previous.current = model
    const element = dialog.current
    if (before === model || !element) return
    refocus(element, focused.current)
    const pressed = before.pressed?.()
    // A task later: the new content's handlers are attached and its state settled.
    if (pressed) setTimeout(() => controlByKey(element, pressed)?.click(), 0)
  }, [dialog, model])
  return (target: EventTarget) => {
    if (target instanceof Element) focused.current = controlKey(target)
  }
}

function Dialog({ model, frame, embedded }: { model: SurfaceModel; frame: SurfaceFrame; embedded: boolean }) {
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const height = useAnimatedHeight(contentRef)
  useFocusTrap(dialogRef, !embedded && frame.open)
  const noteFocus = useHandover(dialogRef, model)
  const sheetDrag = useMemo(() => model.sheetHandle?.(() => dialogRef.current, model.close), [model])
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || embedded) return
    event.stopPropagation()
    model.close()
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
      onFocus={(event) => noteFocus(event.target)}
    >
      {/* The bottom sheet's grip (shown under 600 px wide, shellStyles.ts): a pointer shortcut for Close. */}
      {frame.closable && !embedded ? (
        <div className="pt-sheet-handle" aria-hidden="true" {...sheetDrag} />
      ) : null}
      <div className="pt-header">
        {frame.back ? (
          <button type="button" className="pt-icon-btn" aria-label={frame.backLabel} onClick={model.goBack}>
            <SvgIcon path={SHELL_ICON_PATHS.arrowLeft} mirror />
          </button>
        ) : (
          <span />
        )}
        <h2 id={titleId} key={frame.title}>
          {frame.title}
        </h2>
        {frame.closable && !embedded ? (
          <button type="button" className="pt-icon-btn" aria-label={frame.closeLabel} onClick={model.close}>
            <SvgIcon path={SHELL_ICON_PATHS.close} />
          </button>
        ) : (
          <span />
        )}
      </div>
      {model.alerts()}
      <div className="pt-body" style={height === undefined ? undefined : { height }}>
        <div ref={contentRef} className="pt-body-inner">
          {frame.viewKey ? (
            <div className="pt-view" data-direction={frame.direction} key={frame.viewKey}>
              {model.view()}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  )
}

/**
 * The modal's shell: the root holding the theme's custom properties and the language, the overlay and
 * dialog when open (or the dialog inline, when embedded), the header, the current view's frame, and the
 * toasts. What fills it comes from `model`.
 */
export function ModalSurface({ model, embedded }: { model: SurfaceModel; embedded: boolean }) {
  const frame = useSyncExternalStore(model.subscribe, model.frame, model.frame)
  const { theme, zIndex } = frame
  const style = useMemo(
    () =>
      ({
        ...themeToCssVariables(theme, zIndex, model.presetVariables?.(theme)),
        colorScheme: theme.themeMode,
      }) as CSSProperties,
    [theme, zIndex, model],
  )
  const dialog = <Dialog model={model} frame={frame} embedded={embedded} />
  const rendered = frame.open || frame.prepared === true
  return (
    <div
      data-portico=""
      data-theme={theme.themeMode}
      lang={frame.lang}
      dir={frame.dir}
      className={embedded ? 'pt-embedded' : undefined}
      style={style}
    >
      {!rendered ? null : embedded ? (
        dialog
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: clicking the backdrop is a mouse shortcut; Escape and the Close button are the accessible ways
        // biome-ignore lint/a11y/useKeyWithClickEvents: see above
        <div
          className="pt-overlay"
          // Prepared, not open: laid out, but out of sight, of the pointer and of the accessibility tree,
          // its animations held until the open shows it (shellStyles.ts).
          data-prepared={frame.open ? undefined : ''}
          onClick={(event) => {
            if (event.target === event.currentTarget) model.close()
          }}
        >
          {dialog}
        </div>
      )}
      {model.toasts()}
    </div>
  )
}
