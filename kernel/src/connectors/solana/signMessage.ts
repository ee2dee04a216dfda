import { WalletError } from '../errors.ts'
import type { MessageSigner } from '../kind.ts'

/**
 * handle.signMessage for the solana namespace: solana_signMessage through the request pipeline (so the
 * allow-list and unsafe-request takers apply as for eip155); base58 loads with the Solana chunk.
 */
export async function signSolanaMessage(
  request: MessageSigner,
  address: string | undefined,
  bytes: Uint8Array,
): Promise<string> {
  const { encodeBase58 } = await import(/* webpackChunkName: "solana" */ '../../chains/solanaBase58.ts')
  const params = { message: encodeBase58(bytes), pubkey: address }
  const signed = (await request({ method: 'solana_signMessage', params }, 'solana')) as {
    signature?: unknown
  } | null
  if (typeof signed?.signature !== 'string')
    throw new WalletError('WALLET_MALFORMED_ANSWER', 'The wallet returned no signature')
  return signed.signature
}
