import type { KernelState } from '@portico/shared-types'
import { useContext } from 'react'
import { UsageError } from '../errors/usage.ts'
import { useSelector } from '../state/useSelector.ts'
import { KernelContext, type KernelUi } from './kernelContext.ts'

export function useKernel(): KernelUi {
  const value = useContext(KernelContext)
  if (!value) throw new UsageError('OUTSIDE_PROVIDER', 'Portico UI rendered outside its kernel')
  return value
}

export function useKernelState<T>(selector: (state: KernelState) => T): T {
  return useSelector(useKernel().kernel.store, selector)
}
