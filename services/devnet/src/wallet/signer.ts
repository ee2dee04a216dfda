import { secp256k1 } from '@noble/curves/secp256k1'
import {
  type Address,
  type CustomSource,
  getAddress,
  type Hex,
  keccak256,
  type LocalAccount,
  type PrivateKeyAccount,
} from 'viem'

/**
 * What the dev wallet signs with: a viem private-key account, or the lazy one below. EIP-7702
 * authorizations are signed too (the atomic batches of wallet_sendCalls delegate the account).
 */
export type DevSigner = Pick<
  LocalAccount,
  'address' | 'signMessage' | 'signTypedData' | 'signTransaction'
> & {
  signAuthorization: NonNullable<CustomSource['signAuthorization']>
}

/**
 * The address of a secp256k1 private key, computed on a copy of the base point. noble keeps a
 * precomputed table (~4,000 points, ~0.35 MiB of heap) for the base point itself once it multiplies
 * with it (getPublicKey, sign); a copy multiplies without keeping one.
 */
export function addressOfPrivateKey(privateKey: Hex): Address {
  const scalar = checkedScalar(privateKey)
  const { Gx, Gy } = secp256k1.CURVE
  const base = secp256k1.ProjectivePoint.fromAffine({ x: Gx, y: Gy })
  // keccak256 of the 64-byte public key (uncompressed, without its 04 prefix): the last 20 bytes.
  const publicKey = base.multiply(scalar).toHex(false).slice(2)
  return getAddress(`0x${keccak256(`0x${publicKey}`).slice(-40)}`)
}

function checkedScalar(privateKey: Hex): bigint {
  const scalar = /^0x[0-9a-fA-F]{64}$/.test(privateKey) ? BigInt(privateKey) : 0n
  if (scalar <= 0n || scalar >= secp256k1.CURVE.n)
    throw new Error('privateKey is not a valid secp256k1 private key (32 bytes, 0 < key < n)')
  return scalar
}

/**
 * A signer whose key is checked at once, whose address is derived when first read (a curve
 * multiplication: hot enough that V8 compiles tens of KiB of machine code for it) and whose viem
 * account (and noble's precomputed table) is made on the first signature: a page the wallet is
 * injected into but never asks for an account or a signature holds none of that memory.
 */
export function lazyPrivateKeyAccount(privateKey: Hex): DevSigner {
  checkedScalar(privateKey)
  let address: Address | undefined
  let account: Promise<PrivateKeyAccount> | undefined
  // viem's signing code (accounts, transaction serializers, typed-data hashing) is evaluated then too.
  const signer = () => {
    account ??= import('viem/accounts').then(({ privateKeyToAccount }) => privateKeyToAccount(privateKey))
    return account
  }
  return {
    get address() {
      address ??= addressOfPrivateKey(privateKey)
      return address
    },
    signMessage: async (args) => (await signer()).signMessage(args),
    signTypedData: async (args) => (await signer()).signTypedData(args),
    signTransaction: async (transaction, options) => (await signer()).signTransaction(transaction, options),
    signAuthorization: async (authorization) => (await signer()).signAuthorization(authorization),
  }
}
