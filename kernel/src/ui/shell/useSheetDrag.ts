import { type PointerEvent, type RefObject, useRef } from 'react'
import { releaseCloses, sheetOffset } from './sheetDrag.ts'

/**
 * The bottom sheet's handle: dragged down, the sheet follows the pointer; released far or fast enough,
 * the modal closes, otherwise the sheet goes back. Keyboard and screen-reader users close it with Escape
 * or the Close button, so the handle itself is not a control.
 */
export function useSheetDrag(sheet: RefObject<HTMLElement | null>, close: () => void) {
  const drag = useRef<{ pointerId: number; startY: number; startedAt: number } | null>(null)
  const place = (offset: number) => {
    if (!sheet.current) return
    sheet.current.style.transform = offset > 0 ? `translateY(${offset}px)` : ''
    sheet.current.toggleAttribute('data-dragging', offset > 0)
  }
  const end = (event: PointerEvent, cancelled: boolean) => {
    const started = drag.current
    if (!started || started.pointerId !== event.pointerId) return
    drag.current = null
    const offset = sheetOffset(started.startY, event.clientY)
    const height = sheet.current?.offsetHeight ?? 0
    place(0)
    if (!cancelled && releaseCloses(offset, height, event.timeStamp - started.startedAt)) close()
  }
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return
      event.currentTarget.setPointerCapture(event.pointerId)
      drag.current = { pointerId: event.pointerId, startY: event.clientY, startedAt: event.timeStamp }
    },
    onPointerMove: (event: PointerEvent) => {
      const started = drag.current
      if (started?.pointerId === event.pointerId) place(sheetOffset(started.startY, event.clientY))
    },
    onPointerUp: (event: PointerEvent) => end(event, false),
    onPointerCancel: (event: PointerEvent) => end(event, true),
  }
}
