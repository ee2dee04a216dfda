/**
 * Unsafe requests waiting for the visitor's decision in ApproveTransaction (SPEC §4 RPC requests): the
 * AUTH provider asks, the view shows the oldest and decides. Plain logic, no React.
 */
export interface ApprovalRequest {
  id: number
  method: string
  params: unknown
}

export interface Approvals {
  /** Resolves true (approved) or false (rejected, or dropped by rejectAll). */
  ask(method: string, params: unknown): Promise<boolean>
  decide(id: number, approved: boolean): void
  /** The request the view shows: the oldest open one. */
  current(): ApprovalRequest | undefined
  rejectAll(): void
  subscribe(listener: () => void): () => void
}

/** Open approvals at once; the kernel's pipeline sends one at a time, so more is a runaway caller. */
export const MAX_OPEN_APPROVALS = 32

export function createApprovals(): Approvals {
  let nextId = 1
  const open: { request: ApprovalRequest; settle(approved: boolean): void }[] = []
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  return {
    ask(method, params) {
      if (open.length >= MAX_OPEN_APPROVALS) return Promise.resolve(false)
      return new Promise<boolean>((settle) => {
        open.push({ request: { id: nextId++, method, params }, settle })
        notify()
      })
    },
    decide(id, approved) {
      const index = open.findIndex((entry) => entry.request.id === id)
      if (index < 0) return
      const [entry] = open.splice(index, 1)
      entry?.settle(approved)
      notify()
    },
    current: () => open[0]?.request,
    rejectAll() {
      for (const entry of open.splice(0)) entry.settle(false)
      notify()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
