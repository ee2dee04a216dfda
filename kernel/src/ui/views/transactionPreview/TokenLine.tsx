import type { PreviewToken } from '@portico/shared-types/api'
import { useI18n } from '../../../i18n/useI18n.ts'
import { contractOf } from './amounts.ts'

/**
 * A token as the preview names it: symbol and name as the contract reports them (cleaned), always with
 * its contract address, and a words-not-colour mark when the token is not on the network's list.
 */
export function TokenLine({ token }: { token: PreviewToken }) {
  const i18n = useI18n()
  const label = [token.symbol, token.name].filter(Boolean).join(' · ') || i18n.t('preview.unknownToken')
  return (
    <>
      <span className="pt-text-body">{label}</span>
      {token.standard === 'native' ? null : (
        <span className="pt-text-small pt-tone-secondary pt-text-mono">
          {i18n.t('preview.contract', { address: contractOf(token) })}
        </span>
      )}
      {token.listed ? null : (
        <strong className="pt-text-small pt-tone-error">{i18n.t('preview.notListed')}</strong>
      )}
    </>
  )
}
