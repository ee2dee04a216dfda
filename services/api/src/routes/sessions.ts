import type {
  CreateSessionResponse,
  RevokeSessionResponse,
  SessionsResponse,
  SmartSession,
} from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import { getAddress, type Hex } from 'viem'
import type { ApiContext } from '../context.ts'
import type { SessionRecord } from '../db/repository.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { projectIdOf } from '../http/guard.ts'
import { parse, parseAccount, v } from '../http/validate.ts'
import { sessionCreationMessage, sessionIdOf, signedBy } from '../sessions/authorisation.ts'

const Signature = v.pipe(
  v.string('signature must be a 0x hex string'),
  v.regex(/^0x([0-9a-fA-F]{2}){1,5000}$/, 'signature must be a 0x hex string'),
)
const unixSeconds = (what: string) =>
  v.pipe(
    v.number(`${what} must be unix seconds`),
    v.integer(`${what} must be unix seconds`),
    v.minValue(0, `${what} must be unix seconds`),
  )
const Permission = v.object(
  {
    permissionType: v.pipe(
      v.string('permission.permissionType must be a string'),
      v.regex(
        /^[a-zA-Z0-9][a-zA-Z0-9._:-]{0,99}$/,
        'permission.permissionType must be 1–100 letters, digits, ".", "_", ":" or "-"',
      ),
    ),
    data: v.pipe(
      v.string('permission.data must be a string'),
      v.regex(/^0x([0-9a-fA-F]{2}){0,10000}$/, 'permission.data must be 0x hex of at most 10,000 bytes'),
    ),
    required: v.boolean('permission.required must be true or false'),
    onChainValidated: v.boolean('permission.onChainValidated must be true or false'),
  },
  'permission must be an object with permissionType, data, required and onChainValidated',
)
const CreateBody = v.object(
  {
    permission: Permission,
    expiry: unixSeconds('expiry'),
    issuedAt: unixSeconds('issuedAt'),
    signature: Signature,
  },
  'body must be a JSON object with permission, expiry, issuedAt and signature',
)
/** How far issuedAt may be from the service's clock. */
const CLOCK_SKEW_SECONDS = 600
const RevokeBody = v.object(
  {
    pci: v.pipe(v.string('pci must be a string'), v.minLength(1, 'pci must not be empty'), v.maxLength(200)),
    signature: Signature,
  },
  'body must be a JSON object with pci and signature',
)

/**
 * Smart-account sessions (permission contexts) of an account:
 * GET /v1/sessions/{address};
 * POST /v1/sessions/{address}?projectId= {permission, expiry, issuedAt, signature} creates one, where
 * signature is the account's personal_sign of sessionCreationMessage(…) — expiry in the future (at
 * most sessions.maxLifetimeSeconds ahead), issuedAt within 10 minutes of now, at most
 * sessions.maxPerAddress live sessions; the same signed request twice yields the same pci;
 * POST /v1/sessions/{address}/revoke?projectId= {pci, signature}, where signature is the account's
 * personal_sign of the pci. Signatures are checked with viem (ERC-1271 for contract accounts on a
 * served chain).
 */
export function sessionsRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Params: { address: string } }>(
    '/v1/sessions/:address',
    async (req): Promise<SessionsResponse> => {
      const { address } = parseAccount(req.params.address)
      return { pcis: (await ctx.repo.listSessions(address)).map(toSession) }
    },
  )

  app.post<{ Params: { address: string } }>(
    '/v1/sessions/:address',
    async (req, reply): Promise<CreateSessionResponse> => {
      const { address, chainId } = parseAccount(req.params.address)
      const body = parse(CreateBody, req.body ?? null, 'body')
      const projectId = projectIdOf(req) ?? ''
      const now = Math.floor(Date.now() / 1000)
      const { maxLifetimeSeconds, maxPerAddress } = ctx.config.sessions
      if (body.expiry <= now) throw badRequest('expiry must be in the future (unix seconds)')
      if (body.expiry > now + maxLifetimeSeconds)
        throw badRequest(`expiry must be at most ${maxLifetimeSeconds} seconds from now`)
      if (Math.abs(body.issuedAt - now) > CLOCK_SKEW_SECONDS)
        throw badRequest(`issuedAt must be within ${CLOCK_SKEW_SECONDS} seconds of now: sign a fresh message`)
      const message = sessionCreationMessage({
        address,
        projectId,
        permission: body.permission,
        expiry: body.expiry,
        issuedAt: body.issuedAt,
      })
      if (!(await signedBy(ctx.chains, address, chainId, message, body.signature as Hex)))
        throw new ApiError(
          401,
          `Signature does not match ${address}: sign the session creation message with the account (personal_sign)`,
        )
      const pci = sessionIdOf(message)
      const existing = await ctx.repo.getSession(pci)
      if (existing) return { pci }
      const created = await ctx.repo.createSession(
        {
          pci,
          address,
          projectId,
          permission: body.permission,
          createdAt: now,
          expiry: body.expiry,
          revokedAt: null,
        },
        { maxLive: maxPerAddress, now },
      )
      if (!created)
        throw new ApiError(
          409,
          `${address} already has ${maxPerAddress} live sessions: revoke one before creating another`,
        )
      void reply.code(201)
      return { pci }
    },
  )

  app.post<{ Params: { address: string } }>(
    '/v1/sessions/:address/revoke',
    async (req): Promise<RevokeSessionResponse> => {
      const { address, chainId } = parseAccount(req.params.address)
      const body = parse(RevokeBody, req.body ?? null, 'body')
      const session = await ctx.repo.getSession(body.pci)
      if (!session || session.address !== address.toLowerCase())
        throw new ApiError(404, `No session ${body.pci} for ${address}`)
      const signature = body.signature as Hex
      if (!(await signedBy(ctx.chains, address, chainId, body.pci, signature)))
        throw new ApiError(
          401,
          `Signature does not match ${address}: sign the pci with the account (personal_sign)`,
        )
      const now = Math.floor(Date.now() / 1000)
      await ctx.repo.revokeSession(body.pci, now)
      const revokedAt = (await ctx.repo.getSession(body.pci))?.revokedAt ?? now
      return { pci: body.pci, revokedAt }
    },
  )
}

function toSession(s: SessionRecord): SmartSession {
  return {
    pci: s.pci,
    address: getAddress(s.address),
    projectId: s.projectId,
    permission: s.permission,
    createdAt: s.createdAt,
    expiry: s.expiry,
    revokedAt: s.revokedAt,
  }
}
