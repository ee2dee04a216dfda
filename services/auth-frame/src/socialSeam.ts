/**
 * The seam social and farcaster login (src/social/) plug into: pass an implementation as
 * `social` of startAuthFrame. The module proves who the visitor is at a provider; the frame backend
 * then finds or creates the user (keys, device, session) and answers the app with the AuthFrameUser.
 * Without it, GET_SOCIAL_REDIRECT_URI, CONNECT_SOCIAL, GET_FARCASTER_URI and CONNECT_FARCASTER answer
 * 'Social login is not available'.
 */
import type { FastifyInstance } from 'fastify'

/** Who asks: the frame's project, the page that embeds it, the frame's device (hashed). */
export interface SocialContext {
  projectId: string
  parentOrigin: string
  deviceHash: string
  /** The frame's own origin (for redirect URIs on it). */
  frameOrigin: string
}

export interface SocialIdentity {
  /** google, github, apple, facebook, x, discord or farcaster. */
  provider: string
  /** The provider's stable subject id (never the email: emails can change hands). */
  subject: string
  email?: string
  /** behaviour §3 userName (the social username). */
  userName?: string
}

export interface SocialProvider {
  /**
   * The dev defaults this login still uses, one "what: how to fix it" sentence each (dev client
   * secrets, a provider on this machine…), for the production start-up check.
   */
  productionProblems?(): string[]
  /** GET_SOCIAL_REDIRECT_URI {provider, returnTo}: the authorization URL to open (returnTo checked). */
  redirectUri(provider: string, ctx: SocialContext, returnTo?: string): Promise<{ uri: string }>
  /** CONNECT_SOCIAL {uri}: checks the callback URI (state, code) and returns the verified identity. */
  connect(uri: string, ctx: SocialContext): Promise<SocialIdentity>
  /** GET_FARCASTER_URI. */
  farcasterUri?(ctx: SocialContext): Promise<{ url: string }>
  /** CONNECT_FARCASTER: waits for the signed-in message and returns its verified identity. */
  connectFarcaster?(ctx: SocialContext): Promise<SocialIdentity>
  /** Extra routes on the frame origin (e.g. the OAuth callback page). */
  registerRoutes?(app: FastifyInstance): void | Promise<void>
}
