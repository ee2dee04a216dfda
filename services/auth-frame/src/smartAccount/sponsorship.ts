/**
 * Which paymaster service the frame uses for an app's wallet_sendCalls (EIP-5792 `paymasterService`
 * capability, ERC-7677). The URL comes from the embedding page, which the wallet does not trust, and
 * the frame's backend would fetch it: so it is used only when the frame's configuration lists exactly
 * that URL for the app's project and the chain (PORTICO_AUTH_FRAME_PAYMASTERS); anything else is
 * refused before any request is made. See docs/embedded-wallet.md, Gas paid by the app.
 */
import type { Address } from 'viem'
import { FrameError } from '../errors.ts'
import type { PaymasterEndpoint } from './paymasterClient.ts'

/** One paymaster service an app may name: its project, chain, exact URL and paymaster contract. */
export interface PaymasterServiceConfig {
  projectId: string
  chainId: number
  url: string
  paymaster: Address
}

export const SPONSORSHIP_ERRORS = {
  malformed: 'The paymasterService capability must be { url, context? } with an http(s) URL',
  notAllowed: 'This paymaster service is not allowed for this app on this network',
  needsSmartAccount: 'Gas sponsorship needs the smart account: switch the account type',
} as const

/** EIP-5792: the wallet does not support a capability the app requires. */
export const UNSUPPORTED_CAPABILITY = 5700
const MAX_URL_CHARS = 2048
const MAX_CONTEXT_CHARS = 2048

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The URL in one spelling (`new URL().href`), so a listed URL matches however the app wrote it. */
export function normalisedUrl(text: string): string | undefined {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

export interface SponsorshipRequest {
  endpoint: PaymasterEndpoint
  /** The app marked it optional: without a smart account the calls go unsponsored. */
  optional: boolean
}

/**
 * The configured endpoint for the capability's URL on `chainId` among `services` (this project's), or
 * undefined when the request has no paymasterService. Throws (5700) on a malformed capability or a URL
 * the configuration does not list: that URL is never fetched.
 */
export function sponsorshipOf(
  capabilities: unknown,
  chainId: number,
  services: readonly PaymasterServiceConfig[],
): SponsorshipRequest | undefined {
  if (capabilities === undefined || capabilities === null) return undefined
  if (!isRecord(capabilities)) throw new FrameError(SPONSORSHIP_ERRORS.malformed, -32602)
  const capability = capabilities.paymasterService
  if (capability === undefined || capability === null) return undefined
  if (!isRecord(capability) || typeof capability.url !== 'string' || capability.url.length > MAX_URL_CHARS)
    throw new FrameError(SPONSORSHIP_ERRORS.malformed, -32602)
  const { context } = capability
  if (
    context !== undefined &&
    context !== null &&
    (!isRecord(context) || JSON.stringify(context).length > MAX_CONTEXT_CHARS)
  )
    throw new FrameError(SPONSORSHIP_ERRORS.malformed, -32602)
  const url = normalisedUrl(capability.url)
  const listed =
    url && services.find((service) => service.chainId === chainId && normalisedUrl(service.url) === url)
  if (!listed) throw new FrameError(SPONSORSHIP_ERRORS.notAllowed, UNSUPPORTED_CAPABILITY)
  return {
    endpoint: {
      url: listed.url,
      paymaster: listed.paymaster,
      ...(isRecord(context) && { context }),
    },
    optional: capability.optional === true,
  }
}

/** Whether an app of this project can have gas sponsored on `chainId` (wallet_getCapabilities). */
export const sponsorshipConfigured = (chainId: number, services: readonly PaymasterServiceConfig[]) =>
  services.some((service) => service.chainId === chainId)
