import type { ChainHandle } from '../chain/clients.ts'
import { createChainHandles } from '../chain/clients.ts'
import type { ChainConfig } from '../config.ts'
import { resolveSiwxConfig, type SiwxConfig, type SiwxConfigInput } from './config.ts'
import { createNonceStore } from './nonces.ts'
import { readSessionToken, type SessionClaims } from './token.ts'
import { type SiwxSession, verifySiwx } from './verify.ts'

export interface SiwxVerifierOptions {
  siwx?: SiwxConfigInput
  /** Chains whose contract accounts (ERC-1271/6492) are checked on chain; EOAs need none. */
  chains?: ChainConfig[] | Map<number, ChainHandle>
  /** CAIP-2 networks messages may name (besides `chains` and `siwx.extraChains`). */
  supportedChains?: string[]
  rpcTimeoutMs?: number
}

export interface SiwxVerifier {
  config: SiwxConfig
  /** A fresh nonce for the project, or undefined while too many are outstanding. */
  issueNonce(projectId: string): { nonce: string; expiresAt: string } | undefined
  /** Throws ApiError (400/401/403/413 with the reason) unless the signed message is good; uses the nonce up. */
  verify(projectId: string, message: string, signature: string): Promise<SiwxSession>
  /** The claims of a live token this verifier issued to the project; undefined otherwise. */
  readSession(projectId: string, token: string): SessionClaims | undefined
}

/**
 * The SIWX verifier on its own, for a dapp backend that serves its own routes (what /v1/siwx/* uses):
 * nonces in memory (one process), sessions as HMAC tokens (`siwx.tokenSecret`).
 */
export function createSiwxVerifier(options: SiwxVerifierOptions = {}): SiwxVerifier {
  const config = resolveSiwxConfig(options.siwx)
  const chains =
    options.chains instanceof Map
      ? options.chains
      : createChainHandles(options.chains ?? [], options.rpcTimeoutMs ?? 10_000)
  const nonces = createNonceStore({
    ttlMs: config.nonceTtlSeconds * 1000,
    maxOutstanding: config.maxOutstandingNonces,
  })
  const supportedChains = new Set([
    ...(options.supportedChains ?? []),
    ...[...chains.keys()].map((id) => `eip155:${id}`),
    ...config.extraChains,
  ])
  return {
    config,
    issueNonce(projectId) {
      const issued = nonces.issue(projectId)
      return issued && { nonce: issued.nonce, expiresAt: new Date(issued.expiresAt).toISOString() }
    },
    verify: (projectId, message, signature) =>
      verifySiwx({ config, nonces, chains, supportedChains }, projectId, message, signature),
    readSession(projectId, token) {
      const claims = readSessionToken(config.tokenSecret, token, Math.floor(Date.now() / 1000))
      return claims?.p === projectId ? claims : undefined
    },
  }
}
