import { randomBytes } from 'node:crypto'
import { keypairFromSecret, type SolanaKeypair } from '@portico/devnet'
import { bytesToHex, hexToBytes, type LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { KeyNamespace } from '../db/store.ts'
import type { Vault } from './vault.ts'

export interface NewKey {
  namespace: KeyNamespace
  address: string
  sealed: string
}

const context = (userId: string, namespace: KeyNamespace) => `${userId}:${namespace}`

/** A fresh secp256k1 key (eip155) and ed25519 key (solana) for a user, sealed with the server key. */
export function generateUserKeys(vault: Vault, userId: string): NewKey[] {
  const evmKey = generatePrivateKey()
  const solana = keypairFromSecret(randomBytes(32))
  const keys: NewKey[] = [
    {
      namespace: 'eip155',
      address: privateKeyToAccount(evmKey).address,
      sealed: vault.seal(hexToBytes(evmKey), context(userId, 'eip155')),
    },
    {
      namespace: 'solana',
      address: solana.address,
      sealed: vault.seal(solana.secretKey.subarray(0, 32), context(userId, 'solana')),
    },
  ]
  return keys
}

export function openEvmAccount(vault: Vault, userId: string, sealed: string): LocalAccount {
  return privateKeyToAccount(bytesToHex(vault.open(sealed, context(userId, 'eip155'))))
}

export function openSolanaKeypair(vault: Vault, userId: string, sealed: string): SolanaKeypair {
  return keypairFromSecret(vault.open(sealed, context(userId, 'solana')))
}

/** The eip155 private key as 0x hex: only for the user's own key export. */
export function openEvmPrivateKey(vault: Vault, userId: string, sealed: string): `0x${string}` {
  return bytesToHex(vault.open(sealed, context(userId, 'eip155')))
}
