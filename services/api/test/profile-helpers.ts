import type { Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'

/** chainId | 0x80000000 (SPEC §5). */
export const coinType = (chainId: number) => (chainId | 0x80000000) >>> 0
export const nowSeconds = () => Math.floor(Date.now() / 1000)

/** The body of POST /v1/profile/account for `name`, signed by `signer` (personal_sign). */
export async function registration(
  signer: PrivateKeyAccount,
  name: string,
  options: { address?: string; attributes?: unknown; timestamp?: number; chainId?: number } = {},
): Promise<{ coin_type: number; address: string; message: string; signature: Hex }> {
  const message = JSON.stringify({
    name,
    attributes: options.attributes ?? {},
    timestamp: options.timestamp ?? nowSeconds(),
  })
  return {
    coin_type: coinType(options.chainId ?? 31337),
    address: options.address ?? signer.address,
    message,
    signature: await signer.signMessage({ message }),
  }
}
