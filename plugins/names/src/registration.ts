/** behaviour §4 name registration: loading, success view first, wallet signature, API call, profile name. */
import { MESSAGES } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'
import { coinTypeOf, messageOf, registrationMessage, utf8Hex } from './names.ts'
import { storeOf, translate } from './state.ts'

export const SUCCESS_VIEW = 'RegisterAccountNameSuccess'
export const SEARCH_VIEW = 'RegisterAccountName'

function requirements(ctx: PluginContext) {
  const api = ctx.services.api
  const account = ctx.account.get('eip155')
  const provider = ctx.account.provider('eip155')
  if (!api || account?.status !== 'connected' || !account.address || !provider)
    throw new Error(MESSAGES.addressOrAuthConnectorNotFound)
  const network = ctx.chains.activeNetwork('eip155')
  if (!network || typeof network.id !== 'number') throw new Error(MESSAGES.networkNotFound)
  return { api, address: account.address, provider, chainId: network.id }
}

/**
 * Registers `name` (a full name such as alice.reown.id) for the connected eip155 account. On failure
 * the view returns to RegisterAccountName with 'Error registering name {name}' and the API's reason.
 */
export async function registerName(ctx: PluginContext, name: string, now = Date.now): Promise<boolean> {
  const store = storeOf(ctx)
  store.update((state) => {
    state.loading = true
    state.name = name
    delete state.error
    delete state.registered
  })
  ctx.router.push(SUCCESS_VIEW, { name })
  // behaviour §4: cancelling (leaving the success view or closing the modal while busy) clears loading.
  const cancel = () => cancelRegistration(ctx)
  const stopWatching = ctx.subscribe(() => {
    if (store.get().loading && ctx.getState().router.history.at(-1)?.view !== SUCCESS_VIEW) cancel()
  })
  const stopListening = ctx.events.on('MODAL_CLOSE', cancel)
  try {
    const { api, address, provider, chainId } = requirements(ctx)
    const domain = globalThis.location?.host
    if (!domain) throw new Error('Names are registered from a web page: this page has no host')
    const message = registrationMessage({ name, chainId, domain, nowMs: now() })
    const signature = await provider.request({ method: 'personal_sign', params: [utf8Hex(message), address] })
    if (typeof signature !== 'string') throw new Error('The wallet returned no signature')
    await api.profileRegister({ coinType: coinTypeOf(chainId), address, message, signature })
    store.update((state) => {
      state.registered = name
    })
    // The registration dropped the cached identity: this reads the new name into the account.
    await ctx.account
      .refreshBalance()
      .catch((error: unknown) => ctx.log.warn('profile refresh failed', error))
    return true
  } catch (error) {
    const title = translate(ctx, 'errorTitle', { name })
    const reason = messageOf(error)
    store.update((state) => {
      state.error = reason && reason !== title ? { title, reason } : { title }
    })
    if (ctx.getState().router.history.at(-1)?.view === SUCCESS_VIEW) ctx.router.replace(SEARCH_VIEW)
    ctx.toast.error(title)
    return false
  } finally {
    stopWatching()
    stopListening()
    store.update((state) => {
      state.loading = false
    })
  }
}

/** Clears loading; the signature or call under way still ends (its result is kept, not shown). */
export function cancelRegistration(ctx: PluginContext): void {
  storeOf(ctx).update((state) => {
    state.loading = false
  })
}
