import type { ChainHandle } from '../chain/clients.ts'
import { createChainHandles } from '../chain/clients.ts'
import type { ChainConfig } from '../config.ts'
import type { SiwxNonceLedger } from '../db/siwxNoncesRepository.ts'
import { resolveSiwxConfig, type SiwxConfig, type SiwxConfigInput } from './config.ts'
import { loadNonceKey } from './nonceKey.ts'
import { createMemoryNonceLedger, createNonceSigner } from './nonces.ts'
import { readSessionToken, type SessionClaims } from './token.ts'
import { type SiwxSession, verifySiwx } from './verify.ts'

export interface SiwxVerifierOptions {
  siwx?: SiwxConfigInput
  /** Chains whose contract accounts (ERC-1271/6492) are checked on chain; EOAs need none. */
  chains?: ChainConfig[] | Map<number, ChainHandle>
  /** CAIP-2 networks messages may name (besides `chains` and `siwx.extraChains`). */
  supportedChains?: string[]
  rpcTimeoutMs?: number
  /**
   * Where used nonces are recorded: the API passes its database, so a nonce verifies once across
   * every node sharing it. Default: this process's memory.
   */
  usedNonces?: SiwxNonceLedger
  /** Where the line about a generated dev nonce key goes (default console.warn). */
  log?: (line: string) => void
}

export interface SiwxVerifier {
  config: SiwxConfig
  /** A fresh nonce for the project (HMAC-signed: nothing is stored until it is used). */
  issueNonce(projectId: string): { nonce: string; expiresAt: string }
  /**
   * Throws ApiError (400/401/403/413 with the reason; 429 when `client` used too many nonces) unless
   * the signed message is good; uses the nonce up. `client`: the caller's IP address (key).
   */
  verify(projectId: string, message: string, signature: string, client?: string): Promise<SiwxSession>
  /** The claims of a live token this verifier issued to the project; undefined otherwise. */
  readSession(projectId: string, token: string): SessionClaims | undefined
}

/**
 * The SIWX verifier on its own, for a dapp backend that serves its own routes (what /v1/siwx/* uses):
 * nonces HMAC-signed with `siwx.nonceKey` (verifiable by every instance holding it), their uses
 * recorded in `usedNonces`, sessions as HMAC tokens (`siwx.tokenSecret`).
 */
export function createSiwxVerifier(options: SiwxVerifierOptions = {}): SiwxVerifier {
  const config = resolveSiwxConfig(options.siwx)
  const chains =
    options.chains instanceof Map
      ? options.chains
      : createChainHandles(options.chains ?? [], options.rpcTimeoutMs ?? 10_000)
  const nonces = createNonceSigner(loadNonceKey(config, options.log), config.nonceTtlSeconds * 1000)
  const used = options.usedNonces ?? createMemoryNonceLedger()
  const supportedChains = new Set([
    ...(options.supportedChains ?? []),
    ...[...chains.keys()].map((id) => `eip155:${id}`),
    ...config.extraChains,
  ])
  return {
    config,
    issueNonce(projectId) {
      const issued = nonces.issue(projectId, Date.now())
      return { nonce: issued.nonce, expiresAt: new Date(issued.expiresAt).toISOString() }
    },
    verify: (projectId, message, signature, client) =>
      verifySiwx({ config, nonces, used, chains, supportedChains }, projectId, message, signature, client),
    readSession(projectId, token) {
      const claims = readSessionToken(config.tokenSecret, token, Math.floor(Date.now() / 1000))
      return claims?.p === projectId ? claims : undefined
    },
  }
}
