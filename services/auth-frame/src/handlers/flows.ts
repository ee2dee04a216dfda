import { randomUUID } from 'node:crypto'
import type { RequestContext, Services } from '../context.ts'
import type { FlowRow } from '../db/store.ts'

/** A mailed-code flow of this device (login, email update, key export), before any code is sent. */
export function newFlow(
  svc: Services,
  ctx: RequestContext,
  fields: Pick<FlowRow, 'kind' | 'email' | 'step'> & Partial<Pick<FlowRow, 'new_email' | 'user_id'>>,
  ttlMs: number,
): FlowRow {
  return {
    id: randomUUID(),
    device_hash: ctx.deviceHash,
    project_id: ctx.projectId,
    new_email: null,
    user_id: null,
    link_mac: null,
    code_mac: null,
    attempts: 0,
    code_expires_at: null,
    expires_at: svc.now() + ttlMs,
    ...fields,
  }
}
