import type { PluginViewProps } from '@portico/shared-types/plugin'
import { useState } from 'react'
import { FramePlace } from '../../embedded-wallet/src/FramePlace.tsx'
import { runPasskeyView } from './passkey.ts'

/** The frame's passkey view over this view's place; an error of the frame call shows above it. */
function PasskeyPlace({ ctx, purpose }: PluginViewProps & { purpose: 'connect' | 'add' }) {
  const { Text, Stack } = ctx.ui
  const [error, setError] = useState<string>()
  return (
    <Stack gap="s" align="stretch">
      {error ? (
        <div role="alert">
          <Text tone="error">{error}</Text>
        </div>
      ) : null}
      <FramePlace ctx={ctx} active onShown={(frame) => runPasskeyView(ctx, frame, purpose, setError)} />
    </Stack>
  )
}

/** EmailPasskey: sign in with a passkey, or create the wallet with a new one (Connect view). */
export function PasskeyConnectView(props: PluginViewProps) {
  return <PasskeyPlace {...props} purpose="connect" />
}

/** EmailAddPasskey: add a passkey to the signed-in embedded wallet (Account menu). */
export function AddPasskeyView(props: PluginViewProps) {
  return <PasskeyPlace {...props} purpose="add" />
}
