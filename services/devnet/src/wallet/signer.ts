import { secp256k1 } from '@noble/curves/secp256k1'
import type { Address, Hex, LocalAccount } from 'viem'
import { privateKeyToAccount, publicKeyToAddress } from 'viem/accounts'

/** What the dev wallet signs with: a viem local account, or the lazy one below. */
export type DevSigner = Pick<LocalAccount, 'address' | 'signMessage' | 'signTypedData' | 'signTransaction'>

/**
 * The address of a secp256k1 private key, computed on a copy of the base point. noble keeps a
 * precomputed table (~4,000 points, ~0.35 MiB of heap) for the base point itself once it multiplies
 * with it (getPublicKey, sign); a copy multiplies without keeping one.
 */
export function addressOfPrivateKey(privateKey: Hex): Address {
  const scalar = /^0x[0-9a-fA-F]{64}$/.test(privateKey) ? BigInt(privateKey) : 0n
  if (scalar <= 0n || scalar >= secp256k1.CURVE.n)
    throw new Error('privateKey is not a valid secp256k1 private key (32 bytes, 0 < key < n)')
  const { Gx, Gy } = secp256k1.CURVE
  const base = secp256k1.ProjectivePoint.fromAffine({ x: Gx, y: Gy })
  return publicKeyToAddress(`0x${base.multiply(scalar).toHex(false)}`)
}

/**
 * A signer whose address is known at once and whose viem account (and noble's precomputed table)
 * is made on the first signature: a page the wallet is injected into but never asks it to sign
 * does not hold that memory.
 */
export function lazyPrivateKeyAccount(privateKey: Hex): DevSigner {
  const address = addressOfPrivateKey(privateKey)
  let account: LocalAccount | undefined
  const signer = () => {
    account ??= privateKeyToAccount(privateKey)
    return account
  }
  return {
    address,
    signMessage: (args) => signer().signMessage(args),
    signTypedData: (args) => signer().signTypedData(args),
    signTransaction: (transaction, options) => signer().signTransaction(transaction, options),
  }
}
