/**
 * Drag-to-close of the bottom sheet (the modal under 600 px wide): how far the sheet follows the
 * pointer, and whether letting go closes it.
 */

/** Past this share of the sheet's height, or this many pixels, a release closes the sheet. */
const CLOSE_SHARE = 0.25
const CLOSE_PX = 120
/** A flick: a fast downward release closes it even when short (px per ms). */
const FLICK_SPEED = 0.6

/** The sheet follows the pointer downward only; dragging up does not lift it off the bottom. */
export const sheetOffset = (startY: number, currentY: number): number => Math.max(0, currentY - startY)

export function releaseCloses(offset: number, sheetHeight: number, elapsedMs: number): boolean {
  if (offset <= 0) return false
  if (offset >= Math.min(CLOSE_PX, sheetHeight * CLOSE_SHARE)) return true
  return elapsedMs > 0 && offset / elapsedMs >= FLICK_SPEED
}
