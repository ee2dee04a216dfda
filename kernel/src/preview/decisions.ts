/**
 * The visitor's answer to a preview, between the view (Continue / Reject) and the request pipeline,
 * which holds the request until it comes. Per kernel, by an id only the pipeline makes: a decision for a
 * request that is gone (answered, the modal closed) reaches nothing and sends nothing.
 */
import type { Kernel } from '../kernel.ts'

export type PreviewDecision = 'continue' | 'reject'

const waiting = new WeakMap<Kernel, Map<string, (decision: PreviewDecision) => void>>()
let nextId = 0

/** A new id and the promise of the visitor's decision on it. */
export function awaitDecision(kernel: Kernel): { id: string; decision: Promise<PreviewDecision> } {
  nextId += 1
  const id = `preview-${nextId}`
  const pending = waiting.get(kernel) ?? new Map<string, (decision: PreviewDecision) => void>()
  waiting.set(kernel, pending)
  const decision = new Promise<PreviewDecision>((resolve) => pending.set(id, resolve))
  return { id, decision }
}

/** Answers the request `id` once; false when it waits no more. */
export function decide(kernel: Kernel, id: string, decision: PreviewDecision): boolean {
  const pending = waiting.get(kernel)
  const resolve = pending?.get(id)
  if (!resolve) return false
  pending?.delete(id)
  resolve(decision)
  return true
}

/** The request was answered another way (modal closed, view left): a later decision must reach nothing. */
export function forget(kernel: Kernel, id: string): void {
  waiting.get(kernel)?.delete(id)
}
