/** Validation of the relay's JSON-RPC params: each bad value becomes a -32602 naming the field. */
import type { RawData } from 'ws'
import { invalidParams, RpcError } from './jsonrpc.ts'

export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60
export const MAX_BATCH = 1000

export interface PublishParams {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
  prompt: boolean
}

export function object(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams(`${what}: params must be an object`)
  }
  return value as Record<string, unknown>
}

export function topicParam(p: Record<string, unknown>, key: string): string {
  const v = p[key]
  if (typeof v !== 'string' || v.length === 0) throw invalidParams(`"${key}" must be a non-empty string`)
  if (v.length > 512) throw invalidParams(`"${key}" is longer than 512 characters`)
  return v
}

export function topicList(p: Record<string, unknown>, key: string): string[] {
  const v = p[key]
  if (!Array.isArray(v)) throw invalidParams(`"${key}" must be an array of topics`)
  if (v.length > MAX_BATCH) throw invalidParams(`"${key}" has more than ${MAX_BATCH} topics`)
  return v.map((t, i) => {
    if (typeof t !== 'string' || t.length === 0 || t.length > 512) {
      throw invalidParams(`"${key}[${i}]" must be a non-empty string of at most 512 characters`)
    }
    return t
  })
}

export function messageParam(p: Record<string, unknown>, key: string): string {
  const v = p[key]
  if (typeof v !== 'string' || v.length === 0) throw invalidParams(`"${key}" must be a non-empty string`)
  return v
}

export function ttlParam(p: Record<string, unknown>, fallback?: number): number {
  const v = p.ttl
  if (v === undefined && fallback !== undefined) return fallback
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_TTL_SECONDS) {
    throw invalidParams(`"ttl" must be an integer number of seconds from 1 to ${MAX_TTL_SECONDS}`)
  }
  return v
}

export function tagParam(p: Record<string, unknown>, fallback: number): number {
  const v = p.tag
  if (v === undefined || v === null) return fallback
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
    throw invalidParams('"tag" must be a non-negative integer')
  }
  return v
}

export function promptParam(p: Record<string, unknown>, fallback: boolean): boolean {
  const v = p.prompt
  if (v === undefined || v === null) return fallback
  if (typeof v !== 'boolean') throw invalidParams('"prompt" must be a boolean')
  return v
}

export function publishParams(p: Record<string, unknown>, where: string): PublishParams {
  try {
    return {
      topic: topicParam(p, 'topic'),
      message: messageParam(p, 'message'),
      ttlSeconds: ttlParam(p),
      tag: tagParam(p, 0),
      prompt: promptParam(p, false),
    }
  } catch (error) {
    if (error instanceof RpcError && where !== 'params') throw invalidParams(`${where}: ${error.message}`)
    throw error
  }
}

export function checkUnsubscribe(p: Record<string, unknown>, where: string): string {
  const prefix = where ? `${where}: ` : ''
  const topic = p.topic
  if (typeof topic !== 'string' || topic.length === 0) {
    throw invalidParams(`${prefix}"topic" must be a non-empty string`)
  }
  if (p.id !== undefined && typeof p.id !== 'string') throw invalidParams(`${prefix}"id" must be a string`)
  return topic
}

export function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}

export function truncateReason(reason: string): string {
  // A close reason is limited to 123 bytes.
  let out = reason
  while (Buffer.byteLength(out) > 123) out = out.slice(0, -1)
  return out
}

/** A client-supplied string made safe for one log line: control characters escaped, at most `max` characters. */
export function printable(value: string, max = 120): string {
  const escaped = value.replace(
    /[\p{Cc}\u2028\u2029]/gu,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped
}
