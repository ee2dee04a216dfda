import type { Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { registrationStatement } from '../src/profile/rules.ts'

/** chainId | 0x80000000 (behaviour §5). */
export const coinType = (chainId: number) => (chainId | 0x80000000) >>> 0
export const nowSeconds = () => Math.floor(Date.now() / 1000)

/** The site the test pages register from (any localhost one is a default project origin). */
export const DOMAIN = 'localhost:5173'

/**
 * The body of POST /v1/profile/account for `name`, signed by `signer` (personal_sign). The message
 * binds the coin type of `chainId` (or `messageChainId`), `domain` and the statement of both; `fields`
 * replaces or (undefined) removes message fields after that.
 */
export async function registration(
  signer: PrivateKeyAccount,
  name: string,
  options: {
    address?: string
    attributes?: unknown
    timestamp?: number
    chainId?: number
    messageChainId?: number
    domain?: string
    fields?: Record<string, unknown>
  } = {},
): Promise<{ coin_type: number; address: string; message: string; signature: Hex }> {
  const chainId = options.chainId ?? 31337
  const messageChainId = options.messageChainId ?? chainId
  const domain = options.domain ?? DOMAIN
  const message = JSON.stringify({
    statement: registrationStatement(name, domain, messageChainId),
    name,
    domain,
    coin_type: coinType(messageChainId),
    attributes: options.attributes ?? {},
    timestamp: options.timestamp ?? nowSeconds(),
    ...options.fields,
  })
  return {
    coin_type: coinType(chainId),
    address: options.address ?? signer.address,
    message,
    signature: await signer.signMessage({ message }),
  }
}
