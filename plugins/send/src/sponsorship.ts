/**
 * The app paying the gas of a send (ERC-7677 `paymasterServices`): whether it does on a network, and
 * how a sponsor's refusal is told to the visitor.
 */
import type { Network } from '@portico/shared-types'
import { type PluginContext, readCallsCapabilities } from '@portico/shared-types/plugin'

/**
 * Whether the app pays this network's gas (behaviour: Batched calls and sponsored gas): a paymaster
 * URL configured for it and a wallet reporting the ERC-7677 paymasterService capability there.
 */
export async function gasSponsored(ctx: PluginContext, network: Network, from: string): Promise<boolean> {
  const provider = ctx.account.provider()
  const chainId = Number(network.caipNetworkId.split(':')[1])
  if (!provider || !ctx.config.paymasterServices?.[network.caipNetworkId] || !Number.isSafeInteger(chainId))
    return false
  return (await readCallsCapabilities(provider, from, chainId)).paymasterService
}

/** A sponsor's refusal is one line of text; more is cut. */
const MAX_REFUSAL_CHARS = 200

/**
 * Why the wallet refused a sponsored send (ERC-7677: the paymaster's fixed message, e.g. "Daily
 * sponsored gas limit reached"), as one bounded line without control characters; undefined when the
 * visitor declined it (4001) or the wallet said nothing.
 */
export function sponsorRefusal(error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (code === 4001 || typeof message !== 'string') return undefined
  // Control, zero-width and bidi-override characters could hide or reorder what the toast says.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const hidden = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g
  const line = (message.split('\n')[0] ?? '').replace(hidden, '').trim()
  return line ? line.slice(0, MAX_REFUSAL_CHARS) : undefined
}
