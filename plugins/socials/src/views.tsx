import type { PluginViewProps } from '@portico/shared-types/plugin'
import { useEffect, useState } from 'react'
import {
  connectFarcaster,
  connectSocial,
  farcasterUri,
  isOAuthProvider,
  type OpenedPopup,
  openPopup,
  takePopup,
} from './social.ts'
import { PROVIDER_NAMES, strings } from './strings.ts'
import { isTelegramMiniApp, startTelegramLogin } from './telegram.ts'

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** ConnectingSocial: the provider's popup is open; the frame connects once it comes back. */
export function ConnectingSocialView({ ctx, params }: PluginViewProps) {
  const { Text, Stack, Button, Spinner } = ctx.ui
  const provider = isOAuthProvider(params.provider) ? params.provider : undefined
  const name = provider ? (PROVIDER_NAMES[provider] ?? provider) : ''
  const [attempt, setAttempt] = useState<OpenedPopup | undefined>(undefined)
  const [error, setError] = useState<string>()
  useEffect(() => {
    if (!provider) return
    const controller = new AbortController()
    // The first attempt uses the window opened by the click; Try again opens its own.
    const popup = attempt ?? takePopup(ctx)
    setError(undefined)
    // A Telegram mini app leaves for the provider and finishes the login when it comes back.
    const login = isTelegramMiniApp()
      ? startTelegramLogin(ctx, provider, controller.signal)
      : connectSocial(ctx, provider, popup, controller.signal)
    login.catch((failure: unknown) => {
      if (!controller.signal.aborted) setError(errorText(failure))
    })
    return () => controller.abort()
  }, [ctx, provider, attempt])
  if (!provider) return <Text tone="error">{strings.popupClosed}</Text>
  return (
    <Stack gap="m" align="center">
      <Text variant="title" as="h3">
        {strings.continueInPopup(name)}
      </Text>
      {error ? (
        <div role="alert">
          <Text tone="error">{error}</Text>
        </div>
      ) : (
        <>
          <Text tone="secondary">{strings.popupHint}</Text>
          <Spinner label={strings.connecting} />
        </>
      )}
      {error ? (
        <Button variant="primary" fullWidth onClick={() => setAttempt({ popup: openPopup() })}>
          {strings.tryAgain}
        </Button>
      ) : null}
    </Stack>
  )
}

/** ConnectingFarcaster: the QR of GET_FARCASTER_URI, then CONNECT_FARCASTER waits for the approval. */
export function ConnectingFarcasterView({ ctx }: PluginViewProps) {
  const { Text, Stack, Button, Spinner, QrCode, CopyButton } = ctx.ui
  const [url, setUrl] = useState<string>()
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<string>()
  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt (Try again) starts afresh
  useEffect(() => {
    const controller = new AbortController()
    setError(undefined)
    setUrl(undefined)
    farcasterUri(ctx, controller.signal)
      .then((next) => {
        if (controller.signal.aborted) return
        setUrl(next)
        return connectFarcaster(ctx, controller.signal)
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorText(failure))
      })
    return () => controller.abort()
  }, [ctx, attempt])
  return (
    <Stack gap="m" align="center">
      {url ? (
        <>
          <QrCode value={url} label={strings.farcasterQr} />
          <Text tone="secondary">{strings.scanFarcaster}</Text>
          <CopyButton value={url} label={strings.copyLink} />
        </>
      ) : error ? null : (
        <Spinner label={strings.loadingQr} />
      )}
      {error ? (
        <div role="alert">
          <Text tone="error">{error}</Text>
        </div>
      ) : url ? (
        <Spinner label={strings.waitingFarcaster} />
      ) : null}
      {error ? (
        <Button variant="primary" fullWidth onClick={() => setAttempt((n) => n + 1)}>
          {strings.tryAgain}
        </Button>
      ) : null}
    </Stack>
  )
}
