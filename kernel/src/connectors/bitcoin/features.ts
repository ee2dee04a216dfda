/**
 * What the kernel asks of a connected Bitcoin wallet's features (lazy bitcoin chunk):
 * `bitcoin:signMessage`, `bitcoin:signTransaction` (PSBTs) and `standard:disconnect`.
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { isBytes, walletChainOf } from '../../chains/bitcoinChains.ts'
import {
  InvalidParamsRpcError,
  ProviderDisconnectedError,
  UnauthorizedProviderError,
} from '../../errors/rpc.ts'
import type { Kernel } from '../../kernel.ts'
import { WalletError } from '../errors.ts'
import { disconnectWallet } from '../walletStandard/session.ts'
import { bitcoinWallet } from './wallets.ts'

const NAMESPACE = 'bip122'

interface SignMessageFeature {
  'bitcoin:signMessage'?: {
    signMessage(
      ...inputs: { account: WalletAccount; message: Uint8Array }[]
    ): Promise<readonly { signature: Uint8Array }[]>
  }
}
const features = (wallet: Wallet) => wallet.features as SignMessageFeature

/** `standard:disconnect` when the wallet has it (best effort: the state is reset either way). */
export async function disconnectBitcoinWallet(kernel: Kernel, connectorId: string): Promise<void> {
  await disconnectWallet(kernel, bitcoinWallet(kernel, connectorId), 'Bitcoin')
}

const toBase64 = (bytes: Uint8Array) => {
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}

/** Signs `message` with the connected payment account (`bitcoin:signMessage`); the signature in base64. */
export async function signBitcoinMessage(kernel: Kernel, message: Uint8Array): Promise<string> {
  const slice = kernel.store.get().accounts[NAMESPACE]
  const wallet = slice?.connectorId ? bitcoinWallet(kernel, slice.connectorId) : undefined
  const sign = wallet ? features(wallet)['bitcoin:signMessage'] : undefined
  const account = wallet?.accounts.find((candidate) => candidate.address === slice?.address)
  if (slice?.status !== 'connected' || !sign || !account)
    throw new WalletError('WALLET_NOT_CONNECTED', 'No Bitcoin wallet is connected')
  const [output] = await sign.signMessage({ account, message })
  if (!isBytes(output?.signature) || output.signature.length !== 65) {
    throw new WalletError('WALLET_MALFORMED_ANSWER', 'The wallet returned a malformed signature')
  }
  return toBase64(output.signature)
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/**
 * `bitcoin_signPsbt` { psbt: base64, signInputs: [{ address, signingIndexes }] } → { psbt: base64 }:
 * the connected wallet's `bitcoin:signTransaction` on the active network's chain, only for accounts
 * it authorized. The caller checks the signed PSBT before it broadcasts anything.
 */
export async function signBitcoinPsbt(
  kernel: Kernel,
  connectorId: string,
  params: unknown,
): Promise<{ psbt: string }> {
  const wallet = bitcoinWallet(kernel, connectorId)
  const sign = wallet
    ? (
        wallet.features as Record<
          string,
          { signTransaction?: (...inputs: unknown[]) => Promise<readonly { signedPsbt: unknown }[]> }
        >
      )['bitcoin:signTransaction']?.signTransaction
    : undefined
  const network = kernel.store.get().networks.byNamespace[NAMESPACE]?.caipNetwork
  const chain = wallet && network ? walletChainOf(network, wallet.chains) : undefined
  if (!wallet || !sign || !chain) throw new ProviderDisconnectedError('No Bitcoin wallet is connected')
  const { psbt, signInputs } = (params ?? {}) as { psbt?: unknown; signInputs?: unknown }
  if (
    typeof psbt !== 'string' ||
    psbt.length > 2_000_000 ||
    !Array.isArray(signInputs) ||
    signInputs.length > 20
  ) {
    throw new InvalidParamsRpcError(
      'bitcoin_signPsbt needs { psbt: base64, signInputs: [{ address, signingIndexes }] }',
    )
  }
  const inputsToSign = signInputs.map((entry: { address?: unknown; signingIndexes?: unknown }) => {
    const account = wallet.accounts.find((candidate) => candidate.address === entry?.address)
    const indexes = entry?.signingIndexes
    if (!account || !Array.isArray(indexes) || indexes.some((i) => !Number.isInteger(i) || i < 0)) {
      throw new UnauthorizedProviderError('bitcoin_signPsbt: an input names no authorized account')
    }
    return { account, signingIndexes: indexes as number[] }
  })
  const [output] = await sign.call(wallet.features['bitcoin:signTransaction'], {
    psbt: fromBase64(psbt),
    chain,
    inputsToSign,
  })
  if (!isBytes(output?.signedPsbt))
    throw new WalletError('WALLET_MALFORMED_ANSWER', 'The wallet returned a malformed PSBT')
  return { psbt: toBase64(output.signedPsbt) }
}
