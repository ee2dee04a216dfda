import type { PluginContext } from '@portico/shared-types/plugin'
import { useEffect, useRef, useState } from 'react'
import type { FrameClient } from './frameClient.ts'
import { sessionOf } from './session.ts'

/** The frame's place before it says how tall its content is, and the bounds it may ask for. */
const DEFAULT_HEIGHT = 360
const MIN_HEIGHT = 160
const MAX_HEIGHT = 520

/**
 * Makes room in a view for the auth frame and shows the frame over it while `active` (the frame renders
 * its own UI there, in its own origin). `onShown` runs once the frame is shown; what it returns runs when
 * the place goes away.
 */
export function FramePlace({
  ctx,
  active,
  onShown,
}: {
  ctx: PluginContext
  active: boolean
  onShown?(frame: FrameClient): (() => void) | undefined
}) {
  const place = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState(DEFAULT_HEIGHT)
  const shown = useRef(onShown)
  shown.current = onShown

  useEffect(() => {
    const element = place.current
    if (!active || !element) return
    let live = true
    let undo: (() => void) | undefined
    void sessionOf(ctx)
      .frame()
      .then(
        (frame) => {
          if (!live) return
          const off = frame.on('APPROVAL_SIZE', (payload) => {
            const wanted = (payload as { height?: unknown } | null)?.height
            if (typeof wanted === 'number' && Number.isFinite(wanted))
              setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(wanted))))
          })
          frame.show(element)
          const done = shown.current?.(frame)
          undo = () => {
            done?.()
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
  }, [ctx, active])

  return <div ref={place} data-testid="wallet-frame-place" style={{ height, width: '100%' }} />
}
