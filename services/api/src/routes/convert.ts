/**
 * GET /v1/convert/tokens, /quotes, /allowance, /build-approve and POST /v1/convert/build-transaction
 * (behaviour §7) over the chain's Uniswap-V2 DEX. Swaps pay out to the user; the native token is
 * eip155:<chainId>:0xeeee…eeee and is traded as WETH by the router's ETH functions.
 */
import type {
  AllowanceResponse,
  ApproveTransactionResponse,
  SwapQuote,
  SwapTokensResponse,
  SwapTransactionResponse,
} from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256 } from 'viem'
import type { ApiContext } from '../context.ts'
import { gasAfterApproval, SwapWouldFail } from '../convert/gasAfterApproval.ts'
import {
  notSupported,
  parseAmount,
  parseGasPrice,
  parseSlippage,
  swapAccount,
  swapChainById,
  swapPair,
  swapToken,
} from '../convert/params.ts'
import { PROVIDER_FEE_RATE, quote, routerAbi } from '../convert/quote.ts'
import { createSwapTokenLists, swapTokenBody } from '../convert/swapTokens.ts'
import { badRequest, upstreamFailure } from '../http/errors.ts'
import { parse, parseNetwork, sdkQuery, text, v } from '../http/validate.ts'

/** Seconds a built swap stays valid (the router's deadline). */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/** estimateGas plus this share (percent) as headroom. */
const GAS_HEADROOM_PERCENT = 20n
/**
 * A pair writes its price accumulators only in a block later than its last update: an estimate made
 * in the same second skips two storage writes (~44,000 gas when they go from zero) that the mined
 * transaction then pays. Added per hop so the swap never runs out of gas.
 */
const ORACLE_GAS_PER_HOP = 45_000n

const field = (name: string) =>
  v.pipe(v.string(`${name} must be a single value`), v.maxLength(120, `${name} is too long`))
const TokensQuery = v.object({ ...sdkQuery, chainId: field('chainId') })
const QuotesQuery = v.object({
  ...sdkQuery,
  amount: field('amount'),
  userAddress: field('userAddress'),
  from: field('from'),
  to: field('to'),
  gasPrice: v.optional(field('gasPrice')),
})
const AllowanceQuery = v.object({
  ...sdkQuery,
  tokenAddress: field('tokenAddress'),
  userAddress: field('userAddress'),
  sourceTokenAmount: v.optional(text(120)),
  sourceTokenDecimals: v.optional(text(8)),
})
const ApproveQuery = v.object({
  ...sdkQuery,
  userAddress: field('userAddress'),
  from: field('from'),
  to: field('to'),
  /** Optional: approve exactly this much instead of an unlimited allowance. */
  amount: v.optional(field('amount')),
})
const BuildBody = v.object({
  amount: field('amount'),
  from: field('from'),
  to: field('to'),
  userAddress: field('userAddress'),
  projectId: v.optional(text(128)),
  eip155: v.optional(v.object({ slippage: v.unknown() }, 'eip155 must be an object with slippage'), {
    slippage: 1,
  }),
  /**
   * The swap runs right after the router's approval in one atomic batch (EIP-5792): its gas is that of
   * the swap after the approval, the allowance it needs not being on chain yet. Ignored for ETH.
   */
  afterApproval: v.optional(v.boolean('afterApproval must be true or false')),
})

/** The node's own error text is logged, never answered (it may carry the RPC URL or node paths). */
const upstream = (caipId: string, err: unknown) => upstreamFailure(`Cannot read chain ${caipId}`, err)

function rpcUrlOf(ctx: ApiContext, chainId: number): string {
  const url = ctx.config.chains.find((chain) => chain.chainId === chainId)?.rpcUrl
  if (!url) throw upstreamFailure(`No RPC URL for eip155:${chainId}`, 'not configured')
  return url
}

export function convertRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const lists = createSwapTokenLists()

  app.get('/v1/convert/tokens', async (req): Promise<SwapTokensResponse> => {
    const q = parse(TokensQuery, req.query, 'query')
    const network = parseNetwork(q.chainId)
    if (!('chainId' in network)) throw notSupported(ctx, q.chainId)
    const chain = await swapChainById(ctx, lists, network.chainId, q.chainId)
    const known = await ctx.repo.getTokens(
      network.chainId,
      chain.tokens.map((token) => token.address.toLowerCase()),
    )
    const listed = new Set(known.filter((token) => token.listed).map((token) => token.address))
    return {
      tokens: chain.tokens.map((token) => swapTokenBody(token, listed.has(token.address.toLowerCase()))),
    }
  })

  app.get('/v1/convert/quotes', async (req): Promise<{ quotes: (SwapQuote & QuoteExtras)[] }> => {
    const q = parse(QuotesQuery, req.query, 'query')
    const amount = parseAmount(q.amount)
    const gasPrice = q.gasPrice === undefined ? undefined : parseGasPrice(q.gasPrice)
    const chain = await swapAccount(ctx, lists, q.userAddress)
    const { source, destination } = swapPair(chain, q.from, q.to)
    const best = await quote(chain, source, destination, amount)
    return {
      quotes: [
        {
          id: `uniswap-v2:${chain.handle.chainId}:${best.path.join('>')}`,
          fromAmount: amount.toString(),
          fromAccount: source.caip,
          toAmount: best.amountOut.toString(),
          toAccount: destination.caip,
          priceImpact: best.priceImpact,
          providerFee: best.providerFee.toString(),
          providerFeeRate: PROVIDER_FEE_RATE,
          path: best.path.map((a) => `eip155:${chain.handle.chainId}:${a}`),
          ...(gasPrice !== undefined && { gasPrice: gasPrice.toString() }),
        },
      ],
    }
  })

  app.get('/v1/convert/allowance', async (req): Promise<AllowanceResponse> => {
    const q = parse(AllowanceQuery, req.query, 'query')
    const chain = await swapAccount(ctx, lists, q.userAddress)
    const token = swapToken(chain, q.tokenAddress, 'tokenAddress')
    if (token.native) return { allowance: maxUint256.toString() }
    try {
      const allowance = await chain.handle.client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [chain.user, chain.dex.router],
      })
      return { allowance: allowance.toString() }
    } catch (err) {
      throw upstream(chain.handle.caipId, err)
    }
  })

  app.get('/v1/convert/build-approve', async (req): Promise<ApproveTransactionResponse> => {
    const q = parse(ApproveQuery, req.query, 'query')
    const amount = q.amount === undefined ? maxUint256 : parseAmount(q.amount)
    const chain = await swapAccount(ctx, lists, q.userAddress)
    const { source } = swapPair(chain, q.from, q.to)
    if (source.native) throw badRequest(`${source.symbol} is the native token: it needs no approval`)
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [chain.dex.router, amount],
    })
    const gasPrice = await chain.handle.client.getGasPrice().catch((err: unknown) => {
      throw upstream(chain.handle.caipId, err)
    })
    return {
      tx: {
        from: `eip155:${chain.handle.chainId}:${chain.user}`,
        to: source.caip,
        data,
        value: '0',
        eip155: { gasPrice: gasPrice.toString() },
      },
    }
  })

  app.post('/v1/convert/build-transaction', async (req): Promise<SwapTransactionResponse & BuildExtras> => {
    const body = parse(BuildBody, req.body, 'body')
    const amount = parseAmount(body.amount)
    const slippageBps = parseSlippage(body.eip155.slippage)
    const chain = await swapAccount(ctx, lists, body.userAddress)
    const { source, destination } = swapPair(chain, body.from, body.to)
    const best = await quote(chain, source, destination, amount)
    const amountOutMin = (best.amountOut * (10_000n - slippageBps)) / 10_000n
    const { client } = chain.handle
    const [block, gasPrice] = await Promise.all([client.getBlock(), client.getGasPrice()]).catch(
      (err: unknown) => {
        throw upstream(chain.handle.caipId, err)
      },
    )
    const now = BigInt(Math.floor(Date.now() / 1000))
    const deadline = (block.timestamp > now ? block.timestamp : now) + BigInt(SWAP_DEADLINE_SECONDS)
    const { data, value } = swapCall(source.native, destination.native, {
      amount,
      amountOutMin,
      path: best.path,
      to: chain.user,
      deadline,
    })
    // ETH needs no approval: its swap is estimated alone whatever the client says.
    const afterApproval = body.afterApproval === true && !source.native
    let gas: bigint
    try {
      gas = afterApproval
        ? await gasAfterApproval({
            rpcUrl: rpcUrlOf(ctx, chain.handle.chainId),
            user: chain.user,
            token: source.address,
            router: chain.dex.router,
            amount,
            swap: { data, value },
          })
        : await client.estimateGas({ account: chain.user, to: chain.dex.router, data, value })
    } catch (err) {
      // A node that cannot simulate says nothing about the swap: that is the chain's failure, not a 400.
      if (afterApproval && !(err instanceof SwapWouldFail)) throw upstream(chain.handle.caipId, err)
      const said =
        err instanceof SwapWouldFail ? err.message : (err as { shortMessage?: string }).shortMessage
      const reason = String(said ?? err)
        .split('\n')[0]
        ?.slice(0, 200)
      throw badRequest(
        `The swap would fail from ${chain.user}: ${reason} (enough ${source.symbol}, and an allowance for the router?)`,
      )
    }
    return {
      tx: {
        from: `eip155:${chain.handle.chainId}:${chain.user}`,
        to: `eip155:${chain.handle.chainId}:${chain.dex.router}`,
        data,
        value: value.toString(),
        eip155: {
          gas: withHeadroom(gas, best.path.length - 1).toString(),
          gasPrice: gasPrice.toString(),
        },
      },
      toAmount: best.amountOut.toString(),
      amountOutMin: amountOutMin.toString(),
      deadline: deadline.toString(),
    }
  })
}

/** Beyond behaviour §7's shape: what the quote is made of (the client reads toAmount only). */
interface QuoteExtras {
  /** Percent below the pools' mid price after their 0.3% fee. */
  priceImpact: number
  /** behaviour §9 rate on fromAmount, in the source token's smallest unit; not charged on chain. */
  providerFee: string
  providerFeeRate: string
  /** CAIP-10 tokens the router trades through (WETH for the native token). */
  path: string[]
  gasPrice?: string
}

interface BuildExtras {
  toAmount: string
  /** toAmount less the slippage: the router reverts below it. */
  amountOutMin: string
  /** Unix seconds. */
  deadline: string
}

/** The gas limit to send: the estimate, the oracle writes it may have missed, then a margin. */
export function withHeadroom(estimate: bigint, hops: number): bigint {
  return ((estimate + ORACLE_GAS_PER_HOP * BigInt(hops)) * (100n + GAS_HEADROOM_PERCENT)) / 100n
}

interface SwapArgs {
  amount: bigint
  amountOutMin: bigint
  path: Address[]
  to: Address
  deadline: bigint
}

/** The router call for a source and destination kind: ETH in, ETH out, or token to token. */
export function swapCall(fromNative: boolean, toNative: boolean, a: SwapArgs): { data: Hex; value: bigint } {
  if (fromNative)
    return {
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [a.amountOutMin, a.path, a.to, a.deadline],
      }),
      value: a.amount,
    }
  return {
    data: encodeFunctionData({
      abi: routerAbi,
      functionName: toNative ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
      args: [a.amount, a.amountOutMin, a.path, a.to, a.deadline],
    }),
    value: 0n,
  }
}
