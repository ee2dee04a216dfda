import type { PorticoEvents } from '@portico/shared-types'
import type { EventsApi } from '@portico/shared-types/plugin'
import mitt, { type Emitter } from 'mitt'

export type EventBus = Emitter<PorticoEvents>

export function createEventBus(): EventBus {
  return mitt<PorticoEvents>()
}

/** The subscribe-returns-disposer surface handed to plugins and hosts. */
export function eventsApi(bus: EventBus): EventsApi {
  return {
    on(type, handler) {
      bus.on(type, handler)
      return () => bus.off(type, handler)
    },
    emit: (type, payload) => bus.emit(type, payload),
  }
}
