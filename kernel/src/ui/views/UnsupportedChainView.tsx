import { useI18n } from '../../i18n/useI18n.ts'
import { useKernel } from '../context.tsx'
import { Button } from '../primitives/Button.tsx'
import { NetworkList } from './NetworkList.tsx'

/** behaviour §2/§4: shown when the wallet is on a network the app did not request; back is blocked here. */
export function UnsupportedChainView() {
  const { actions } = useKernel()
  const i18n = useI18n()
  return (
    <div className="pt-stack pt-gap-m">
      <p className="pt-text-body">{i18n.t('unsupportedTitle')}</p>
      <p className="pt-text-small pt-tone-secondary">{i18n.t('unsupportedDescription')}</p>
      <NetworkList onSwitched={() => actions.reset('Account')} />
      <Button
        variant="ghost"
        icon="disconnect"
        fullWidth
        onClick={() => void actions.disconnect().then(() => actions.reset('Connect'))}
      >
        {i18n.t('disconnect')}
      </Button>
    </div>
  )
}
