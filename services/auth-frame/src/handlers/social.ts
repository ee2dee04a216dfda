import { defaultNetwork, parseNetwork } from '../chains.ts'
import type { RequestContext, Services } from '../context.ts'
import { ERRORS, FrameError } from '../errors.ts'
import type { SocialContext, SocialIdentity } from '../socialSeam.ts'
import { createUser, describeUser, issueSession } from '../users.ts'
import type { HandlerMap, HandlerResult } from './types.ts'

/** behaviour §5: the social providers a redirect may be asked for. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

const socialContext = (svc: Services, ctx: RequestContext): SocialContext => ({
  projectId: ctx.projectId,
  parentOrigin: ctx.parentOrigin,
  deviceHash: ctx.deviceHash,
  frameOrigin: svc.frameOrigin,
})

function provider(svc: Services) {
  const social = svc.config.social
  if (!social) throw new FrameError(ERRORS.socialUnavailable)
  return social
}

/** Finds or creates the user of a verified identity, trusts this device, opens a session. */
export async function signInWithIdentity(
  svc: Services,
  ctx: RequestContext,
  identity: SocialIdentity,
): Promise<HandlerResult> {
  let user = await svc.store.userBySocial(identity.provider, identity.subject)
  if (!user)
    user = await createUser(svc, {
      socialProvider: identity.provider,
      socialSubject: identity.subject,
      ...(identity.userName !== undefined && { userName: identity.userName }),
    })
  else if (identity.userName && identity.userName !== user.user_name) {
    await svc.store.updateUser(user.id, { user_name: identity.userName })
    user = { ...user, user_name: identity.userName }
  }
  await svc.store.addDevice(user.id, ctx.deviceHash, svc.now())
  let network = defaultNetwork(svc.config)
  try {
    if (ctx.chainId !== undefined) network = parseNetwork(svc.config, ctx.chainId)
  } catch {}
  const session = await issueSession(svc, user.id, ctx, network)
  const described = await describeUser(svc, user, network)
  return {
    result: { ...described, ...(identity.email && !described.email ? { email: identity.email } : {}) },
    session,
  }
}

const MAX_RETURN_ADDRESS = 2_048

/**
 * A social login's way back without a popup (a Telegram mini app): the page's own address, on the
 * origin this frame serves, http(s), without credentials, bounded. Anything else is refused: the
 * callback page navigates there with the login's result.
 */
export function appReturnAddress(value: unknown, parentOrigin: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length > MAX_RETURN_ADDRESS) throw new FrameError(RETURN_REFUSED)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new FrameError(RETURN_REFUSED)
  }
  if (url.origin !== parentOrigin || url.username || url.password || !/^https?:$/.test(url.protocol))
    throw new FrameError(RETURN_REFUSED)
  return url.href
}

const RETURN_REFUSED = 'Invalid social login return address'

/** Social and farcaster requests, answered by the SocialProvider (socialSeam.ts). */
export const socialHandlers: HandlerMap = {
  async GET_SOCIAL_REDIRECT_URI(svc, ctx, payload) {
    const name = payload.provider
    if (typeof name !== 'string' || !(SOCIAL_PROVIDERS as readonly string[]).includes(name))
      throw new FrameError('Unknown social provider')
    const returnTo = appReturnAddress(payload.returnTo, ctx.parentOrigin)
    return { result: await provider(svc).redirectUri(name, socialContext(svc, ctx), returnTo) }
  },
  async CONNECT_SOCIAL(svc, ctx, payload) {
    if (typeof payload.uri !== 'string' || payload.uri.length > 4096)
      throw new FrameError('Invalid social login result')
    return signInWithIdentity(svc, ctx, await provider(svc).connect(payload.uri, socialContext(svc, ctx)))
  },
  async GET_FARCASTER_URI(svc, ctx) {
    const social = provider(svc)
    if (!social.farcasterUri) throw new FrameError(ERRORS.socialUnavailable)
    return { result: await social.farcasterUri(socialContext(svc, ctx)) }
  },
  async CONNECT_FARCASTER(svc, ctx) {
    const social = provider(svc)
    if (!social.connectFarcaster) throw new FrameError(ERRORS.socialUnavailable)
    return signInWithIdentity(svc, ctx, await social.connectFarcaster(socialContext(svc, ctx)))
  },
}
