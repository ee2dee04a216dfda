import type { PluginViewProps } from '@portico/shared-types/plugin'
import { useSyncExternalStore } from 'react'
import { FramePlace } from './FramePlace.tsx'
import { sessionOf } from './session.ts'
import { strings } from './strings.ts'

/**
 * ApproveTransaction (behaviour §4 RPC requests): the auth frame itself is shown here. The frame (the
 * wallet's origin, out of reach of the page's scripts) renders what is asked (site, network, recipient,
 * amounts) and its own Approve and Reject buttons; this view only makes room for it. The kernel's request
 * pipeline pops the view (or closes the modal) when the request settles; Back and closing withdraw it (4001).
 */
export function ApproveTransactionView({ ctx }: PluginViewProps) {
  const { Text, Stack } = ctx.ui
  const { approvals } = sessionOf(ctx)
  const request = useSyncExternalStore(approvals.subscribe, approvals.current)
  if (!request) return <Text tone="secondary">{strings.noRequest}</Text>
  return (
    <Stack gap="s" align="stretch">
      <Text variant="small" tone="secondary">
        {strings.frameNote}
      </Text>
      <FramePlace ctx={ctx} active />
    </Stack>
  )
}
