/**
 * behaviour §4 preferred account type: set loading, ask the frame (SET_PREFERRED_ACCOUNT), reconnect (GET_USER
 * with the new type: the kernel sees accountsChanged), clear loading, send SET_PREFERRED_ACCOUNT_TYPE.
 * A failed set falls back to EOA.
 */
import type { AccountType } from '@portico/shared-types'
import type { EmbeddedSession } from './session.ts'

export interface SwitchResult {
  type: AccountType
  fellBack: boolean
}

export async function switchAccountType(session: EmbeddedSession, type: AccountType): Promise<SwitchResult> {
  const { ctx } = session
  const [frame, provider] = await Promise.all([session.frame(), session.provider()])
  let result: SwitchResult = { type, fellBack: false }
  try {
    await frame.request('SET_PREFERRED_ACCOUNT', { type })
    session.setPreferredAccountType(type)
    await provider.refreshUser()
  } catch (error) {
    ctx.log.warn('Portico: set preferred account type failed; falling back to EOA', error)
    session.setPreferredAccountType('eoa')
    await frame.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' }).catch(() => undefined)
    await provider.refreshUser().catch(() => undefined)
    result = { type: 'eoa', fellBack: true }
  }
  const network = ctx.chains.activeNetwork('eip155')?.caipNetworkId ?? ''
  ctx.events.emit('SET_PREFERRED_ACCOUNT_TYPE', { accountType: result.type, network })
  return result
}
