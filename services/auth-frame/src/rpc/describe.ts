/**
 * What the frame shows before the user approves an unsafe request: decoded here, in the wallet's own
 * backend, from the exact method and params that will be signed (never from what the page claims).
 * Tokens are named by contract address; a symbol read from the contract is only a hint (third-party
 * text, cleaned). Every value is plain text: the frame renders it with textContent.
 *
 * eth_sendTransaction and wallet_sendCalls are also simulated (previewRows.ts): the decoded rows here
 * stay whatever the simulation says, and its verdict and effects are added around them.
 */
import { UNLIMITED_FROM } from '@portico/shared-types/preview-simulate'
import { type Address, formatUnits, type Hex, hexToBytes, isAddress, isHex, maxUint256 } from 'viem'
import type { FrameChain } from '../config.ts'
import { erc20CallOf } from './calls.ts'
import { PREVIEW_TEXT, type PreviewRows, transactionPreview } from './previewRows.ts'
import type { RequestSummary, SummaryRow } from './summary.ts'
import { cleanText } from './text.ts'
import { type TokenInfo, type TokenReader, tokenAmount, tokenLabel, tokenReader } from './tokenInfo.ts'

export type { RequestSummary, SummaryRow }
export { cleanText }

export interface DescribeContext {
  /** The embedding site, as the server checked it. */
  site: string
  /** Human name of the network and its CAIP-2 id. */
  network: string
  /** The account that signs (the smart account when that is the user's). */
  account: string
  /** For reading token metadata and simulating; absent for Solana. */
  chain?: FrameChain
  nativeSymbol?: string
  /** Lower-case contracts on the network's token list; absent: none is (every token is marked). */
  listed?: ReadonlySet<string>
  /** How long the simulation may take (default: the shared SIMULATION_TIMEOUT_MS). */
  simulationTimeoutMs?: number
}

/** The context with the request's one token reader. */
interface CallContext extends DescribeContext {
  tokens: TokenReader
}

const MAX_CALLS_SHOWN = 8

/** A personal_sign message as text when its bytes are printable UTF-8, else as hex. */
export function messageText(message: unknown): string {
  if (typeof message !== 'string') return ''
  if (!isHex(message)) return cleanText(message)
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message))
    // Text with control bytes is binary data: hex. Format characters (bidi, zero-width) are dropped.
    if (!/\p{Cc}/u.test(text.replace(/[\n\r\t]/g, ''))) return cleanText(text)
  } catch {}
  return cleanText(message)
}

/** The token row: by contract, its symbol beside it, marked when the network's list does not have it. */
function tokenRow(prefix: string, token: Address, info: TokenInfo, ctx: CallContext): SummaryRow {
  const unlisted = !ctx.listed?.has(token.toLowerCase())
  return {
    label: `${prefix}Token`,
    value: unlisted ? `${tokenLabel(token, info)}\n${PREVIEW_TEXT.notListed}` : tokenLabel(token, info),
    ...(unlisted && { warn: true }),
  }
}

function quantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && isHex(value) && value.length <= 66 ? BigInt(value) : undefined
}

/** One call (a transaction, or one of wallet_sendCalls): recipient, native value, ERC-20 transfer/approve. */
async function describeCall(call: unknown, ctx: CallContext, prefix = ''): Promise<SummaryRow[]> {
  const c = (call && typeof call === 'object' ? call : {}) as Record<string, unknown>
  const rows: SummaryRow[] = []
  const to = typeof c.to === 'string' && isAddress(c.to, { strict: false }) ? (c.to as Address) : undefined
  const value = quantity(c.value) ?? 0n
  const data = typeof c.data === 'string' && isHex(c.data) ? (c.data as Hex) : undefined
  if (!to) return [{ label: `${prefix}To`, value: 'No recipient (contract creation)', warn: true }]
  rows.push(...feeRows(c, prefix))
  if (value > 0n || !data || data === '0x')
    rows.push({ label: `${prefix}Amount`, value: `${formatUnits(value, 18)} ${ctx.nativeSymbol ?? 'ETH'}` })
  if (!data || data === '0x') {
    rows.unshift({ label: `${prefix}To`, value: to })
    return rows
  }
  const erc20 = erc20CallOf(data)
  if (erc20?.kind === 'transfer') {
    const info = await ctx.tokens(to)
    return [
      { label: `${prefix}To`, value: erc20.recipient },
      { label: `${prefix}Amount`, value: tokenAmount(erc20.amount, info) },
      tokenRow(prefix, to, info, ctx),
      ...rows,
    ]
  }
  if (erc20?.kind === 'approve') {
    const info = await ctx.tokens(to)
    const unlimited = erc20.amount >= UNLIMITED_FROM || erc20.amount === maxUint256
    return [
      { label: `${prefix}Approve spender`, value: erc20.spender },
      {
        label: `${prefix}Allowance`,
        value: unlimited
          ? 'Unlimited: the spender can take all of this token'
          : tokenAmount(erc20.amount, info),
        ...(unlimited && { warn: true }),
      },
      tokenRow(prefix, to, info, ctx),
      ...rows,
    ]
  }
  return [
    { label: `${prefix}Contract`, value: to },
    { label: `${prefix}Call data`, value: cleanText(data, 138), warn: true },
    ...rows,
  ]
}

/** The fee fields the dapp set (behaviour §4 type inference follows them), in gwei. */
function feeRows(call: Record<string, unknown>, prefix: string): SummaryRow[] {
  const gwei = (name: string) => {
    const value = quantity(call[name])
    return value === undefined ? undefined : `${formatUnits(value, 9)} gwei`
  }
  const fees = [
    ['gas price', gwei('gasPrice')],
    ['max fee', gwei('maxFeePerGas')],
    ['max priority fee', gwei('maxPriorityFeePerGas')],
  ].filter((entry): entry is [string, string] => entry[1] !== undefined)
  return fees.length > 0
    ? [
        {
          label: `${prefix}Fees set by the site`,
          value: fees.map(([name, value]) => `${name}: ${value}`).join('\n'),
        },
      ]
    : []
}

function typedDataRows(data: unknown): SummaryRow[] {
  let typed: Record<string, unknown> | undefined
  try {
    typed = (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>
  } catch {}
  if (!typed || typeof typed !== 'object')
    return [{ label: 'Data', value: 'Not valid typed data', warn: true }]
  const domain = (typed.domain ?? {}) as Record<string, unknown>
  const message = (typed.message ?? {}) as Record<string, unknown>
  const rows: SummaryRow[] = []
  const domainText = ['name', 'version', 'chainId', 'verifyingContract']
    .filter((key) => domain[key] !== undefined)
    .map((key) => `${key}: ${cleanText(String(domain[key]), 80)}`)
    .join('\n')
  rows.push({ label: 'Domain', value: domainText || '(none)' })
  rows.push({ label: 'Primary type', value: cleanText(String(typed.primaryType ?? ''), 80) })
  if (typeof message.spender === 'string') {
    rows.push({ label: 'Spender', value: cleanText(message.spender, 80) })
    const amount =
      typeof message.value === 'string' || typeof message.value === 'number' ? message.value : undefined
    if (amount !== undefined) {
      let big: bigint | undefined
      try {
        big = BigInt(amount)
      } catch {}
      const unlimited = big !== undefined && big >= UNLIMITED_FROM
      rows.push({
        label: 'Allowance',
        value: unlimited
          ? 'Unlimited: the spender can take all of this token'
          : cleanText(String(amount), 80),
        ...(unlimited && { warn: true }),
      })
    }
  }
  rows.push({ label: 'Message', value: cleanText(JSON.stringify(message, null, 1)) })
  return rows
}

const list = (params: unknown): unknown[] => (Array.isArray(params) ? params : [params])

function previewContext(ctx: CallContext) {
  return {
    ...(ctx.chain && { chain: ctx.chain }),
    account: ctx.account,
    listed: ctx.listed ?? new Set<string>(),
    nativeSymbol: ctx.nativeSymbol ?? 'ETH',
    tokens: ctx.tokens,
    ...(ctx.simulationTimeoutMs !== undefined && { timeoutMs: ctx.simulationTimeoutMs }),
  }
}

/** The verdict first (a cut list keeps it), the decoded calls, then what the simulation found. */
function withPreview(
  title: string,
  head: SummaryRow[],
  rows: SummaryRow[],
  preview: PreviewRows,
): RequestSummary {
  return {
    title,
    rows: [...head, ...preview.verdict, ...rows, ...preview.effects],
    ...(preview.blocked && { blocked: true as const }),
  }
}

/** The summary the frame renders for `method` with `params`. */
export async function describeRequest(
  method: string,
  params: unknown,
  ctx: DescribeContext,
): Promise<RequestSummary> {
  const head: SummaryRow[] = [
    { label: 'Site', value: ctx.site },
    { label: 'Network', value: ctx.network },
    { label: 'Account', value: ctx.account },
  ]
  const args = list(params)
  switch (method) {
    case 'personal_sign':
      return { title: 'Sign a message', rows: [...head, { label: 'Message', value: messageText(args[0]) }] }
    case 'eth_signTypedData_v4':
      return { title: 'Sign typed data', rows: [...head, ...typedDataRows(args[1])] }
    case 'eth_sendTransaction': {
      const call = { ...ctx, tokens: tokenReader(ctx.chain) }
      const [rows, preview] = await Promise.all([
        describeCall(args[0], call),
        transactionPreview(method, params, previewContext(call)),
      ])
      return withPreview('Send a transaction', head, rows, preview)
    }
    case 'wallet_sendCalls': {
      const calls = (args[0] as { calls?: unknown } | undefined)?.calls
      const all = Array.isArray(calls) ? calls : []
      const call = { ...ctx, tokens: tokenReader(ctx.chain) }
      const [described, preview] = await Promise.all([
        Promise.all(
          all.slice(0, MAX_CALLS_SHOWN).map((one, index) => describeCall(one, call, `Call ${index + 1} · `)),
        ),
        transactionPreview(method, params, previewContext(call)),
      ])
      const rows = described.flat()
      if (all.length > MAX_CALLS_SHOWN)
        rows.push({
          label: 'More calls',
          value: `${all.length - MAX_CALLS_SHOWN} more not shown`,
          warn: true,
        })
      return withPreview(`Send ${all.length} call${all.length === 1 ? '' : 's'} at once`, head, rows, preview)
    }
    case 'solana_signMessage': {
      const { message } = (args[0] ?? {}) as { message?: unknown }
      let text = typeof message === 'string' ? cleanText(message, 200) : ''
      try {
        if (typeof message === 'string') {
          const { default: bs58 } = await import('bs58')
          text = messageText(`0x${Buffer.from(bs58.decode(message)).toString('hex')}`)
        }
      } catch {}
      return { title: 'Sign a message', rows: [...head, { label: 'Message', value: text }] }
    }
    case 'solana_signTransaction':
      return { title: 'Sign a transaction', rows: head }
    case 'solana_signAndSendTransaction':
      return { title: 'Sign and send a transaction', rows: head }
    case 'solana_signAllTransactions': {
      const { transactions } = (args[0] ?? {}) as { transactions?: unknown }
      const count = Array.isArray(transactions) ? transactions.length : 0
      return { title: `Sign ${count} transactions`, rows: head }
    }
    default:
      return {
        title: cleanText(method, 64),
        rows: [...head, { label: 'Parameters', value: cleanText(JSON.stringify(params ?? null, null, 1)) }],
      }
  }
}
