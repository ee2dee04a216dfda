/**
 * behaviour §4 Sign-in (SIWX): opens SIWXSignMessage for a connected account on a supported network without
 * a session; signs the EIP-4361 message through the gated provider, has the verifier check it, stores
 * the session. Plain functions over ctx; the view only renders this state and calls these actions.
 */
import type { AccountState } from '@portico/shared-types'
import type { PluginContext, PluginStore } from '@portico/shared-types/plugin'
import { formatSignInMessage, toBase58, toHex } from './message.ts'
import { type MessageKey, t } from './messages.ts'
import { clearSession, storedSessionFor, storeSession } from './session.ts'
import { fetchNonce, sessionStillValid, verifySignIn } from './verifier.ts'

export const SIGN_VIEW = 'SIWXSignMessage'
/** A prepared message is rebuilt (fresh nonce) after this long; the verifier's nonces live 5 minutes. */
export const MESSAGE_FRESH_MS = 4 * 60_000
const DEFAULT_EXPIRY_SECONDS = 86_400

export interface SignInState {
  phase: 'idle' | 'preparing' | 'ready' | 'signing'
  message?: string
  preparedAt?: number
  /** The CAIP-10 account the message names. */
  preparedFor?: string
  error?: string
}

export interface SignInFlow {
  store: PluginStore<SignInState>
  /** After connect (and on restore when sign-in is required): opens the sign view when needed. */
  start(): Promise<void>
  sign(): Promise<void>
  cancel(): Promise<void>
  /**
   * On load and account change: the stored session counts if it is live, for this account, and the
   * verifier honours it; otherwise a connected account is asked to sign in.
   */
  restore(): Promise<void>
  forget(): void
}

const flows = new WeakMap<PluginContext, SignInFlow>()

/** The one flow of a plugin context (the hook, setup and the view share it). */
export function flowOf(ctx: PluginContext): SignInFlow {
  let flow = flows.get(ctx)
  if (!flow) {
    flow = createFlow(ctx)
    flows.set(ctx, flow)
  }
  return flow
}

const connected = (ctx: PluginContext): AccountState | undefined => {
  const account = ctx.account.get()
  return account?.status === 'connected' && account.caipAddress && account.address ? account : undefined
}

/** behaviour §5 preconditions, in order; undefined when sign-in can run. */
export function precondition(ctx: PluginContext): MessageKey | undefined {
  if (ctx.config.features.siwx !== true) return 'notEnabled'
  const account = connected(ctx)
  if (!account) return 'noAddress'
  if (!ctx.chains.activeNetwork(account.namespace)) return 'noNetwork'
  if (!ctx.account.provider(account.namespace)) return 'noClient'
  return undefined
}

function onSupportedNetwork(ctx: PluginContext, account: AccountState): boolean {
  const network = ctx.chains.activeNetwork(account.namespace)
  if (!SIGN_IN_NAMESPACES.has(account.namespace) || !network) return false
  return ctx.chains
    .requestedNetworks(account.namespace)
    .some((n) => n.caipNetworkId === network.caipNetworkId)
}

/** EIP-4361 for eip155, its CAIP-122 form for solana. */
const SIGN_IN_NAMESPACES = new Set(['eip155', 'solana'])

/** The message's Chain ID: the eip155 chain number, or the CAIP-2 reference (solana genesis prefix). */
const chainIdOf = (caipNetworkId: string) => caipNetworkId.slice(caipNetworkId.indexOf(':') + 1)

/** personal_sign (0x hex of the text), or solana_signMessage (base58) answering `{ signature }`. */
async function walletSignature(ctx: PluginContext, account: AccountState, message: string): Promise<string> {
  const provider = ctx.account.provider(account.namespace)
  const signed =
    account.namespace === 'solana'
      ? (
          (await provider?.request({
            method: 'solana_signMessage',
            params: { message: toBase58(message), pubkey: account.address },
          })) as { signature?: unknown } | null
        )?.signature
      : await provider?.request({ method: 'personal_sign', params: [toHex(message), account.address] })
  if (typeof signed !== 'string' || signed.length === 0) throw new Error('The wallet returned no signature')
  return signed
}

const isSmartAccount = (account: AccountState) =>
  account.preferredAccountType === 'smartAccount' ||
  account.allAccounts.some(
    (a) => a.address.toLowerCase() === account.address?.toLowerCase() && a.type === 'smartAccount',
  )

function createFlow(ctx: PluginContext): SignInFlow {
  const store = ctx.createStore<SignInState>({ phase: 'idle' })
  // Replaces the whole state: what `next` leaves out is gone.
  const set = (next: SignInState) =>
    store.update((draft) => {
      for (const key of Object.keys(draft)) delete draft[key as keyof SignInState]
      Object.assign(draft, next)
    })
  const setHasSession = (value: boolean) => ctx.signIn?.setHasSession(value)

  async function buildMessage(account: AccountState): Promise<string> {
    const network = ctx.chains.activeNetwork(account.namespace)
    const nonce = await fetchNonce(ctx)
    const siwx = ctx.config.siwx ?? {}
    const now = Date.now()
    const issuedAt = new Date(now).toISOString()
    const lifetime = siwx.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS
    const message = formatSignInMessage({
      namespace: account.namespace === 'solana' ? 'solana' : 'eip155',
      domain: location.host,
      accountAddress: account.address ?? '',
      statement: siwx.statement ?? `Sign in to ${ctx.config.metadata?.name ?? location.host}`,
      uri: `${location.origin}${location.pathname}`,
      version: '1',
      chainId: chainIdOf(network?.caipNetworkId ?? ''),
      nonce,
      issuedAt,
      expirationTime: new Date(now + lifetime * 1000).toISOString(),
      notBefore: issuedAt,
      requestId: crypto.randomUUID(),
      ...(siwx.resources?.length ? { resources: siwx.resources } : {}),
    })
    set({ phase: 'ready', message, preparedAt: now, preparedFor: account.caipAddress ?? '' })
    return message
  }

  /** behaviour §4: initialisation failed: disconnect, reset to Connect, say so. */
  async function initFailed(error: unknown): Promise<void> {
    ctx.log.error('Sign-in initialisation failed', error)
    set({ phase: 'idle' })
    await ctx.account.disconnect?.().catch((e: unknown) => ctx.log.error(e))
    if (ctx.getState().modal.open) ctx.router.reset('Connect')
    else ctx.modal.open('Connect')
    ctx.toast.error(t(ctx, 'initFailed'))
  }

  const flow: SignInFlow = {
    store,
    async start() {
      const account = connected(ctx)
      if (precondition(ctx) || !account || !onSupportedNetwork(ctx, account)) return
      // Already asking (setup, the hook and an account change can all call this): show it again if the
      // connect flow closed the modal meanwhile.
      if (store.get().phase !== 'idle') {
        const state = ctx.getState()
        if (!state.modal.open || state.router.history.at(-1)?.view !== SIGN_VIEW) ctx.modal.open(SIGN_VIEW)
        return
      }
      if (storedSessionFor(ctx, account.caipAddress)) return setHasSession(true)
      setHasSession(false)
      set({ phase: 'preparing' })
      ctx.modal.open(SIGN_VIEW)
      await buildMessage(account).catch(initFailed)
    },

    async sign() {
      const missing = precondition(ctx)
      const account = connected(ctx)
      if (missing || !account) return set({ ...store.get(), error: t(ctx, missing ?? 'noAddress') })
      let { message, preparedAt = 0, preparedFor } = store.get()
      // Stale, or prepared for another account (switched meanwhile): a fresh message.
      if (!message || Date.now() - preparedAt > MESSAGE_FRESH_MS || preparedFor !== account.caipAddress) {
        set({ phase: 'preparing' })
        try {
          message = await buildMessage(account)
          preparedAt = store.get().preparedAt ?? Date.now()
          preparedFor = account.caipAddress
        } catch (error) {
          return initFailed(error)
        }
      }
      set({ phase: 'signing', message, preparedAt, preparedFor })
      const declined = (error: unknown, keepMessage: boolean) => {
        ctx.log.warn('Sign-in failed', error)
        set({
          phase: 'ready',
          ...(keepMessage ? { message, preparedAt, preparedFor } : {}),
          error: t(ctx, isSmartAccount(account) ? 'smartAccountNotSupported' : 'signatureDeclined'),
        })
      }
      let signature: string
      try {
        signature = await walletSignature(ctx, account, message)
      } catch (error) {
        return declined(error, true)
      }
      try {
        const verified = await verifySignIn(ctx, message, signature)
        storeSession(ctx, verified)
      } catch (error) {
        // The verifier used the nonce up: a retry signs a fresh message.
        return declined(error, false)
      }
      set({ phase: 'idle' })
      setHasSession(true)
      ctx.events.emit('SIWX_AUTH_SUCCESS', {
        network: ctx.chains.activeNetwork(account.namespace)?.caipNetworkId ?? '',
        isSmartAccount: isSmartAccount(account),
      })
      ctx.modal.close()
    },

    async cancel() {
      set({ phase: 'idle' })
      if (ctx.signIn?.get().required) {
        await ctx.account.disconnect?.().catch((e: unknown) => ctx.log.error(e))
        ctx.router.reset('Connect')
      } else ctx.modal.close()
    },

    async restore() {
      const account = connected(ctx)
      const stored = storedSessionFor(ctx, account?.caipAddress)
      // Connected before this plugin loaded (or another account): behaviour §4, no session → the sign view.
      if (!stored) {
        if (account) setHasSession(false)
        return flow.start()
      }
      if (account) setHasSession(true)
      if ((await sessionStillValid(ctx, stored.token)) === false) {
        flow.forget()
        await flow.start()
      }
    },

    forget() {
      clearSession(ctx)
      setHasSession(false)
      set({ phase: 'idle' })
    },
  }
  return flow
}
