import { randomUUID } from 'node:crypto'
import type {
  CreateSessionResponse,
  RevokeSessionResponse,
  SessionsResponse,
  SmartSession,
} from '@portico/shared-types'
import type { FastifyInstance } from 'fastify'
import { type Address, getAddress, type Hex, verifyMessage } from 'viem'
import type { ApiContext } from '../context.ts'
import type { SessionRecord } from '../db/repository.ts'
import { ApiError } from '../http/errors.ts'
import { parse, parseAccount, v } from '../http/validate.ts'

const Permission = v.object({
  permissionType: v.pipe(
    v.string('permission.permissionType must be a string'),
    v.minLength(1),
    v.maxLength(100),
  ),
  data: v.pipe(v.string('permission.data must be a string'), v.maxLength(20_000)),
  required: v.boolean('permission.required must be true or false'),
  onChainValidated: v.boolean('permission.onChainValidated must be true or false'),
})
const CreateBody = v.object(
  {
    permission: Permission,
    expiry: v.optional(
      v.pipe(v.number('expiry must be unix seconds'), v.integer('expiry must be unix seconds')),
    ),
  },
  'body must be a JSON object with a permission',
)
const RevokeBody = v.object(
  {
    pci: v.pipe(v.string('pci must be a string'), v.minLength(1, 'pci must not be empty'), v.maxLength(200)),
    signature: v.pipe(
      v.string('signature must be a 0x hex string'),
      v.regex(/^0x([0-9a-fA-F]{2}){1,5000}$/, 'signature must be a 0x hex string'),
    ),
  },
  'body must be a JSON object with pci and signature',
)

/**
 * Smart-account sessions (permission contexts) of an account:
 * GET /v1/sessions/{address}, POST /v1/sessions/{address} (create), and
 * POST /v1/sessions/{address}/revoke?projectId= {pci, signature}, where signature is the account's
 * personal_sign of the pci, checked with viem (ERC-1271 for contract accounts on a served chain).
 */
export function sessionsRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Params: { address: string } }>(
    '/v1/sessions/:address',
    async (req): Promise<SessionsResponse> => {
      const { address } = parseAccount(req.params.address)
      return { pcis: (await ctx.repo.listSessions(address)).map(toSession) }
    },
  )

  app.post<{ Params: { address: string }; Querystring: { projectId?: string } }>(
    '/v1/sessions/:address',
    async (req, reply): Promise<CreateSessionResponse> => {
      const { address } = parseAccount(req.params.address)
      const body = parse(CreateBody, req.body ?? null, 'body')
      const pci = randomUUID()
      await ctx.repo.createSession({
        pci,
        address,
        projectId: req.query.projectId ?? '',
        permission: body.permission,
        createdAt: Math.floor(Date.now() / 1000),
        expiry: body.expiry ?? null,
        revokedAt: null,
      })
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
      if (!(await signedBy(ctx, address, chainId, body.pci, signature)))
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

async function signedBy(
  ctx: ApiContext,
  address: Address,
  chainId: number | null,
  message: string,
  signature: Hex,
): Promise<boolean> {
  if (await verifyMessage({ address, message, signature }).catch(() => false)) return true
  // Not an EOA signature: a contract account may still accept it (ERC-1271 / ERC-6492).
  const handle = chainId !== null ? ctx.chains.get(chainId) : undefined
  if (!handle) return false
  return handle.client.verifyMessage({ address, message, signature }).catch(() => false)
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
