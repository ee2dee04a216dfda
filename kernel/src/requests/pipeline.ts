/**
 * Every EIP-1193 request of the host handle, getProvider() and plugins passes here (docs/architecture.md, Data flow):
 * behaviour §5 allow-list per connector, behaviour §6 unsafe requests queued behind their taker's view,
 * behaviour §4 rules (not allowed: open, 'Action not allowed' after 300 ms, reject open requests; closing
 * the modal rejects open unsafe requests; a success refreshes the native balance), and the transaction
 * preview of unsafe eip155 requests to external wallets (preview/, docs/behaviour.md).
 */
import {
  type ChainNamespace,
  type Connector,
  type Eip1193Provider,
  MAX_PENDING_TRANSACTIONS,
  MESSAGES,
} from '@portico/shared-types'
import { refreshNativeBalance } from '../account/balance.ts'
import type { KernelActions } from '../actions.ts'
import { pluginConnectorOf } from '../connectors/plugin/registry.ts'
import { toProviderRpcError } from '../errors/rpc.ts'
import type { Kernel } from '../kernel.ts'
import { awaitDecision, forget, type PreviewDecision } from '../preview/decisions.ts'
import { PREVIEW_VIEW, previewApplies } from '../preview/eligibility.ts'
import { forwardable, type RequestSnapshot, snapshotRequest } from '../preview/snapshot.ts'
import {
  closedError,
  leftViewError,
  notAllowedError,
  notConnectedError,
  ProviderRpcError,
  rejectedError,
  tooManyRequestsError,
} from './errors.ts'
import { isMethodAllowed, isUnsafeMethod } from './policy.ts'

/** behaviour §9: method-not-allowed message delay. */
export const NOT_ALLOWED_MESSAGE_DELAY_MS = 300
const MAX_METHOD_LENGTH = 100
/**
 * behaviour §9: at most 99 pending transactions (open unsafe requests) at once; more are refused rather
 * than growing without bound.
 */
const MAX_QUEUED = MAX_PENDING_TRANSACTIONS

export interface RequestArgs {
  method: string
  params?: unknown
}

export interface RequestPipeline {
  /** Sends `args` to the connected wallet of `namespace` (default: the active one) under the policy. */
  request(args: RequestArgs, namespace?: ChainNamespace): Promise<unknown>
  /** A provider for plugins: requests through the pipeline, events from the wallet. */
  gated(namespace?: ChainNamespace): Eip1193Provider | undefined
  dispose(): void
}

type PipelineActions = Pick<KernelActions, 'open' | 'close' | 'push' | 'replace' | 'goBack' | 'toast'>

interface Open {
  args: RequestArgs
  provider: Eip1193Provider
  namespace: ChainNamespace
  view: string
  /** A previewed request: what was snapshotted on arrival is what the wallet gets, after Continue. */
  preview?: { snapshot: RequestSnapshot; id?: string; decision?: Promise<PreviewDecision> }
  /**
   * Continue was pressed and the request is with the wallet: only the wallet's answer settles it now. A
   * caller told 4001 while the wallet still signs and broadcasts would send it again: paid twice.
   */
  forwarded?: boolean
  resolve(value: unknown): void
  reject(error: unknown): void
}

function checkArgs(args: unknown): RequestArgs {
  const method = (args as { method?: unknown } | null)?.method
  if (typeof method !== 'string' || method.length === 0 || method.length > MAX_METHOD_LENGTH)
    throw new ProviderRpcError(-32600, 'Invalid request: method must be a non-empty string')
  const params = (args as { params?: unknown }).params
  return params === undefined ? { method } : { method, params }
}

/** The view that takes unsafe requests of this connector: its own, else a plugin's for its type. */
function takerView(kernel: Kernel, connector: Connector): string | undefined {
  const own = pluginConnectorOf(kernel, connector.id)?.contribution.unsafeRequestView
  const view =
    own ??
    kernel.plugins
      .contributions('unsafeRequests')
      .find((taker) => Array.isArray(taker.connectorTypes) && taker.connectorTypes.includes(connector.type))
      ?.view
  return view && kernel.views.has(view) ? view : undefined
}

const pipelines = new WeakMap<Kernel, RequestPipeline>()

/** The gated provider of `namespace` for plugins (ctx.account.provider). */
export const gatedProvider = (kernel: Kernel, namespace?: ChainNamespace) =>
  pipelines.get(kernel)?.gated(namespace)

export function createRequestPipeline(kernel: Kernel, actions: PipelineActions): RequestPipeline {
  const queue: Open[] = []
  let active: Open | undefined
  /** Refusals waiting for their 300 ms message: settled at once on dispose. */
  const refusals = new Map<ReturnType<typeof setTimeout>, (error: Error) => void>()

  /** A request answered without the visitor's decision: a Continue pressed later must send nothing. */
  const answered = (request: Open) => {
    if (request.preview?.id) forget(kernel, request.preview.id)
  }
  const rejectOpen = (error: Error) => {
    // A request already with the wallet is not answered here; the queue behind it moves on.
    const open = [...(active && !active.forwarded ? [active] : []), ...queue.splice(0)]
    active = undefined
    for (const request of open) {
      answered(request)
      request.reject(error)
    }
  }
  const onClose = () => rejectOpen(closedError())
  kernel.bus.on('MODAL_CLOSE', onClose)

  function refuse(): Promise<never> {
    rejectOpen(notAllowedError())
    if (!kernel.store.get().modal.open) actions.open()
    return new Promise((_, reject) => {
      const timer = setTimeout(() => {
        refusals.delete(timer)
        actions.toast.error(MESSAGES.actionNotAllowed)
        reject(notAllowedError())
      }, NOT_ALLOWED_MESSAGE_DELAY_MS)
      refusals.set(timer, reject)
    })
  }

  const topView = () => kernel.store.get().router.history.at(-1)?.view

  /** Set while the taker view is being shown: the routes in between are not a visitor leaving it. */
  let showing = false
  function showTaker(request: Open) {
    // A preview shows the snapshot (frozen) and answers through its id (preview/decisions.ts).
    const params = request.preview
      ? { previewId: request.preview.id, snapshot: request.preview.snapshot }
      : { method: request.args.method, params: request.args.params }
    const state = kernel.store.get()
    showing = true
    try {
      if (!state.modal.open) {
        actions.open(request.view)
        actions.replace(request.view, params)
      } else if (topView() === request.view) actions.replace(request.view, params)
      else actions.push(request.view, params)
    } finally {
      showing = false
    }
  }

  /**
   * Leaving the taker view (Back, or another view in its place) answers the request like Reject, whatever
   * the plugin's view does; views pushed over it keep it open.
   */
  const onRoute = () => {
    const request = active
    const state = kernel.store.get()
    // A closed modal is MODAL_CLOSE's to answer (it rejects the queue too).
    if (!request || showing || !state.modal.open) return
    if (state.router.history.some((entry) => entry.view === request.view)) return
    active = undefined
    if (!request.forwarded) {
      answered(request)
      request.reject(leftViewError())
    }
    next()
  }
  const unsubscribe = kernel.store.subscribe(onRoute)

  function next() {
    if (active) return
    const request = queue.shift()
    if (!request) return
    active = request
    if (request.preview) Object.assign(request.preview, awaitDecision(kernel))
    showTaker(request)
    const settle = (ok: boolean, value: unknown) => {
      const current = active === request
      // Answered meanwhile (modal closed, view left), unless it had reached the wallet.
      if (!current && !request.forwarded) return
      if (current) active = undefined
      if (ok) request.resolve(value)
      else request.reject(value)
      if (ok) void refreshNativeBalance(kernel, request.namespace, { force: true })
      if (!current) return
      if (queue.length > 0) next()
      else if (kernel.store.get().modal.open && topView() === request.view) actions.goBack()
    }
    // A wallet that throws synchronously must not leave the queue stuck.
    Promise.resolve()
      .then(() => send(request))
      .then(
        (value) => settle(true, value),
        (error: unknown) => settle(false, toProviderRpcError(error)),
      )
  }

  /** A previewed request waits for Continue; Reject answers 4001 and nothing reaches the wallet. */
  async function send(request: Open): Promise<unknown> {
    const { preview } = request
    if (!preview) return request.provider.request(request.args)
    if ((await preview.decision) !== 'continue') throw rejectedError()
    request.forwarded = true
    return request.provider.request(forwardable(preview.snapshot))
  }

  function connection(namespace?: ChainNamespace) {
    const state = kernel.store.get()
    const ns = namespace ?? state.networks.activeNamespace
    const account = ns ? state.accounts[ns] : undefined
    if (!ns || account?.status !== 'connected' || !account.connectorId) return undefined
    const provider = kernel.providers.get(account.connectorId)
    const connector = state.connectors.find((candidate) => candidate.id === account.connectorId)
    return provider && connector ? { namespace: ns, provider, connector } : undefined
  }

  async function request(raw: RequestArgs, namespace?: ChainNamespace): Promise<unknown> {
    const args = checkArgs(raw)
    const live = connection(namespace)
    const declared = live
      ? (pluginConnectorOf(kernel, live.connector.id)?.contribution.extraMethods ?? [])
      : []
    if (!isMethodAllowed(args.method, live?.connector, declared)) return refuse()
    if (!live) throw notConnectedError()
    const unsafe = isUnsafeMethod(args.method)
    const taker = unsafe ? takerView(kernel, live.connector) : undefined
    const previewed =
      unsafe &&
      !taker &&
      kernel.views.has(PREVIEW_VIEW) &&
      previewApplies(kernel.store.get().options, args.method, live.namespace, live.connector)
    const view = taker ?? (previewed ? PREVIEW_VIEW : undefined)
    if (!view) {
      try {
        return await live.provider.request(args)
      } catch (error) {
        // A wallet's rejection reaches the app as the EIP-1193 error of its code (errors/rpc.ts).
        throw toProviderRpcError(error)
      }
    }
    if (queue.length + (active ? 1 : 0) >= MAX_QUEUED) throw tooManyRequestsError()
    // Taken now, before the preview is asked for: the caller's later writes to its params change nothing.
    const preview = previewed ? { snapshot: snapshotRequest(args) } : undefined
    return new Promise((resolve, reject) => {
      queue.push({
        args,
        provider: live.provider,
        namespace: live.namespace,
        view,
        ...(preview ? { preview } : {}),
        resolve,
        reject,
      })
      next()
    })
  }

  const pipeline: RequestPipeline = {
    request,
    gated(namespace) {
      const live = connection(namespace)
      if (!live) return undefined
      const { provider } = live
      return {
        request: (args) => request(args, live.namespace),
        ...(provider.on ? { on: (event, listener) => provider.on?.(event, listener) } : {}),
        ...(provider.removeListener
          ? { removeListener: (event, listener) => provider.removeListener?.(event, listener) }
          : {}),
      }
    },
    dispose() {
      kernel.bus.off('MODAL_CLOSE', onClose)
      unsubscribe()
      for (const [timer, reject] of refusals) {
        clearTimeout(timer)
        reject(notAllowedError())
      }
      refusals.clear()
      rejectOpen(closedError())
      pipelines.delete(kernel)
    },
  }
  pipelines.set(kernel, pipeline)
  return pipeline
}
