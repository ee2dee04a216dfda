import { useCallback, useEffect, useRef, useState } from 'react'
import { walletConnectDescriptor as descriptor } from '../../connectors/walletconnect/descriptor.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import type { ViewProps } from '../../router/registry.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { errorMessage } from '../errorMessage.ts'
import { Button } from '../primitives/Button.tsx'
import { CopyButton } from '../primitives/CopyButton.tsx'
import { QrCode } from '../primitives/QrCode.tsx'
import { loadQrEncoder } from '../primitives/qrMatrix.ts'
import { Spinner } from '../primitives/Spinner.tsx'

type Start = 'open' | 'retry' | 'expired'

/**
 * behaviour §2 ConnectingWalletConnect: the pairing uri as a QR code and a copyable link, the chosen
 * wallet's deep links, a new pairing when the shown one expires, our own relay timeout with a retry.
 * Loaded with the connector when WalletConnect is chosen (see ConnectingWalletConnectView.tsx).
 */
export default function ConnectingWalletConnectContent({ params }: ViewProps) {
  const { actions, kernel } = useKernel()
  const i18n = useI18n()
  const wallet = descriptor.walletOf(params.wallet)
  const wcUri = useKernelState((state) => state.connection.wcUri)
  const expiry = useKernelState((state) => state.connection.wcPairingExpiry)
  // One-click sign-in (behaviour §4): the pairing signs in too.
  const authenticating = useKernelState((state) => state.connection.wcAuthenticating === true)
  const [error, setError] = useState<{ message: string; relay: boolean } | null>(null)
  const [renewed, setRenewed] = useState(false)
  // Only the latest call's outcome matters; an unmounted view ignores them all.
  const call = useRef(0)

  const start = useCallback(
    async (how: Start) => {
      const id = ++call.current
      setError(null)
      setRenewed(how === 'expired')
      try {
        const { supported } = await actions.connectWalletConnect({
          ...(wallet ? { wallet } : {}),
          ...(how === 'open' ? {} : { fresh: true }),
        })
        if (id !== call.current) return
        const allowUnsupported = kernel.store.get().options.allowUnsupportedChain === true
        if (!supported && !allowUnsupported) actions.reset('UnsupportedChain')
        else actions.close()
      } catch (cause) {
        if (id !== call.current || descriptor.isSuperseded(cause)) return
        setError({ message: errorMessage(cause), relay: descriptor.isRelayError(cause) })
      }
    },
    [actions, kernel, wallet],
  )

  useEffect(() => {
    // The QR encoder is needed as soon as the uri arrives: fetch it alongside the SDK, not after.
    void loadQrEncoder()
    void start('open')
    return () => {
      call.current++
    }
  }, [start])

  // behaviour §5/§9: 4 minutes, expired when 10 s or less remain → a new pairing.
  useEffect(() => {
    if (expiry === undefined || error) return
    const timer = setTimeout(() => void start('expired'), descriptor.refreshDelay(expiry))
    return () => clearTimeout(timer)
  }, [expiry, error, start])

  const links = wallet && wcUri ? descriptor.links(wallet, wcUri) : []

  if (error) {
    return (
      <div className="pt-stack pt-gap-m pt-align-center">
        <p className="pt-text-title">
          {error.relay ? i18n.t('walletConnect.relayUnreachable') : i18n.t('walletConnect.failed')}
        </p>
        <p className="pt-text-small pt-tone-error" role="alert">
          {error.relay ? i18n.t('walletConnect.relayUnreachableHint') : error.message}
        </p>
        <Button variant="primary" onClick={() => void start('retry')}>
          {i18n.t('tryAgain')}
        </Button>
      </div>
    )
  }

  return (
    <div className="pt-stack pt-gap-m pt-align-center">
      {wallet?.image_url ? <img src={wallet.image_url} alt="" width={56} height={56} /> : null}
      <p className="pt-text-title">
        {wallet ? i18n.t('continueIn', { name: wallet.name }) : i18n.t('walletConnect.scan')}
      </p>
      {authenticating ? (
        <p className="pt-text-small pt-tone-secondary" role="status">
          {i18n.t('spec.authenticating')}
        </p>
      ) : null}
      {wcUri ? (
        <>
          <QrCode value={wcUri} label={i18n.t('walletConnect.qrLabel')} />
          {renewed ? (
            <p className="pt-text-small pt-tone-secondary" role="status">
              {i18n.t('walletConnect.expired')}
            </p>
          ) : null}
          <div className="pt-stack pt-row pt-gap-s">
            {links.map((link) => (
              <Button
                key={link.kind}
                variant={link.kind === 'web' ? 'secondary' : 'primary'}
                icon="externalLink"
                onClick={() => {
                  if (wallet) actions.setWalletConnectLinking(wallet, link.href)
                  window.open(link.redirect, link.target, 'noreferrer noopener')
                }}
              >
                {link.kind === 'web'
                  ? i18n.t('walletConnect.openWebApp')
                  : i18n.t('walletConnect.open', { name: wallet?.name ?? i18n.t('walletConnect.name') })}
              </Button>
            ))}
            <CopyButton
              value={wcUri}
              label={i18n.t('walletConnect.copyLink')}
              copiedMessage={i18n.t('walletConnect.linkCopied')}
            />
          </div>
        </>
      ) : (
        <div className="pt-qr">
          <div className="pt-qr-slot">
            <Spinner label={i18n.t('walletConnect.preparing')} />
          </div>
        </div>
      )}
    </div>
  )
}
