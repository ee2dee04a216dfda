import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ApiContext } from '../context.ts'
import {
  type Catalogue,
  type CatalogueImage,
  type CatalogueWallet,
  type ImageKind,
  loadCatalogue,
} from '../directory/catalogue.ts'
import { loadImportedCatalogue } from '../directory/imported.ts'
import {
  type DirectoryOptions,
  directoryOptionsFromEnv,
  resolveDirectoryOptions,
} from '../directory/options.ts'
import { startUpstreamCatalogue } from '../directory/upstreamCatalogue.ts'
import { CAIP2, IMAGE_ID, WALLET_ID } from '../directory/walletRules.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { createGuard } from '../http/guard.ts'
import { parse, sdkQuery, text, v } from '../http/validate.ts'
import { analyticsRoutes } from './analytics.ts'

/** GET /getWallets answer (behaviour §7 wallet directory API). */
export interface GetWalletsResponse {
  data: CatalogueWallet[]
  count: number
}

const MAX_ENTRIES = 500
const MAX_IDS = 500

const positiveInt = (name: string, max: number) =>
  v.pipe(
    text(12),
    v.regex(/^\d+$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(1, `${name} must be at least 1`),
    v.maxValue(max, `${name} must be at most ${max}`),
  )

const GetWalletsQuery = v.object({
  ...sdkQuery,
  page: v.optional(positiveInt('page', 1_000_000), '1'),
  entries: v.optional(positiveInt('entries', MAX_ENTRIES), '40'),
  include: v.optional(text(MAX_IDS * 130)),
  exclude: v.optional(text(MAX_IDS * 130)),
  chains: v.optional(text(4_000)),
  search: v.optional(text(200)),
  badge_type: v.optional(v.picklist(['none', 'certified'], 'badge_type must be none or certified')),
})

/** A comma list, blanks dropped; every item must match `pattern`. */
function commaList(
  raw: string | undefined,
  name: string,
  pattern: RegExp,
  what: string,
): string[] | undefined {
  if (raw === undefined) return undefined
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
  if (items.length > MAX_IDS) throw badRequest(`${name} lists at most ${MAX_IDS} items`)
  const bad = items.find((item) => !pattern.test(item))
  if (bad !== undefined) throw badRequest(`Invalid ${name} item "${bad.slice(0, 80)}": expected ${what}`)
  return items
}

const IMAGE_ROUTES: [string, ImageKind][] = [
  ['/getWalletImage/:id', 'wallet'],
  ['/public/getAssetImage/:id', 'asset'],
  ['/public/getCurrencyImage/:id', 'currency'],
  ['/public/getTokenImage/:id', 'token'],
]

/**
 * The wallet directory (behaviour §7) on the API's own origin: GET /getWallets, the image routes and the
 * analytics config and sink. The wallet list is the imported directory (PORTICO_WALLET_DIRECTORY=
 * database) or the dev fixture directory, read once at start.
 */
export async function directoryRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  input: Partial<DirectoryOptions> = directoryOptionsFromEnv(),
): Promise<void> {
  const options = resolveDirectoryOptions(input, ctx.config.rateLimit)
  const catalogue = await openCatalogue(app, ctx, options)
  await app.register(async (scope) => {
    scope.addHook(
      'preHandler',
      createGuard(ctx.config.projectIds, options.rateLimit, ctx.config.projectRateLimit),
    )
    walletsRoute(scope, catalogue)
    await analyticsRoutes(scope, ctx, options)
  })
  await app.register(async (scope) => {
    // Images: the per-client limit, and ten clients' worth for the whole project.
    const { perSecond, burst } = options.imageRateLimit
    scope.addHook(
      'preHandler',
      createGuard(ctx.config.projectIds, options.imageRateLimit, {
        perSecond: perSecond * 10,
        burst: burst * 10,
      }),
    )
    for (const [path, kind] of IMAGE_ROUTES) imageRoute(scope, catalogue, path, kind)
  })
}

/** The wallet list of the configured source; an upstream one stops refreshing when the app closes. */
async function openCatalogue(
  app: FastifyInstance,
  ctx: ApiContext,
  options: DirectoryOptions,
): Promise<Catalogue> {
  if (options.source === 'database') return loadImportedCatalogue(ctx.repo, options.dataDir)
  if (options.source !== 'upstream' || !options.upstreamUrl) return loadCatalogue(options.dataDir)
  const upstream = await startUpstreamCatalogue(
    {
      url: options.upstreamUrl,
      dataDir: options.dataDir,
      refreshMs: options.upstreamRefreshMs,
      timeoutMs: options.upstreamTimeoutMs,
    },
    app.log,
  )
  app.addHook('onClose', async () => upstream.stop())
  return upstream.catalogue
}

function walletsRoute(app: FastifyInstance, catalogue: Catalogue): void {
  app.get('/getWallets', async (req): Promise<GetWalletsResponse> => {
    const q = parse(GetWalletsQuery, req.query ?? {}, 'query')
    const search = q.search?.trim()
    const include = commaList(q.include, 'include', WALLET_ID, 'a wallet id')
    const exclude = commaList(q.exclude, 'exclude', WALLET_ID, 'a wallet id')
    const chains = commaList(q.chains, 'chains', CAIP2, 'a CAIP-2 network id such as eip155:1')
    return catalogue.query({
      page: q.page,
      entries: q.entries,
      ...(include ? { include } : {}),
      ...(exclude ? { exclude } : {}),
      ...(chains ? { chains } : {}),
      ...(search ? { search } : {}),
      ...(q.badge_type ? { badge_type: q.badge_type } : {}),
    })
  })
}

const IMAGE_HEADERS = {
  'cache-control': 'public, max-age=604800, immutable',
  'x-content-type-options': 'nosniff',
  // An SVG opened on its own must not run anything.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'cross-origin-resource-policy': 'cross-origin',
}

function imageRoute(app: FastifyInstance, catalogue: Catalogue, path: string, kind: ImageKind): void {
  app.get<{ Params: { id: string } }>(
    path,
    async (req: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const { id } = req.params
      if (!IMAGE_ID.test(id)) throw badRequest(`Invalid image id "${id.slice(0, 80)}"`)
      const image = catalogue.image(kind, id)
      if (!image) throw new ApiError(404, `No ${kind} image "${id}"`)
      return sendImage(req, reply, image)
    },
  )
}

function sendImage(req: FastifyRequest, reply: FastifyReply, { body, etag, contentType }: CatalogueImage) {
  const type = contentType === 'image/svg+xml' ? 'image/svg+xml; charset=utf-8' : contentType
  void reply.headers({ ...IMAGE_HEADERS, 'content-type': type, etag })
  const match = req.headers['if-none-match']
  if (match?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send()
  return reply.send(body)
}
