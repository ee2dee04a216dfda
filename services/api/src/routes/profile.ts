import type {
  ApiErrorBody,
  NameProfile,
  NameSuggestionsResponse,
  RegisterNameResponse,
} from '@portico/shared-types/api'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { getAddress, type Hex } from 'viem'
import type { ApiContext } from '../context.ts'
import type { RegisteredName } from '../db/namesRepository.ts'
import { ApiError, errorBody } from '../http/errors.ts'
import { projectIdOf } from '../http/guard.ts'
import { parse, parseAccount, sdkQuery, text, v } from '../http/validate.ts'
import { clientKeyOf } from '../profile/clientKey.ts'
import {
  chainIdOfCoinType,
  checkLabel,
  MAX_MESSAGE_CHARS,
  NAME_ZONES,
  NameRuleError,
  parseName,
  parseRegistrationMessage,
  parseZone,
} from '../profile/rules.ts'
import { candidateNames, suggestions } from '../profile/suggest.ts'
import { signedBy } from '../sessions/authorisation.ts'
import { originAllowed, type SiwxConfig } from '../siwx/config.ts'

/** Names one address may hold (squatting bound). */
export const MAX_NAMES_PER_ADDRESS = 10
const REVERSE_LIMIT = 20

/** The error shape the SDK reads (behaviour §8: the first reason's description is shown). */
export interface ProfileErrorBody extends ApiErrorBody {
  reasons: { field: string; description: string }[]
}

class ProfileError extends ApiError {
  constructor(
    statusCode: number,
    readonly field: string,
    message: string,
  ) {
    super(statusCode, message)
  }
}

type Handler<R> = (req: FastifyRequest, reply: FastifyReply) => Promise<R>

/** Rule and request errors answer `{ statusCode, error, message, reasons: [{ field, description }] }`. */
function withReasons<R>(handler: Handler<R>): Handler<R | ProfileErrorBody> {
  return async (req, reply) => {
    try {
      return await handler(req, reply)
    } catch (err) {
      const status = err instanceof NameRuleError ? 400 : err instanceof ApiError ? err.statusCode : undefined
      if (status === undefined || status >= 500) throw err
      const field = err instanceof NameRuleError || err instanceof ProfileError ? err.field : 'request'
      const message = (err as Error).message
      void reply.code(status)
      return { ...errorBody(status, message), reasons: [{ field, description: message }] }
    }
  }
}

const Query = v.object({ ...sdkQuery, apiVersion: v.optional(text(8)), sender: v.optional(text(120)) })
const SuggestQuery = v.object({ ...sdkQuery, zone: v.optional(text(32)) })
const RegisterBody = v.object(
  {
    coin_type: v.number('coin_type must be a number'),
    address: v.pipe(v.string('address must be a string'), v.maxLength(120, 'address is too long')),
    message: v.pipe(
      v.string('message must be a string'),
      v.maxLength(MAX_MESSAGE_CHARS, `message: at most ${MAX_MESSAGE_CHARS} characters`),
    ),
    signature: v.pipe(
      v.string('signature must be a 0x hex string'),
      v.regex(/^0x([0-9a-fA-F]{2}){1,5000}$/, 'signature must be a 0x hex string'),
    ),
  },
  'body must be a JSON object with coin_type, address, message and signature',
)

/**
 * Whether a project's pages may register names from `domain`: it must be the host of one of the
 * project's sign-in origins (siwx.origins, else siwx.defaultOrigins: any localhost one by default).
 */
function domainAllowed(siwx: SiwxConfig, projectId: string, domain: string): boolean {
  return ['https:', 'http:'].some((scheme) => originAllowed(siwx, projectId, new URL(`${scheme}//${domain}`)))
}

const windowText = (seconds: number) =>
  seconds === 3600 ? 'an hour' : seconds === 86_400 ? 'a day' : `${seconds} seconds`

function toProfile(record: RegisteredName): NameProfile {
  return {
    name: record.name,
    registered: record.createdAt,
    updated: record.createdAt,
    addresses: {
      [String(record.coinType ?? 60)]: {
        address: getAddress(record.address),
        created: new Date(record.createdAt * 1000).toISOString(),
      },
    },
    attributes: [record.attributes],
  }
}

/**
 * Account names (behaviour §7): GET /v1/profile/account/{name}?apiVersion=2, GET /v1/profile/reverse/
 * {address}?sender&apiVersion=2, GET /v1/profile/suggestions/{name}?zone, and POST /v1/profile/account
 * {coin_type, address, message, signature}: the message (JSON of statement, name, domain, coin_type,
 * attributes, timestamp; its coin_type the body's, its domain one of the project's origins) signed by
 * the address, checked with viem on the coin type's chain (EOA, ERC-1271 and ERC-6492 signatures);
 * stored within the per-address cap and the per-IP and per-project budgets.
 */
export function profileRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Params: { name: string } }>(
    '/v1/profile/account/:name',
    withReasons(async (req) => {
      parse(Query, req.query, 'query')
      const { name } = parseName((req.params as { name: string }).name)
      const record = await ctx.repo.getName(name)
      if (!record) throw new ProfileError(404, 'name', `Name ${name} is not registered`)
      return toProfile(record)
    }),
  )

  app.get<{ Params: { address: string } }>(
    '/v1/profile/reverse/:address',
    withReasons(async (req): Promise<NameProfile[]> => {
      const q = parse(Query, req.query, 'query')
      if (q.sender !== undefined) parseAccount(q.sender)
      const { address } = parseAccount((req.params as { address: string }).address)
      return (await ctx.repo.namesOf(address, REVERSE_LIMIT)).map(toProfile)
    }),
  )

  app.get<{ Params: { name: string } }>(
    '/v1/profile/suggestions/:name',
    withReasons(async (req): Promise<NameSuggestionsResponse> => {
      const q = parse(SuggestQuery, req.query, 'query')
      const raw = (req.params as { name: string }).name
      const zone = parseZone(q.zone)
      const ownZone = NAME_ZONES.find((z) => raw.toLowerCase().endsWith(`.${z}`))
      const label = checkLabel(ownZone ? raw.slice(0, raw.length - ownZone.length - 1) : raw)
      const candidates = candidateNames(label, zone)
      return { suggestions: suggestions(candidates, await ctx.repo.takenNames(candidates)) }
    }),
  )

  app.post(
    '/v1/profile/account',
    withReasons(async (req): Promise<RegisterNameResponse> => {
      const body = parse(RegisterBody, req.body ?? null, 'body')
      const chainId = chainIdOfCoinType(body.coin_type)
      const account = parseAccount(body.address)
      if (account.chainId !== null && account.chainId !== chainId)
        throw new ProfileError(
          400,
          'address',
          `address is on chain ${account.chainId}, coin_type on ${chainId}`,
        )
      const now = Math.floor(Date.now() / 1000)
      const message = parseRegistrationMessage(body.message, now, body.coin_type)
      const projectId = projectIdOf(req) ?? ''
      if (!domainAllowed(ctx.config.siwx, projectId, message.domain))
        throw new ProfileError(
          403,
          'message',
          `Names cannot be registered from ${message.domain} with project "${projectId}": it is not one of the project's origins`,
        )
      const { name } = message.name
      if (!(await signedBy(ctx.chains, account.address, chainId, body.message, body.signature as Hex)))
        throw new ProfileError(
          401,
          'signature',
          `Signature does not match ${account.address}: the account must sign the message (personal_sign)`,
        )
      const limits = ctx.config.nameRegistrations
      const outcome = await ctx.repo.registerNameWithin(
        {
          name,
          address: account.address,
          avatar: message.avatar,
          attributes: message.attributes,
          createdAt: now,
          coinType: body.coin_type,
        },
        {
          maxPerAddress: MAX_NAMES_PER_ADDRESS,
          budget: {
            client: clientKeyOf(req.ip),
            projectId,
            perClient: limits.perIp,
            perProject: limits.perProject,
            windowSeconds: limits.windowSeconds,
          },
        },
      )
      switch (outcome) {
        case 'stored':
          return { success: true }
        case 'clientBudget':
          throw new ProfileError(
            429,
            'name',
            `Too many names registered from this IP address: at most ${limits.perIp} in ${windowText(limits.windowSeconds)}. Try again later`,
          )
        case 'projectBudget':
          throw new ProfileError(
            429,
            'name',
            `Too many names registered with project "${projectId}": at most ${limits.perProject} in ${windowText(limits.windowSeconds)}. Try again later`,
          )
        case 'taken': {
          const existing = await ctx.repo.getName(name)
          if (existing?.address === account.address.toLowerCase())
            throw new ProfileError(409, 'name', `Name ${name} is already registered to this address`)
          throw new ProfileError(409, 'name', `Name ${name} is already taken`)
        }
        case 'addressFull':
          throw new ProfileError(
            409,
            'address',
            `${account.address} already holds ${MAX_NAMES_PER_ADDRESS} names: no more can be registered`,
          )
      }
    }),
  )
}
