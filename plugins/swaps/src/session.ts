/** One swap session per modal (ctx): the store, the flow's controller and the executor. */
import type { PluginContext } from '@portico/shared-types/plugin'
import { type ControllerOptions, createSwapController } from './controller.ts'
import { createExecutor, type ExecuteOptions } from './execute.ts'
import { initialSwapState, type SwapPluginState } from './state.ts'

export type SwapSession = ReturnType<typeof createSession>

function createSession(ctx: PluginContext, options: ControllerOptions & ExecuteOptions = {}) {
  const store = ctx.createStore<SwapPluginState>(initialSwapState())
  const controller = createSwapController(ctx, store, options)
  const executor = createExecutor(ctx, store, controller, options)
  return { store, controller, executor }
}

const sessions = new WeakMap<PluginContext, SwapSession>()

export function swapSession(ctx: PluginContext, options?: ControllerOptions & ExecuteOptions): SwapSession {
  let session = sessions.get(ctx)
  if (!session) {
    session = createSession(ctx, options)
    sessions.set(ctx, session)
  }
  return session
}
