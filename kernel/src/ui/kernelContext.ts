import { createContext } from 'react'
import type { KernelActions } from '../actions.ts'
import type { Kernel } from '../kernel.ts'

export interface KernelUi {
  kernel: Kernel
  actions: KernelActions
}

/**
 * The kernel the modal's views read. Null while the first paint of an open stands in for the kernel
 * body (react/firstPaint.tsx): the same provider then, so the body's render keeps the shell's DOM.
 */
export const KernelContext = createContext<KernelUi | null>(null)
