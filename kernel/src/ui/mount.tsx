import { StrictMode, startTransition } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { KernelActions } from '../actions.ts'
import type { Kernel } from '../kernel.ts'
import { KernelContext } from './kernelContext.ts'
import { kernelSurface } from './kernelSurface.tsx'
import { ModalSurface } from './shell/ModalSurface.tsx'
import { ensureStyles } from './styles.ts'

/**
 * Renders the modal into `container` with its own React root, or into `root` when given (the one the
 * first paint of an open rendered into: the shell's DOM is kept); returns the unmount function.
 * `takeOver`: that first paint shows the dialog; the kernel's render of it is a transition, sliced so
 * the page stays responsive while it renders (the first paint stays until it commits).
 */
export function mountModal(
  kernel: Kernel,
  actions: KernelActions,
  container: HTMLElement,
  embedded: boolean,
  root: Root = createRoot(container),
  takeOver = false,
) {
  ensureStyles(container.ownerDocument, kernel.store.get().options.nonce)
  const tree = (
    <StrictMode>
      <KernelContext.Provider value={{ kernel, actions }}>
        <ModalSurface model={kernelSurface(kernel, actions)} embedded={embedded} />
      </KernelContext.Provider>
    </StrictMode>
  )
  if (takeOver) startTransition(() => root.render(tree))
  else root.render(tree)
  return () => root.unmount()
}
