/**
 * The transaction preview inside the wallet's own approval: the rows DESCRIBE_REQUEST adds to the
 * decoded request for eth_sendTransaction and wallet_sendCalls. The calls are read from the exact params
 * (calls.ts), simulated on the session's chain from the account the app sees (simulation.ts), and shown
 * as rows of plain text:
 *
 * - a verdict, first (the view shows at most 64 rows): the transaction would fail, with its reason
 *   (`blocked`: Approve stays disabled), or the simulation is unavailable (the user still decides), or
 *   the simulation disagrees with the decoded calldata (contradictions.ts);
 * - the simulated effects: native and ERC-20 amounts out and in, NFTs, approvals ("Unlimited" in
 *   words), each token by its contract address, one not on the network's token list marked as such.
 *
 * The decoded call rows (describe.ts) never depend on the node and stay on screen whatever it says.
 */
import type { Effects, RawApproval, RawChange } from '@portico/shared-types/preview-simulate'
import { type Address, formatUnits, isAddress } from 'viem'
import type { FrameChain } from '../config.ts'
import { requestCalls } from './calls.ts'
import { contradictionLines, missingEffects, statedEffects } from './contradictions.ts'
import { type SimulationOutcome, simulateRequest } from './simulation.ts'
import type { SummaryRow } from './summary.ts'
import { type TokenReader, tokenAmount } from './tokenInfo.ts'

/** Effects shown one per row; the rest are counted in one row. */
export const MAX_EFFECT_ROWS = 10

export const PREVIEW_TEXT = {
  unavailableLabel: 'Simulation unavailable',
  unavailable:
    'What this request would do could not be checked on the network. Review the details above before you approve.',
  revertedLabel: 'This transaction would fail',
  revertedNote: 'Approve is turned off: sending it would only spend gas.',
  noReason: 'The contract gave no reason.',
  disagreesLabel: 'Simulation disagrees with the request',
  disagreesNote: 'What you sign is the call data above, whatever the simulation shows.',
  noChangeLabel: 'Simulated result',
  noChange: 'No change to your assets was found.',
  sendLabel: 'You send (simulated)',
  receiveLabel: 'You receive (simulated)',
  approvalLabel: 'Approval (simulated)',
  moreLabel: 'More simulated changes',
  unlimited: 'Unlimited: the spender can take all of this token',
  unlimitedForAll: 'Unlimited: the operator can move all of this collection',
  revoked: 'Approval removed',
  notListed: 'Not on this network’s token list',
} as const

export interface PreviewContext {
  /** The session's chain; absent: nothing to simulate on. */
  chain?: FrameChain
  /** The account the calls run from (the smart account when it is the user's). */
  account: string
  /** Lower-case contracts on the network's token list. */
  listed: ReadonlySet<string>
  nativeSymbol: string
  tokens: TokenReader
  /** Default: the shared SIMULATION_TIMEOUT_MS. */
  timeoutMs?: number
}

export interface PreviewRows {
  /** Before the decoded calls: what the user must read first. */
  verdict: SummaryRow[]
  /** After them: the simulated effects. */
  effects: SummaryRow[]
  blocked: boolean
}

const unavailable: PreviewRows = {
  verdict: [{ label: PREVIEW_TEXT.unavailableLabel, value: PREVIEW_TEXT.unavailable, warn: true }],
  effects: [],
  blocked: false,
}

export async function transactionPreview(
  method: string,
  params: unknown,
  ctx: PreviewContext,
): Promise<PreviewRows> {
  const calls = requestCalls(method, params)
  if (!calls || !ctx.chain || !isAddress(ctx.account, { strict: false })) return unavailable
  const from = ctx.account as Address
  const outcome = await simulateRequest(ctx.chain.rpcUrl, from, calls, ctx.timeoutMs)
  if (outcome.kind === 'unavailable') return unavailable
  if (outcome.kind === 'reverted')
    return { verdict: [revertRow(outcome, calls.length > 1)], effects: [], blocked: true }
  const missing = missingEffects(statedEffects(calls, from), outcome.effects)
  const verdict: SummaryRow[] =
    missing.length === 0
      ? []
      : [
          {
            label: PREVIEW_TEXT.disagreesLabel,
            value: [
              ...(await contradictionLines(missing, ctx.tokens, ctx.nativeSymbol)),
              PREVIEW_TEXT.disagreesNote,
            ].join('\n'),
            warn: true,
          },
        ]
  return { verdict, effects: await effectRows(outcome.effects, ctx), blocked: false }
}

function revertRow(outcome: Extract<SimulationOutcome, { kind: 'reverted' }>, batch: boolean): SummaryRow {
  const { revert } = outcome
  const reason =
    revert.kind === 'error'
      ? `Reason: ${revert.reason}`
      : revert.kind === 'panic'
        ? `Reason: ${revert.reason} (panic ${revert.code})`
        : revert.kind === 'custom'
          ? `The contract reverted with error ${revert.selector}.`
          : PREVIEW_TEXT.noReason
  return {
    label: PREVIEW_TEXT.revertedLabel,
    value: `${batch ? `Call ${outcome.callIndex + 1}: ` : ''}${reason}\n${PREVIEW_TEXT.revertedNote}`,
    warn: true,
  }
}

/** Approvals first, then what leaves and what arrives: a cut list still shows what matters most. */
async function effectRows(effects: Effects, ctx: PreviewContext): Promise<SummaryRow[]> {
  const ordered = [
    ...effects.approvals.map((a) => () => approvalRow(a, ctx)),
    ...effects.changes.filter((c) => c.direction === 'out').map((c) => () => changeRow(c, ctx)),
    ...effects.changes.filter((c) => c.direction === 'in').map((c) => () => changeRow(c, ctx)),
  ]
  if (ordered.length === 0) return [{ label: PREVIEW_TEXT.noChangeLabel, value: PREVIEW_TEXT.noChange }]
  const rows = await Promise.all(ordered.slice(0, MAX_EFFECT_ROWS).map((row) => row()))
  if (ordered.length > MAX_EFFECT_ROWS)
    rows.push({
      label: PREVIEW_TEXT.moreLabel,
      value: `${ordered.length - MAX_EFFECT_ROWS} more not shown`,
      warn: true,
    })
  return rows
}

/** The token's lines: its contract, and the mark when it is not on the network's list. */
function tokenLines(token: Address, ctx: PreviewContext): { lines: string[]; unlisted: boolean } {
  const unlisted = !ctx.listed.has(token.toLowerCase())
  return { lines: [`contract ${token}`, ...(unlisted ? [PREVIEW_TEXT.notListed] : [])], unlisted }
}

async function changeRow(change: RawChange, ctx: PreviewContext): Promise<SummaryRow> {
  const label = change.direction === 'out' ? PREVIEW_TEXT.sendLabel : PREVIEW_TEXT.receiveLabel
  const party = `${change.direction === 'out' ? 'to' : 'from'} ${change.counterparty}`
  if (change.standard === 'native')
    return { label, value: `${formatUnits(change.amount ?? 0n, 18)} ${ctx.nativeSymbol}\n${party}` }
  const token = tokenLines(change.token, ctx)
  let what: string
  if (change.standard === 'erc721') what = `NFT #${change.tokenId ?? 0n}`
  else if (change.standard === 'erc1155') what = `${change.amount ?? 0n} × NFT #${change.tokenId ?? 0n}`
  else {
    const info = await ctx.tokens(change.token)
    what = `${tokenAmount(change.amount ?? 0n, info)}${info.symbol ? ` ${info.symbol}` : ''}`
  }
  return {
    label,
    value: [what, ...token.lines, party].join('\n'),
    ...(token.unlisted && { warn: true }),
  }
}

async function approvalRow(approval: RawApproval, ctx: PreviewContext): Promise<SummaryRow> {
  const token = tokenLines(approval.token, ctx)
  let what: string
  if (approval.revoked) what = PREVIEW_TEXT.revoked
  else if (approval.forAll) what = PREVIEW_TEXT.unlimitedForAll
  else if (approval.unlimited) what = PREVIEW_TEXT.unlimited
  else if (approval.tokenId !== undefined) what = `NFT #${approval.tokenId}`
  else {
    const info = await ctx.tokens(approval.token)
    what = `${tokenAmount(approval.amount ?? 0n, info)}${info.symbol ? ` ${info.symbol}` : ''}`
  }
  const warn = (approval.unlimited && !approval.revoked) || token.unlisted
  return {
    label: PREVIEW_TEXT.approvalLabel,
    value: [what, `spender ${approval.spender}`, ...token.lines].join('\n'),
    ...(warn && { warn: true }),
  }
}
