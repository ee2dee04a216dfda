/**
 * behaviour §7 analytics: tracked bus events go to POST /e on the directory's origin, once the analytics
 * config said yes (events before that wait, at most a few). A 403 shows 'Invalid App Configuration'
 * once (behaviour §8); other failures are logged only.
 */
import { MESSAGES, type PorticoEventName, type PorticoEvents } from '@portico/shared-types'
import type { ToastApi } from '@portico/shared-types/plugin'
import { HttpError } from '../api/http.ts'
import type { Kernel } from '../kernel.ts'
import type { AnalyticsEvent, DirectoryClient } from './directory.ts'

/** behaviour §7: swaps, connect, preferred account type, sign-in; §4: disconnect success or error. */
export const TRACKED_EVENTS = [
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'DISCONNECT_SUCCESS',
  'DISCONNECT_ERROR',
  'SWAP_SUCCESS',
  'SWAP_ERROR',
  'SWAP_APPROVAL_ERROR',
  'SET_PREFERRED_ACCOUNT_TYPE',
  'SIWX_AUTH_SUCCESS',
] as const satisfies readonly PorticoEventName[]
type TrackedEvent = (typeof TRACKED_EVENTS)[number]

const MAX_WAITING = 20

function eventId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = Array.from({ length: 16 }, () => Math.floor(Math.random() * 256))
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join('')
}

export interface DirectoryAnalytics {
  /** The analytics config call settled (state.wallets.isAnalyticsEnabled says the outcome). */
  configSettled(): void
  stop(): void
}

export function startDirectoryAnalytics(
  kernel: Kernel,
  client: DirectoryClient,
  toast: Pick<ToastApi, 'error'>,
): DirectoryAnalytics {
  const waiting: AnalyticsEvent[] = []
  let configKnown = false
  let warnedInvalidConfig = false

  const enabled = () => {
    const state = kernel.store.get()
    return state.options.features.analytics && state.wallets.isAnalyticsEnabled
  }
  const send = (event: AnalyticsEvent) => {
    if (!enabled()) return
    client.sendEvent(event).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 403) {
        if (!warnedInvalidConfig) toast.error(MESSAGES.invalidAppConfiguration)
        warnedInvalidConfig = true
        return
      }
      kernel.log.debug('Portico: analytics event not sent', error)
    })
  }

  const track = (name: TrackedEvent, properties: PorticoEvents[TrackedEvent]) => {
    if (!kernel.store.get().options.features.analytics) return
    const location = globalThis.location
    const event: AnalyticsEvent = {
      eventId: eventId(),
      url: location?.href ?? '',
      domain: location?.hostname ?? '',
      timestamp: Date.now(),
      props: { type: 'track', event: name, properties },
    }
    if (configKnown) send(event)
    else if (waiting.length < MAX_WAITING) waiting.push(event)
  }

  const handlers = TRACKED_EVENTS.map((name) => {
    const handler = (payload: PorticoEvents[TrackedEvent]) => track(name, payload)
    kernel.bus.on(name, handler)
    return () => kernel.bus.off(name, handler)
  })
  return {
    configSettled() {
      configKnown = true
      for (const event of waiting.splice(0)) send(event)
    },
    stop() {
      for (const off of handlers) off()
      waiting.length = 0
    },
  }
}
