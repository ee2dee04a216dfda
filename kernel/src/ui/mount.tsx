import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { KernelActions } from '../actions.ts'
import type { Kernel } from '../kernel.ts'
import { KernelContext } from './context.tsx'
import { Root } from './Root.tsx'
import { ensureStyles } from './styles.ts'

/** Renders the modal into `container` with its own React root; returns the unmount function. */
export function mountModal(
  kernel: Kernel,
  actions: KernelActions,
  container: HTMLElement,
  embedded: boolean,
) {
  ensureStyles(container.ownerDocument, kernel.store.get().options.nonce)
  const root = createRoot(container)
  root.render(
    <StrictMode>
      <KernelContext.Provider value={{ kernel, actions }}>
        <Root embedded={embedded} />
      </KernelContext.Provider>
    </StrictMode>,
  )
  return () => root.unmount()
}
