/**
 * Every frame a client sends goes through `onFrame`: parsed, then handled in order after the
 * connection's earlier frames, inside a guard that turns any exception into a JSON-RPC error reply
 * and a log line. Nothing a client sends can throw out of here.
 */
import type { RawData } from 'ws'
import type { RelayContext } from './context.ts'
import { onAck, send, sendError } from './delivery.ts'
import { type Connection, QUOTA_ERROR } from './hub.ts'
import { ErrorCode, formatResult, type IncomingMessage, parseIncoming, RpcError } from './jsonrpc.ts'
import { handle } from './methods.ts'
import { printable, rawToString } from './params.ts'
import { StorageError } from './storage/types.ts'

const describe = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? error.message) : String(error)

/** Logs an exception that escaped a handler and answers it (requests only) with -32603. */
function failed(
  ctx: RelayContext,
  conn: Connection,
  what: string,
  rawId: string | undefined,
  error: unknown,
) {
  ctx.stats.handlerFailures++
  ctx.log(`#${conn.serial} ${what} failed: ${describe(error)}`)
  if (rawId === undefined) return
  const message =
    error instanceof StorageError
      ? `Internal error: message not stored (${error.message})`
      : 'Internal error: the relay could not handle this request'
  sendError(ctx, conn, rawId, ErrorCode.internal, message)
}

export function onFrame(ctx: RelayContext, conn: Connection, data: RawData, isBinary: boolean): void {
  let incoming: IncomingMessage
  try {
    if (isBinary) {
      sendError(
        ctx,
        conn,
        'null',
        ErrorCode.invalidRequest,
        'Invalid request: binary frames are not supported',
      )
      return
    }
    incoming = parseIncoming(rawToString(data))
    if (incoming.kind === 'invalid') {
      sendError(ctx, conn, incoming.rawId, incoming.code, incoming.message)
      return
    }
    if (Date.now() >= conn.expiresAt) return // the expiry timer closes the socket
    if (conn.queued >= ctx.limits.maxQueuedFramesPerConnection) {
      ctx.stats.quotaRefusals++
      if (incoming.kind === 'request' && incoming.rawId !== undefined) {
        sendError(
          ctx,
          conn,
          incoming.rawId,
          QUOTA_ERROR,
          `Quota exceeded: at most ${ctx.limits.maxQueuedFramesPerConnection} requests in flight per connection`,
        )
      }
      return
    }
  } catch (error) {
    failed(ctx, conn, 'frame', 'null', error)
    return
  }
  const frame = incoming
  conn.queued++
  conn.queue = conn.queue
    .then(() => handleFrame(ctx, conn, frame))
    .catch((error: unknown) => failed(ctx, conn, 'frame', undefined, error))
    .finally(() => {
      conn.queued--
    })
}

async function handleFrame(ctx: RelayContext, conn: Connection, incoming: IncomingMessage): Promise<void> {
  if (incoming.kind === 'response') {
    try {
      await onAck(ctx, conn, incoming.id, incoming.ok)
    } catch (error) {
      failed(ctx, conn, 'ack', undefined, error)
    }
    return
  }
  if (incoming.kind !== 'request') return
  const { rawId, method, params } = incoming
  if (ctx.trace) ctx.trace(`#${conn.serial} -> ${printable(method)} ${preview(params)}`)
  let result: Awaited<ReturnType<typeof handle>>
  try {
    result = await handle(ctx, conn, method, params)
  } catch (error) {
    if (error instanceof RpcError) {
      if (error.code === QUOTA_ERROR) ctx.stats.quotaRefusals++
      if (rawId !== undefined) sendError(ctx, conn, rawId, error.code, error.message)
      return
    }
    failed(ctx, conn, printable(method), rawId, error)
    return
  }
  if (rawId !== undefined) send(ctx, conn, formatResult(rawId, result.value))
  try {
    result.after?.()
  } catch (error) {
    failed(ctx, conn, `${printable(method)} (after the answer)`, undefined, error)
  }
}

/** A short, never-throwing rendering of params for the traffic log. */
function preview(params: unknown): string {
  try {
    return printable(JSON.stringify(params) ?? '', 160)
  } catch {
    return '(unprintable)'
  }
}
