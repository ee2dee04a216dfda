import { useI18n } from '../../i18n/useI18n.ts'

const LINE = { margin: 0, textAlign: 'center', color: 'var(--pt-fg-muted)', fontSize: '.85em' } as const
const LINK = {
  background: 'none',
  border: 0,
  padding: 0,
  font: 'inherit',
  color: 'var(--pt-accent)',
  cursor: 'pointer',
} as const

/**
 * The wallet guide under the Connect view's methods (behaviour §2): in the wallet view it offers a
 * visitor without a wallet the email and social sign-up alone; in that email-first view it offers the
 * wallets back. The styles are inline so the first paint's stylesheet does not grow.
 */
export function WalletGuide({ emailFirst, onSwitch }: { emailFirst: boolean; onSwitch: () => void }) {
  const i18n = useI18n()
  return (
    <p style={LINE}>
      {i18n.t(emailFirst ? 'walletGuide.haveWallet' : 'walletGuide.noWallet')}{' '}
      <button type="button" style={LINK} onClick={onSwitch}>
        {i18n.t(emailFirst ? 'walletGuide.connectWallet' : 'walletGuide.getStarted')}
      </button>
    </p>
  )
}
