import type { Logger } from '@portico/shared-types/plugin'
import type { Kernel } from '../kernel.ts'

/** behaviour §8 alerts: project id not configured, socials timeout, switch network not found, universal provider. */
export type AlertId =
  | 'projectIdNotConfigured'
  | 'socialsTimeout'
  | 'switchNetworkNotFound'
  | 'universalProvider'

export interface Alert {
  id: AlertId
  variant: 'warning' | 'error'
  title: string
  message: string
}

/** Developer-facing texts (English only: they tell the app's developer what to fix). */
export const ALERTS: Record<AlertId, Omit<Alert, 'id'>> = {
  projectIdNotConfigured: {
    variant: 'warning',
    title: 'Project ID Not Configured',
    message: 'Project ID not configured: pass `projectId` to createModal.',
  },
  socialsTimeout: {
    variant: 'warning',
    title: 'Invalid App Configuration',
    message: 'The embedded wallet did not answer in time: check that your domain is allowed.',
  },
  switchNetworkNotFound: {
    variant: 'warning',
    title: 'Network Not Found',
    message: 'Network not found: add it to the `networks` given to createModal.',
  },
  universalProvider: {
    variant: 'error',
    title: 'WalletConnect Unavailable',
    message: 'The WalletConnect provider could not be created: check `projectId` and `relayUrl`.',
  },
}

export interface AlertOptions {
  /** `debug` (behaviour §9, on by default): show the alert in the modal; off, it is only logged. */
  show: boolean
  log: Pick<Logger, 'warn'>
}

/**
 * behaviour §9 "defaults on: debug": alerts show unless the app sets `debug: false`. The logger keeps its
 * behaviour §9 default level (error) unless the app sets `debug: true` (see createLogger).
 */
export const alertOptionsOf = (kernel: Pick<Kernel, 'store' | 'log'>): AlertOptions => ({
  show: kernel.store.get().options.debug !== false,
  log: kernel.log,
})

// One page, one set: "shown once each" (behaviour §8) holds across every modal on the page.
const raised = new Set<AlertId>()
let current: Alert | undefined
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

/** Raises `id` once per page; returns whether it was raised now (false when it already was). */
export function raiseAlert(id: AlertId, { show, log }: AlertOptions): boolean {
  if (raised.has(id)) return false
  raised.add(id)
  const alert = { id, ...ALERTS[id] }
  log.warn(`Portico: ${alert.title}. ${alert.message}`)
  if (show) {
    current = alert
    notify()
  }
  return true
}

export const currentAlert = (): Alert | undefined => current

export function dismissAlert(): void {
  current = undefined
  notify()
}

export function subscribeAlerts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** behaviour §5: a missing (empty or blank) project id shows the project-id-not-configured alert. */
export function checkProjectId(projectId: unknown, options: AlertOptions): boolean {
  if (typeof projectId === 'string' && projectId.trim() !== '') return false
  return raiseAlert('projectIdNotConfigured', options)
}

/** Tests only: forgets what this page raised. */
export function resetAlertsForTests(): void {
  raised.clear()
  current = undefined
  notify()
}
