import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useKernel } from '../context.tsx'
import { emptyIntent, replayIntent, type StandInIntent } from './standInIntent.ts'

/**
 * One connect method's place in the Connect view, kept while its stand-in (painted before the plugin's
 * code loads) gives way to the plugin's component. Pointing at, focusing or pressing the stand-in loads
 * the plugin; when it is ready, what the visitor did to the stand-in is replayed onto the component.
 */
export function ConnectMethodSlot({
  pluginId,
  ready,
  children,
}: {
  pluginId: string
  ready: boolean
  children: (intent: StandInIntent) => ReactNode
}) {
  const { kernel } = useKernel()
  const ref = useRef<HTMLDivElement>(null)
  const [intent] = useState(emptyIntent)
  const wasReady = useRef(ready)
  useLayoutEffect(() => {
    if (ready && !wasReady.current && ref.current) replayIntent(ref.current, intent)
    wasReady.current = ready
  }, [ready, intent])
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
      {children(intent)}
    </div>
  )
}
