import { WebSocketServer } from 'ws'
import { type AccountConfig, accountJson } from './accountJson.ts'
import type { Block, SolanaChain } from './chain.ts'
import { handleJsonRpc, invalidParams, type RpcHandler } from './jsonRpc.ts'
import { configParam, pubkeyParam, signatureParam } from './params.ts'
import { withContext } from './queryMethods.ts'

type Subscription =
  | { kind: 'signature'; signature: string }
  | { kind: 'account'; address: string; config: AccountConfig; last: string }
  | { kind: 'slot' }

/**
 * The PubSub side (what web3.js's confirmTransaction and onAccountChange use): signatureSubscribe,
 * accountSubscribe, slotSubscribe and their unsubscribes, over WebSocket. Everything is final on
 * landing, so notifications go out once per block whatever commitment was asked.
 */
export function createSubscriptionServer(chain: SolanaChain): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true })
  let nextId = 0
  wss.on('connection', (socket) => {
    const subscriptions = new Map<number, Subscription>()
    const notify = (method: string, subscription: number, result: unknown) => {
      if (socket.readyState !== socket.OPEN) return
      socket.send(JSON.stringify({ jsonrpc: '2.0', method, params: { result, subscription } }))
    }
    const signatureDone = (id: number, signature: string): boolean => {
      const status = chain.signatureStatus(signature)
      if (!status) return false
      subscriptions.delete(id) // signature subscriptions end with their notification, as on validators
      notify('signatureNotification', id, withContext(chain, { err: status.err }))
      return true
    }
    const onBlock = (block: Block) => {
      for (const [id, sub] of subscriptions) {
        if (sub.kind === 'slot')
          notify('slotNotification', id, { parent: block.parent, root: block.slot, slot: block.slot })
        else if (sub.kind === 'signature') signatureDone(id, sub.signature)
        else {
          const value = accountJson(chain.getAccount(sub.address), sub.config)
          const json = JSON.stringify(value)
          if (json === sub.last) continue
          sub.last = json
          notify('accountNotification', id, withContext(chain, value))
        }
      }
    }
    const stopListening = chain.onBlock(onBlock)
    const subscribe = (sub: Subscription, after?: (id: number) => void) => {
      const id = nextId++
      subscriptions.set(id, sub)
      if (after) setImmediate(() => subscriptions.has(id) && after(id))
      return id
    }
    const unsubscribe =
      (kind: Subscription['kind']): RpcHandler =>
      ([id]) => {
        if (typeof id !== 'number' || subscriptions.get(id)?.kind !== kind) {
          throw invalidParams('Invalid subscription id.')
        }
        return subscriptions.delete(id)
      }
    const methods: Record<string, RpcHandler> = {
      signatureSubscribe: ([signature, c]) => {
        const sig = signatureParam(signature)
        configParam(c)
        // Already landed: say so right after the subscription id (web3.js also checks on its own).
        return subscribe({ kind: 'signature', signature: sig }, (id) => signatureDone(id, sig))
      },
      accountSubscribe: ([owner, c]) => {
        const address = pubkeyParam(owner)
        const config = configParam<AccountConfig>(c)
        const accountConfig = { ...config, encoding: config.encoding ?? 'base58' }
        const last = JSON.stringify(accountJson(chain.getAccount(address), accountConfig))
        return subscribe({ kind: 'account', address, config: accountConfig, last })
      },
      slotSubscribe: () => subscribe({ kind: 'slot' }),
      signatureUnsubscribe: unsubscribe('signature'),
      accountUnsubscribe: unsubscribe('account'),
      slotUnsubscribe: unsubscribe('slot'),
    }
    socket.on('message', (data) => {
      const reply = handleJsonRpc(data.toString(), methods)
      if (reply !== undefined && socket.readyState === socket.OPEN) socket.send(reply)
    })
    socket.on('close', () => {
      stopListening()
      subscriptions.clear()
    })
    socket.on('error', () => socket.terminate())
  })
  return wss
}
