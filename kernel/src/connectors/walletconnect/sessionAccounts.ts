/**
 * The accounts of a WalletConnect session come from the wallet: each is checked as behaviour §5 says
 * before it reaches the store, explorer URLs or API paths.
 */

import { MESSAGES, type ParsedCaipAddress } from '@portico/shared-types'
import type { Logger } from '@portico/shared-types/plugin'
import { parseCaipAccount } from '../../chains/caip.ts'
import { PorticoError } from '../../errors/base.ts'
import { en } from '../../i18n/en.ts'

/** The wallet's session has no account the kernel can use: the connection fails, the session ends. */
export class InvalidSessionError extends PorticoError {
  override name = 'InvalidSessionError'
  constructor(message: string) {
    super('WALLETCONNECT_INVALID_SESSION', message)
  }
}

/**
 * The session's eip155 accounts that are valid CAIP accounts (eip155 namespace, decimal safe chain
 * id, 40-hex address); every other one is logged ('Invalid CAIP Address') and dropped.
 */
export function validSessionAccounts(log: Pick<Logger, 'error'>, accounts: unknown): ParsedCaipAddress[] {
  const list: unknown[] = Array.isArray(accounts) ? accounts : []
  return list.flatMap((account) => {
    try {
      const parsed = parseCaipAccount(account)
      if (parsed.namespace === 'eip155') return [parsed]
    } catch {}
    log.error(
      `Portico: WalletConnect session account dropped: ${MESSAGES.invalidCaipAddress}`,
      String(account).slice(0, 120),
    )
    return []
  })
}

/**
 * The account to use: the valid one on `activeChain` (`eip155:<id>`) when there is one, else the
 * first valid one. Throws InvalidSessionError when none is valid.
 */
export function sessionAccount(
  log: Pick<Logger, 'error'>,
  accounts: unknown,
  activeChain: string | undefined,
): ParsedCaipAddress {
  const valid = validSessionAccounts(log, accounts)
  const chosen = valid.find((account) => `eip155:${account.chainId}` === activeChain) ?? valid[0]
  if (chosen) return chosen
  const none = !Array.isArray(accounts) || accounts.length === 0
  throw new InvalidSessionError(
    none ? en.walletConnect.noAccount : `${en.walletConnect.noAccount}: ${MESSAGES.invalidCaipAddress}`,
  )
}
