import type { PluginContext } from '@portico/shared-types/plugin'
import { useEffect } from 'react'

/**
 * The form offers the account's tokens with their balances: they are read again, past the kernel's 30 s
 * balance cache, each time the form shows for an account and network. Funds received since the cache
 * was filled (a transfer, an on-ramp delivery) are then offered at once instead of up to 30 s later;
 * the cached list shows meanwhile.
 */
export function useFreshBalances(
  ctx: PluginContext,
  address: string | undefined,
  network: string | undefined,
) {
  useEffect(() => {
    if (!address || !network) return
    ctx.account.refreshBalance().catch((error: unknown) => ctx.log.warn('could not read the balances', error))
  }, [ctx, address, network])
}
