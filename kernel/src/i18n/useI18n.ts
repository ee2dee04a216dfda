import { useSyncExternalStore } from 'react'
import { useKernel } from '../ui/context.tsx'
import type { I18n } from './i18n.ts'

/** The kernel's translator for a component; re-renders it when the locale or a catalogue changes. */
export function useI18n(): I18n {
  const { i18n } = useKernel().kernel
  useSyncExternalStore(i18n.subscribe, i18n.version, i18n.version)
  return i18n
}
