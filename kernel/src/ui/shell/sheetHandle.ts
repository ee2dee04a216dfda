import type { PointerEvent } from 'react'
import { releaseCloses, sheetOffset } from './sheetDrag.ts'

/** Pointer handlers of the bottom sheet's grip (the modal under 600 px wide). */
export interface SheetHandleProps {
  onPointerDown(event: PointerEvent<HTMLElement>): void
  onPointerMove(event: PointerEvent<HTMLElement>): void
  onPointerUp(event: PointerEvent<HTMLElement>): void
  onPointerCancel(event: PointerEvent<HTMLElement>): void
}

/**
 * The bottom sheet's handle: dragged down, the sheet follows the pointer; released far or fast enough,
 * the modal closes, otherwise the sheet goes back. Keyboard and screen-reader users close it with Escape
 * or the Close button, so the handle itself is not a control. Only the kernel's model offers it: the
 * first paint is on screen for the moment the kernel body takes to load, so the page's own code never
 * carries it.
 */
export function sheetHandle(sheet: () => HTMLElement | null, close: () => void): SheetHandleProps {
  let drag: { pointerId: number; startY: number; startedAt: number } | null = null
  const place = (offset: number) => {
    const element = sheet()
    if (!element) return
    element.style.transform = offset > 0 ? `translateY(${offset}px)` : ''
    element.toggleAttribute('data-dragging', offset > 0)
  }
  const end = (event: PointerEvent, cancelled: boolean) => {
    const started = drag
    if (!started || started.pointerId !== event.pointerId) return
    drag = null
    const offset = sheetOffset(started.startY, event.clientY)
    const height = sheet()?.offsetHeight ?? 0
    place(0)
    if (!cancelled && releaseCloses(offset, height, event.timeStamp - started.startedAt)) close()
  }
  return {
    onPointerDown(event) {
      if (event.button !== 0) return
      event.currentTarget.setPointerCapture(event.pointerId)
      drag = { pointerId: event.pointerId, startY: event.clientY, startedAt: event.timeStamp }
    },
    onPointerMove(event) {
      if (drag?.pointerId === event.pointerId) place(sheetOffset(drag.startY, event.clientY))
    },
    onPointerUp: (event) => end(event, false),
    onPointerCancel: (event) => end(event, true),
  }
}
