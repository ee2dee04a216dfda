import { PreviewPanel } from './PreviewPanel.tsx'
import { RpcPanel } from './RpcPanel.tsx'
import { SignMessage, SignSolanaMessage } from './SignMessages.tsx'

/**
 * What the demo shows only with a connected account: its own chunk (App loads it once connected), so a
 * first visit's page carries none of it.
 */
export default function ConnectedSections() {
  return (
    <>
      <SignMessage />
      <SignSolanaMessage />
      <SignSolanaMessage chain="bip122" label="Bitcoin" />
      <RpcPanel />
      <PreviewPanel />
    </>
  )
}
