import { useI18n } from '../i18n/useI18n.ts'
import { themeToCssVariables } from '../theme/cssVariables.ts'
import { useKernel, useKernelState } from './context.tsx'
import { Modal } from './shell/Modal.tsx'
import { Toasts } from './shell/Toasts.tsx'

/** The modal root: theme custom properties scoped here, then the modal and its toasts. */
export function Root({ embedded }: { embedded: boolean }) {
  const { kernel } = useKernel()
  const i18n = useI18n()
  const theme = useKernelState((state) => state.theme)
  const zIndex = kernel.store.get().options.zIndex
  const style = { ...themeToCssVariables(theme, zIndex), colorScheme: theme.themeMode } as React.CSSProperties
  return (
    <div
      data-portico=""
      data-theme={theme.themeMode}
      // The language the modal's strings are in, for screen readers and hyphenation (WCAG 3.1.2).
      lang={i18n.contentLanguage()}
      className={embedded ? 'pt-embedded' : undefined}
      style={style}
    >
      <Modal embedded={embedded} />
      <Toasts />
    </div>
  )
}
