import type { KernelState } from '@portico/shared-types'
import { createContext, useContext } from 'react'
import type { KernelActions } from '../actions.ts'
import type { Kernel } from '../kernel.ts'
import { useSelector } from '../state/useSelector.ts'

export interface KernelUi {
  kernel: Kernel
  actions: KernelActions
}

export const KernelContext = createContext<KernelUi | null>(null)

export function useKernel(): KernelUi {
  const value = useContext(KernelContext)
  if (!value) throw new Error('Portico UI rendered outside its kernel')
  return value
}

export function useKernelState<T>(selector: (state: KernelState) => T): T {
  return useSelector(useKernel().kernel.store, selector)
}
