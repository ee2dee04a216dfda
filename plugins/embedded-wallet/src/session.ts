/**
 * One embedded-wallet session per plugin context: the frame and the AUTH provider are created on first
 * use only (a dynamic import: nothing of the frame loads until email or social login is used), the
 * approvals queue and the preferred account type live here so views and the provider share them.
 */
import { type AccountType, type AuthFrameUser, MESSAGES } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'
import { type Approvals, createApprovals } from './approvals.ts'
import type { AuthProvider } from './authProvider.ts'
import type { FrameClient } from './frameClient.ts'
import { forgetUser, KEYS, rememberUser, storedPreferredType, storePreferredType } from './storedKeys.ts'

/** The frame protocol version sent on load (behaviour §7 "version 4"). */
export const FRAME_VERSION = '4'

export interface EmbeddedSession {
  ctx: PluginContext
  approvals: Approvals
  /** Views showing the frame's approvals, of every plugin sharing the frame. */
  approveViews: Set<string>
  /** The frame client, created on first call; rejects with 'Unable to load email login dependency'. */
  frame(): Promise<FrameClient>
  provider(): Promise<AuthProvider>
  preferredAccountType(): AccountType
  setPreferredAccountType(type: AccountType): void
}

const sessions = new WeakMap<PluginContext, EmbeddedSession>()

/**
 * One frame per page for one auth frame and project, whichever plugin asks first (email and socials are
 * separate remotes, each with its own copy of this module, so the page's global object is where they
 * meet). The frame's one screen means one queue of held requests too.
 */
interface SharedFrame {
  frame?: Promise<FrameClient>
  approvals: Approvals
  /** The ApproveTransaction views of the plugins sharing the frame (leaving all of them withdraws). */
  approveViews: Set<string>
}
const SHARED = Symbol.for('@portico/embedded-wallet/frames')

function sharedFrame(key: string): SharedFrame {
  const holder = globalThis as unknown as { [SHARED]?: Map<string, SharedFrame> }
  holder[SHARED] ??= new Map()
  const frames = holder[SHARED]
  let entry = frames.get(key)
  if (!entry) {
    entry = { approvals: createApprovals(), approveViews: new Set() }
    frames.set(key, entry)
  }
  return entry
}

/** Test only: forget the page's shared frames (each test makes its own). */
export function forgetSharedFrames(): void {
  ;(globalThis as unknown as { [SHARED]?: Map<string, SharedFrame> })[SHARED]?.clear()
}

const loadRuntime = () =>
  Promise.all([
    import(/* webpackChunkName: "auth-frame" */ './frameClient.ts'),
    import(/* webpackChunkName: "auth-frame" */ './authProvider.ts'),
  ])

function activeChainId(ctx: PluginContext): number {
  const network = ctx.chains.activeNetwork('eip155') ?? ctx.chains.requestedNetworks('eip155')[0]
  const id = Number(network?.id)
  return Number.isSafeInteger(id) && id > 0 ? id : 1
}

/** behaviour §6: eip155 defaults to smartAccount unless the app configured another default. */
export const defaultAccountType = (ctx: PluginContext): AccountType =>
  ctx.config.defaultAccountTypes?.eip155 ?? 'smartAccount'

export function sessionOf(ctx: PluginContext): EmbeddedSession {
  const existing = sessions.get(ctx)
  if (existing) return existing
  const shared = sharedFrame(`${ctx.config.authFrameUrl ?? ''}|${ctx.config.projectId}`)
  const { approvals, approveViews } = shared
  let providerPromise: Promise<AuthProvider> | undefined
  let preferred: AccountType = storedPreferredType(ctx) ?? defaultAccountType(ctx)

  async function createFrame(): Promise<FrameClient> {
    const url = ctx.config.authFrameUrl
    if (!url) {
      ctx.log.error('Portico: email and social login need `authFrameUrl` (the auth frame page).')
      throw new Error(MESSAGES.emailDependencyFailed)
    }
    const [{ createFrameClient }] = await loadRuntime().catch((error: unknown) => {
      ctx.log.error(MESSAGES.emailDependencyFailed, error)
      throw new Error(MESSAGES.emailDependencyFailed)
    })
    const client = createFrameClient({
      url,
      projectId: ctx.config.projectId,
      chainId: activeChainId(ctx),
      version: FRAME_VERSION,
      enableLogger: ctx.config.debug !== false,
      onTimeout: () => ctx.alert?.('socialsTimeout'),
    })
    // A credential an earlier version kept in the page's storage: gone (the frame's cookie replaces it).
    ctx.storage.remove(KEYS.legacySessionToken)
    const dapp = ctx.config.metadata
    // behaviour §8: 'Unable to sync theme to auth connector' is logged only.
    void client
      .request('SYNC_THEME', {
        themeMode: ctx.getState().theme.themeMode,
        themeVariables: ctx.getState().theme.themeVariables,
      })
      .catch(() => ctx.log.warn('Unable to sync theme to auth connector'))
    if (dapp)
      void client
        .request('SYNC_DAPP_DATA', {
          metadata: dapp,
          sdkVersion: FRAME_VERSION,
          sdkType: 'portico',
          projectId: ctx.config.projectId,
        })
        .catch(() => undefined)
    return client
  }

  const session: EmbeddedSession = {
    ctx,
    approvals,
    approveViews,
    frame() {
      shared.frame ??= createFrame().catch((error: unknown) => {
        shared.frame = undefined // retry on next use
        throw error
      })
      return shared.frame
    },
    provider() {
      providerPromise ??= (async () => {
        const [frame, [, { createAuthProvider }]] = await Promise.all([session.frame(), loadRuntime()])
        return createAuthProvider({
          frame,
          approvals,
          chainId: activeChainId(ctx),
          preferredAccountType: () => preferred,
          onUser: (user: AuthFrameUser) => rememberUser(ctx, user),
          onSignOut: () => forgetUser(ctx),
        })
      })().catch((error: unknown) => {
        providerPromise = undefined
        throw error
      })
      return providerPromise
    },
    preferredAccountType: () => preferred,
    setPreferredAccountType(type) {
      preferred = type
      storePreferredType(ctx, type)
    },
  }
  sessions.set(ctx, session)
  return session
}

/**
 * Intent to log in (a pointer on a social button, focus in the email field): the frame loads ahead of the
 * click, so the first request does not wait for it. A failure here is silent; the real use reports it.
 */
export function warmUpFrame(ctx: PluginContext): void {
  if (!ctx.config.authFrameUrl) return
  void sessionOf(ctx)
    .frame()
    .then((frame) => frame.ready())
    .catch(() => undefined)
}

/**
 * A way to sign in through the frame is on screen: the frame loads once the browser is idle, so the
 * press that opens a provider's popup does not wait for it. Returns the cancel function.
 */
export function warmUpFrameWhenIdle(ctx: PluginContext): () => void {
  if (!ctx.config.authFrameUrl) return () => {}
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => warmUpFrame(ctx), { timeout: 2_000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(() => warmUpFrame(ctx), 1)
  return () => clearTimeout(id)
}
