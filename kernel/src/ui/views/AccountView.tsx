import { MESSAGES } from '@portico/shared-types'
import { truncateAddress } from '../../chains/format.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { selectActiveAccount, selectActiveNetwork } from '../../state/selectors.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { Avatar } from '../primitives/Avatar.tsx'
import { Button } from '../primitives/Button.tsx'
import { Icon } from '../primitives/Icon.tsx'
import { ListItem } from '../primitives/ListItem.tsx'
import { useContributions } from '../useContributions.ts'
import { AccountMenu } from './AccountMenu.tsx'
import { AccountTabs } from './AccountTabs.tsx'

function WalletFeatures() {
  const i18n = useI18n()
  const { actions } = useKernel()
  const state = useKernelState((s) => s)
  const features = useContributions('walletFeatures').filter(
    (feature) => feature.isAvailable?.(state) ?? true,
  )
  if (features.length === 0) return null
  return (
    <nav className="pt-features" aria-label={i18n.t('walletFeatures')}>
      {features.map((feature) => (
        <button
          key={feature.id}
          type="button"
          className="pt-feature"
          onClick={() => actions.push(feature.view)}
        >
          <Icon name={feature.icon} />
          {i18n.ownerString(feature.pluginId, `features.${feature.id}`) ?? feature.label}
        </button>
      ))}
    </nav>
  )
}

export function AccountView() {
  const i18n = useI18n()
  const { actions } = useKernel()
  const account = useKernelState(selectActiveAccount)
  const network = useKernelState(selectActiveNetwork)
  if (!account?.address) return null
  const address = account.address
  const explorer = network?.blockExplorers?.default.url
  const explorerUrl = explorer
    ? `${explorer.replace(/\/$/, '')}/address/${address}`
    : account.addressExplorerUrl
  const balance =
    account.balanceLoading && account.balance === undefined
      ? null
      : i18n.formatters().formatBalance(account.balance)
  const copy = () =>
    navigator.clipboard.writeText(address).then(
      () => actions.toast.success(i18n.t('addressCopied')),
      () => actions.toast.error(i18n.t('copyFailed')),
    )
  return (
    <div className="pt-stack pt-gap-l">
      <div className="pt-stack pt-gap-s pt-align-center">
        <Avatar address={address} imageUrl={account.profileImage ?? null} />
        <div className="pt-stack pt-row pt-gap-xs pt-align-center">
          <p className="pt-text-title" title={address}>
            {account.profileName ?? truncateAddress(address)}
          </p>
          <button type="button" className="pt-icon-btn" aria-label={i18n.t('copyAddress')} onClick={copy}>
            <Icon name="copy" size={16} />
          </button>
        </div>
        <p className="pt-balance" aria-live="polite">
          {balance === null
            ? i18n.t('loading')
            : `${balance} ${account.balanceSymbol ?? network?.nativeCurrency.symbol ?? ''}`}
        </p>
        {explorerUrl ? (
          <a className="pt-link" href={explorerUrl} target="_blank" rel="noreferrer">
            {i18n.t('viewOnExplorer')} <Icon name="externalLink" size={14} />
          </a>
        ) : null}
      </div>
      <ListItem
        label={network?.name ?? i18n.t('network')}
        description={i18n.t('switchNetwork')}
        icon="network"
        onClick={() => actions.push('Networks')}
      />
      <WalletFeatures />
      <AccountMenu />
      <AccountTabs />
      <Button
        variant="ghost"
        icon="disconnect"
        fullWidth
        onClick={() =>
          void actions.disconnect().then(
            () => actions.reset('Connect'),
            () => actions.toast.error(MESSAGES.failedToDisconnect),
          )
        }
      >
        {i18n.t('disconnect')}
      </Button>
    </div>
  )
}
