/**
 * Unsafe requests the embedded wallet holds while the frame shows them (behaviour §4 RPC requests). The user
 * decides in the frame (its own origin); this list only lets the ApproveTransaction view know what is
 * open, and lets the app withdraw requests (closing the modal, Back), which the frame answers with 4001.
 * Plain logic, no React.
 */
export interface ApprovalRequest {
  id: number
  method: string
  params: unknown
}

export interface Approvals {
  /** Records an open request; `cancel` withdraws it from the frame. Undefined when too many are open. */
  hold(method: string, params: unknown, cancel: () => void): number | undefined
  /** The request settled (answered by the frame, or withdrawn). */
  release(id: number): void
  /** The oldest open request: the one the frame shows. */
  current(): ApprovalRequest | undefined
  /** Withdraws every open request. */
  rejectAll(): void
  subscribe(listener: () => void): () => void
}

/** Open requests at once; the kernel's pipeline sends one at a time, so more is a runaway caller. */
export const MAX_OPEN_APPROVALS = 32

export function createApprovals(): Approvals {
  let nextId = 1
  const open: { request: ApprovalRequest; cancel(): void }[] = []
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  return {
    hold(method, params, cancel) {
      if (open.length >= MAX_OPEN_APPROVALS) return undefined
      const request = { id: nextId++, method, params }
      open.push({ request, cancel })
      notify()
      return request.id
    },
    release(id) {
      const index = open.findIndex((entry) => entry.request.id === id)
      if (index < 0) return
      open.splice(index, 1)
      notify()
    },
    current: () => open[0]?.request,
    rejectAll() {
      for (const entry of open.splice(0)) entry.cancel()
      notify()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
