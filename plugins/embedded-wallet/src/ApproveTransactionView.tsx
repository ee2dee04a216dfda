import type { PluginViewProps } from '@portico/shared-types'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { sessionOf } from './session.ts'
import { strings } from './strings.ts'

/** The frame's place before it says how tall its content is, and the bounds it may ask for. */
const DEFAULT_HEIGHT = 360
const MIN_HEIGHT = 160
const MAX_HEIGHT = 520

/**
 * ApproveTransaction (SPEC §4 RPC requests): the auth frame itself is shown here, over this view's
 * place. The frame (the wallet's origin, out of reach of the page's scripts) renders what is asked
 * (site, network, recipient, amounts) and its own Approve and Reject buttons; this view only makes room
 * for it. The kernel's request pipeline pops the view (or closes the modal) when the request settles;
 * Back and closing withdraw it (4001).
 */
export function ApproveTransactionView({ ctx }: PluginViewProps) {
  const { Text, Stack } = ctx.ui
  const session = sessionOf(ctx)
  const request = useSyncExternalStore(session.approvals.subscribe, session.approvals.current)
  const place = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState(DEFAULT_HEIGHT)
  const open = request !== undefined

  useEffect(() => {
    const element = place.current
    if (!open || !element) return
    let live = true
    let undo: (() => void) | undefined
    void session.frame().then(
      (frame) => {
        if (!live) return
        const off = frame.on('APPROVAL_SIZE', (payload) => {
          const wanted = (payload as { height?: unknown } | null)?.height
          if (typeof wanted === 'number' && Number.isFinite(wanted))
            setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(wanted))))
        })
        frame.show(element)
        undo = () => {
          off()
          frame.hide()
        }
      },
      () => undefined,
    )
    return () => {
      live = false
      undo?.()
    }
  }, [session, open])

  if (!open) return <Text tone="secondary">{strings.noRequest}</Text>
  return (
    <Stack gap="s" align="stretch">
      <Text variant="small" tone="secondary">
        {strings.frameNote}
      </Text>
      <div ref={place} data-testid="approval-frame-place" style={{ height, width: '100%' }} />
    </Stack>
  )
}
