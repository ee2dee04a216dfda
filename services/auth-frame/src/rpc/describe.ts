/**
 * What the frame shows before the user approves an unsafe request: decoded here, in the wallet's own
 * backend, from the exact method and params that will be signed (never from what the page claims).
 * Tokens are named by contract address; a symbol read from the contract is only a hint (third-party
 * text, cleaned). Every value is plain text: the frame renders it with textContent.
 */
import {
  type Address,
  createPublicClient,
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  hexToBytes,
  http,
  isAddress,
  isHex,
  maxUint256,
} from 'viem'
import type { FrameChain } from '../config.ts'

export interface SummaryRow {
  label: string
  value: string
  /** Worth a warning (an unlimited approval, an undecodable call). */
  warn?: boolean
}

export interface RequestSummary {
  title: string
  rows: SummaryRow[]
}

export interface DescribeContext {
  /** The embedding site, as the server checked it. */
  site: string
  /** Human name of the network and its CAIP-2 id. */
  network: string
  /** The account that signs (the smart account when that is the user's). */
  account: string
  /** For reading token metadata; absent for Solana. */
  chain?: FrameChain
  nativeSymbol?: string
}

const MAX_TEXT = 2_000
const MAX_CALLS_SHOWN = 8
const UNLIMITED_FROM = 2n ** 255n
const TOKEN_READ_TIMEOUT_MS = 3_000

/** Control, format (bidi, zero-width) and line/paragraph separators removed; newlines and tabs kept. */
export function cleanText(text: string, max = MAX_TEXT): string {
  const cleaned = text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => (c === '\n' || c === '\t' ? c : ''))
  return cleaned.length > max ? `${cleaned.slice(0, max)}…` : cleaned
}

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

interface TokenInfo {
  symbol?: string
  decimals?: number
}

async function tokenInfo(chain: FrameChain | undefined, token: Address): Promise<TokenInfo> {
  if (!chain) return {}
  const client = createPublicClient({
    transport: http(chain.rpcUrl, { retryCount: 0, timeout: TOKEN_READ_TIMEOUT_MS }),
  })
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }).catch(() => undefined),
    client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }).catch(() => undefined),
  ])
  return {
    ...(typeof symbol === 'string' && { symbol: cleanText(symbol, 16) }),
    ...(typeof decimals === 'number' && decimals <= 255 && { decimals }),
  }
}

const tokenAmount = (amount: bigint, info: TokenInfo) =>
  info.decimals === undefined ? `${amount} (raw units)` : `${formatUnits(amount, info.decimals)}`

const tokenLabel = (token: Address, info: TokenInfo) =>
  info.symbol ? `${info.symbol} · contract ${token}` : `contract ${token}`

function quantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && isHex(value) && value.length <= 66 ? BigInt(value) : undefined
}

/** One call (a transaction, or one of wallet_sendCalls): recipient, native value, ERC-20 transfer/approve. */
async function describeCall(call: unknown, ctx: DescribeContext, prefix = ''): Promise<SummaryRow[]> {
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
  let decoded: { functionName: string; args: readonly unknown[] } | undefined
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data }) as typeof decoded
  } catch {}
  if (decoded?.functionName === 'transfer') {
    const [recipient, amount] = decoded.args as [Address, bigint]
    const info = await tokenInfo(ctx.chain, to)
    return [
      { label: `${prefix}To`, value: recipient },
      { label: `${prefix}Amount`, value: tokenAmount(amount, info) },
      { label: `${prefix}Token`, value: tokenLabel(to, info) },
      ...rows,
    ]
  }
  if (decoded?.functionName === 'approve') {
    const [spender, amount] = decoded.args as [Address, bigint]
    const info = await tokenInfo(ctx.chain, to)
    const unlimited = amount >= UNLIMITED_FROM || amount === maxUint256
    return [
      { label: `${prefix}Approve spender`, value: spender },
      {
        label: `${prefix}Allowance`,
        value: unlimited ? 'Unlimited: the spender can take all of this token' : tokenAmount(amount, info),
        ...(unlimited && { warn: true }),
      },
      { label: `${prefix}Token`, value: tokenLabel(to, info) },
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
    case 'eth_sendTransaction':
      return { title: 'Send a transaction', rows: [...head, ...(await describeCall(args[0], ctx))] }
    case 'wallet_sendCalls': {
      const calls = (args[0] as { calls?: unknown } | undefined)?.calls
      const all = Array.isArray(calls) ? calls : []
      const rows = [...head]
      for (const [index, call] of all.slice(0, MAX_CALLS_SHOWN).entries())
        rows.push(...(await describeCall(call, ctx, `Call ${index + 1} · `)))
      if (all.length > MAX_CALLS_SHOWN)
        rows.push({
          label: 'More calls',
          value: `${all.length - MAX_CALLS_SHOWN} more not shown`,
          warn: true,
        })
      return { title: `Send ${all.length} call${all.length === 1 ? '' : 's'} at once`, rows }
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
