import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useKernel } from '../context.tsx'
import { emptyIntent, replayIntent, type StandInIntent } from './standInIntent.ts'

/**
 * One connect method's place in the Connect view, kept while its stand-in (painted before the plugin's
 * code loads) gives way to the plugin's component. Pointing at, focusing or pressing the stand-in loads
 * the plugin; when it is ready, what the visitor did to the stand-in is replayed onto the component.
 * A press in progress is let finish first: swapping the button out between pointer-down and pointer-up
 * would leave the click no target, and the visitor's press would be lost.
 */
export function ConnectMethodSlot({
  pluginId,
  ready,
  children,
}: {
  pluginId: string
  ready: boolean
  /** `show`: the plugin's component may replace the stand-in now. */
  children: (intent: StandInIntent, show: boolean) => ReactNode
}) {
  const { kernel } = useKernel()
  const ref = useRef<HTMLDivElement>(null)
  const [intent] = useState(emptyIntent)
  const [pressing, setPressing] = useState(false)
  const show = ready && !pressing
  const wasShown = useRef(show)
  useLayoutEffect(() => {
    if (show && !wasShown.current && ref.current) replayIntent(ref.current, intent)
    wasShown.current = show
  }, [show, intent])
  useEffect(() => {
    const element = ref.current
    if (wasShown.current || !element) return
    // Only the stand-in's presses: once the component is shown, nothing here changes again.
    const down = () => {
      if (!wasShown.current) setPressing(true)
    }
    // The click follows pointer-up in the same task: the swap waits for the next one.
    const up = () => setTimeout(() => setPressing(false), 0)
    element.addEventListener('pointerdown', down)
    window.addEventListener('pointerup', up)
    window.addEventListener('pointercancel', up)
    return () => {
      element.removeEventListener('pointerdown', down)
      window.removeEventListener('pointerup', up)
      window.removeEventListener('pointercancel', up)
    }
  }, [])
  // A window a stand-in's press opened for a plugin that never arrived (it failed, or the view went)
  // would stay open and blank.
  useEffect(
    () => () => {
      if (!wasShown.current && intent.popup && !intent.popup.closed) intent.popup.close()
    },
    [intent],
  )
  useEffect(() => {
    const element = ref.current
    if (ready || !element) return
    const want = () => void kernel.plugins.ensureLoaded([pluginId])
    const events = ['pointerenter', 'focusin', 'pointerdown'] as const
    const enter = () => {
      intent.pointerInside = true
    }
    const leave = () => {
      intent.pointerInside = false
    }
    for (const name of events) element.addEventListener(name, want)
    element.addEventListener('pointerenter', enter)
    element.addEventListener('pointerleave', leave)
    return () => {
      for (const name of events) element.removeEventListener(name, want)
      element.removeEventListener('pointerenter', enter)
      element.removeEventListener('pointerleave', leave)
    }
  }, [ready, kernel, pluginId, intent])
  return (
    <div ref={ref} className="pt-stack">
      {children(intent, show)}
    </div>
  )
}
