import { useCallback, useEffect, useRef, useState } from 'react'
import { useI18n } from '../../i18n/useI18n.ts'
import type { ViewProps } from '../../router/registry.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { errorMessage } from '../errorMessage.ts'
import { Button } from '../primitives/Button.tsx'
import { Spinner } from '../primitives/Spinner.tsx'

export function ConnectingExternalView({ params }: ViewProps) {
  const { actions, kernel } = useKernel()
  const i18n = useI18n()
  const connectorId = String(params.connectorId ?? '')
  const connector = useKernelState((state) =>
    state.connectors.find((candidate) => candidate.id === connectorId),
  )
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)

  const connect = useCallback(async () => {
    setError(null)
    try {
      const { supported } = await actions.connectExternal(connectorId)
      const allowUnsupported = kernel.store.get().options.allowUnsupportedChain === true
      if (!supported && !allowUnsupported) actions.reset('UnsupportedChain')
      else actions.close()
    } catch (cause) {
      setError(errorMessage(cause))
    }
  }, [actions, connectorId, kernel])

  useEffect(() => {
    // Strict-mode double mounts must not prompt the wallet twice.
    if (started.current) return
    started.current = true
    void connect()
  }, [connect])

  const name = connector?.name ?? connectorId
  return (
    <div className="pt-stack pt-gap-m pt-align-center">
      {connector?.imageUrl ? <img src={connector.imageUrl} alt="" width={72} height={72} /> : null}
      <p className="pt-text-title">
        {error ? i18n.t('connectionDeclined') : i18n.t('continueIn', { name: name })}
      </p>
      {error ? (
        <>
          <p className="pt-text-small pt-tone-error" role="alert">
            {error}
          </p>
          <Button variant="primary" onClick={connect}>
            {i18n.t('tryAgain')}
          </Button>
        </>
      ) : (
        <>
          <p className="pt-text-small pt-tone-secondary">{i18n.t('acceptRequest')}</p>
          <Spinner label={i18n.t('connecting')} />
        </>
      )}
    </div>
  )
}
