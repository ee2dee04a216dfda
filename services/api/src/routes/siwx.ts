import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'
import { ApiError } from '../http/errors.ts'
import { clientIpOf, projectIdOf } from '../http/guard.ts'
import { parse, v } from '../http/validate.ts'
import { createSiwxVerifier } from '../siwx/service.ts'

const VerifyBody = v.object(
  {
    // The byte limit itself is checked after (413); this only bounds what is looked at.
    message: v.pipe(v.string('message must be a string'), v.maxLength(65_536, 'message is too long')),
    signature: v.pipe(
      v.string('signature must be a string'),
      v.minLength(1, 'signature must not be empty'),
      v.maxLength(20_000, 'signature is too long'),
    ),
  },
  'body must be a JSON object with message and signature',
)
const SessionBody = v.object(
  { token: v.pipe(v.string('token must be a string'), v.maxLength(2048, 'token is too long')) },
  'body must be a JSON object with token',
)

/**
 * Sign-in verification a dapp backend can use (behaviour §4 SIWX):
 * GET /v1/siwx/nonce?projectId= → { nonce, expiresAt }: HMAC-signed, single-use, expiring, bound to the project;
 * POST /v1/siwx/verify?projectId= { message, signature } → the session (SiwxSession) or 400/401/403/413;
 * POST /v1/siwx/session?projectId= { token } → the account a live session token vouches for, else 401.
 */
export function siwxRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const verifier = createSiwxVerifier({
    siwx: ctx.config.siwx,
    chains: ctx.chains,
    supportedChains: ctx.config.extraSupportedChains,
    // Uses are recorded in the database: a nonce verifies once whichever node it reaches.
    usedNonces: ctx.repo,
  })

  // Issuing stores nothing (the nonce is signed), so it costs only the caller's rate limit.
  app.get('/v1/siwx/nonce', async (req) => verifier.issueNonce(projectIdOf(req) ?? ''))

  app.post('/v1/siwx/verify', async (req) => {
    const body = parse(VerifyBody, req.body ?? null, 'body')
    return verifier.verify(projectIdOf(req) ?? '', body.message, body.signature, clientIpOf(req))
  })

  app.post('/v1/siwx/session', async (req) => {
    const body = parse(SessionBody, req.body ?? null, 'body')
    const claims = verifier.readSession(projectIdOf(req) ?? '', body.token)
    if (!claims) throw new ApiError(401, 'Session expired or invalid')
    return {
      caipAddress: claims.a,
      issuedAt: new Date(claims.iat * 1000).toISOString(),
      expiresAt: new Date(claims.exp * 1000).toISOString(),
    }
  })
}
