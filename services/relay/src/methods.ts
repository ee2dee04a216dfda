/**
 * The relay's JSON-RPC methods (irn_* and wc_*). Each validates its params, checks its quotas,
 * stores what it must (all or nothing) and only then changes subscriptions: a refused request
 * leaves the connection's state as it was.
 */
import type { RelayContext } from './context.ts'
import { pump } from './delivery.ts'
import { type Connection, quotaError } from './hub.ts'
import { ErrorCode, invalidParams, RpcError } from './jsonrpc.ts'
import {
  checkUnsubscribe,
  MAX_BATCH,
  messageParam,
  object,
  type PublishParams,
  promptParam,
  publishParams,
  tagParam,
  topicList,
  topicParam,
  ttlParam,
} from './params.ts'
import { type AddResult, QuotaExceededError } from './storage/types.ts'

/** Tags the relay gives to the messages of wc_proposeSession / wc_approveSession. */
export const TAGS = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 } as const

const DEFAULT_SESSION_TTL_SECONDS = 5 * 60
const FETCH_PAGE = 500

export type Handled = { value: unknown; after?: () => void }

export async function handle(
  ctx: RelayContext,
  conn: Connection,
  method: string,
  params: unknown,
): Promise<Handled> {
  switch (method) {
    case 'irn_subscribe': {
      const topic = topicParam(object(params, method), 'topic')
      return subscribe(ctx, conn, [topic], (ids) => ids[0])
    }
    case 'irn_batchSubscribe': {
      const topics = topicList(object(params, method), 'topics')
      return subscribe(ctx, conn, topics, (ids) => ids)
    }
    case 'irn_unsubscribe': {
      const topic = checkUnsubscribe(object(params, method), 'params')
      ctx.hub.unsubscribe(conn, topic)
      return { value: true }
    }
    case 'irn_batchUnsubscribe': {
      const subs = object(params, method).subscriptions
      if (!Array.isArray(subs)) throw invalidParams('irn_batchUnsubscribe: "subscriptions" must be an array')
      if (subs.length > MAX_BATCH) {
        throw invalidParams(`irn_batchUnsubscribe: at most ${MAX_BATCH} subscriptions per call`)
      }
      const topics = subs.map((s, i) =>
        checkUnsubscribe(object(s, `irn_batchUnsubscribe subscriptions[${i}]`), `subscriptions[${i}]`),
      )
      for (const t of topics) ctx.hub.unsubscribe(conn, t)
      return { value: true }
    }
    case 'irn_publish':
      return publish(ctx, conn, [publishParams(object(params, method), 'params')])
    case 'irn_batchPublish': {
      const messages = object(params, method).messages
      if (!Array.isArray(messages)) throw invalidParams('irn_batchPublish: "messages" must be an array')
      if (messages.length > MAX_BATCH) {
        throw invalidParams(`irn_batchPublish: at most ${MAX_BATCH} messages per call`)
      }
      const list = messages.map((m, i) =>
        publishParams(object(m, `irn_batchPublish messages[${i}]`), `messages[${i}]`),
      )
      return publish(ctx, conn, list)
    }
    case 'irn_fetchMessages':
      return { value: await fetchMessages(ctx, conn, [topicParam(object(params, method), 'topic')]) }
    case 'irn_batchFetchMessages':
      return { value: await fetchMessages(ctx, conn, topicList(object(params, method), 'topics')) }
    case 'wc_proposeSession': {
      const p = object(params, method)
      const pairingTopic = topicParam(p, 'pairingTopic')
      const proposal: PublishParams = {
        topic: pairingTopic,
        message: messageParam(p, 'sessionProposal'),
        ttlSeconds: ttlParam(p, DEFAULT_SESSION_TTL_SECONDS),
        tag: tagParam(p, TAGS.sessionPropose),
        prompt: promptParam(p, true),
      }
      // The proposer waits on the pairing topic for the wallet's answer.
      return publish(ctx, conn, [proposal], [pairingTopic])
    }
    case 'wc_approveSession': {
      const p = object(params, method)
      const sessionTopic = topicParam(p, 'sessionTopic')
      const pairingTopic = topicParam(p, 'pairingTopic')
      const response = messageParam(p, 'sessionProposalResponse')
      const settle = messageParam(p, 'sessionSettlementRequest')
      const ttlSeconds = ttlParam(p, DEFAULT_SESSION_TTL_SECONDS)
      // The approver (wallet) is subscribed to the new session topic.
      return publish(
        ctx,
        conn,
        [
          { topic: sessionTopic, message: settle, ttlSeconds, tag: TAGS.sessionSettle, prompt: false },
          {
            topic: pairingTopic,
            message: response,
            ttlSeconds,
            tag: TAGS.sessionProposeResponse,
            prompt: false,
          },
        ],
        [sessionTopic],
      )
    }
    default:
      throw new RpcError(ErrorCode.methodNotFound, `Method not found: ${method}`)
  }
}

function subscribe(
  ctx: RelayContext,
  conn: Connection,
  topics: string[],
  answer: (ids: string[]) => unknown,
): Handled {
  ctx.hub.checkSubscribe(conn, topics)
  const ids = topics.map((t) => ctx.hub.subscribe(conn, t))
  return {
    value: answer(ids),
    after: () => {
      // The topics' stored messages go out from the store, within the in-flight cap.
      for (const t of topics) conn.backlog.add(t)
      pump(ctx, conn)
    },
  }
}

/**
 * Stores `messages` (all or none), then subscribes the sender to `subscribeTo`; after the answer,
 * new messages go to the subscribers.
 */
async function publish(
  ctx: RelayContext,
  conn: Connection,
  messages: PublishParams[],
  subscribeTo: string[] = [],
): Promise<Handled> {
  ctx.hub.checkSubscribe(conn, subscribeTo)
  let results: AddResult[]
  try {
    results = await ctx.store.add(
      messages.map((m) => ({ ...m, publisher: conn.clientId, ip: conn.ip })),
      ctx.quota,
    )
  } catch (error) {
    if (error instanceof QuotaExceededError) throw quotaError(error.message.replace(/^Quota exceeded: /, ''))
    throw error
  }
  for (const t of subscribeTo) ctx.hub.subscribe(conn, t)
  return {
    value: true,
    after: () => {
      for (const r of results) {
        if (r.kind === 'duplicate') {
          ctx.stats.duplicatePublishes++
          continue
        }
        ctx.stats.published++
        ctx.fanOut.publish(r.stored)
      }
      if (subscribeTo.length > 0) {
        for (const t of subscribeTo) conn.backlog.add(t)
        pump(ctx, conn)
      }
    },
  }
}

async function fetchMessages(ctx: RelayContext, conn: Connection, topics: string[]) {
  const messages: Array<{
    topic: string
    message: string
    publishedAt: number
    tag: number
    attestation: string
  }> = []
  // A page holds at most FETCH_PAGE messages and, past the first, maxBufferedBytes of them.
  let bytes = 0
  let hasMore = false
  for (const topic of topics) {
    if (messages.length >= FETCH_PAGE) {
      hasMore = true
      break
    }
    const page = await ctx.store.pending(topic, conn.clientId, {
      limit: FETCH_PAGE - messages.length,
      // The first message of the whole page is always taken.
      maxBytes: messages.length === 0 ? ctx.limits.maxBufferedBytes : ctx.limits.maxBufferedBytes - bytes,
    })
    if (
      messages.length > 0 &&
      page.messages.length > 0 &&
      bytes + (page.messages[0]?.message.length ?? 0) > ctx.limits.maxBufferedBytes
    ) {
      hasMore = true
      break
    }
    for (const stored of page.messages) {
      bytes += stored.message.length
      // A fetched message counts as delivered to this client.
      if (await ctx.store.ack(stored.topic, stored.key, conn.clientId)) ctx.stats.acked++
      messages.push({
        topic: stored.topic,
        message: stored.message,
        publishedAt: stored.publishedAt,
        tag: stored.tag,
        attestation: '',
      })
    }
    if (page.more) {
      hasMore = true
      break
    }
  }
  return { messages, hasMore }
}
