import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'

export interface VirtualListProps {
  /** Accessible name of the list. */
  label: string
  count: number
  /** Every row's height in px, its gap included. */
  rowHeight: number
  /** Height of the scrolling box (any CSS length); rows are measured against its real size. */
  height: string
  /** Height assumed before the box can be measured (and where layout is not computed). */
  fallbackHeight?: number
  /** Rows rendered beyond each edge. */
  overscan?: number
  renderRow(index: number): ReactNode
  rowKey(index: number): string
  /** Called when the last `threshold` rows come into view (e.g. to load the next page). */
  onEndReached?: () => void
  endThreshold?: number
}

/**
 * A fixed-row-height virtual list: only the rows in view (plus `overscan`) are in the DOM, as items
 * of one list that says its full size (aria-setsize / aria-posinset). Arrow keys, Home and End move
 * focus between rows; Tab works too, since the focused row scrolls into view and its neighbours render.
 */
export function VirtualList({
  label,
  count,
  rowHeight,
  height,
  fallbackHeight = 420,
  overscan = 4,
  renderRow,
  rowKey,
  onEndReached,
  endThreshold = 8,
}: VirtualListProps) {
  const box = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [viewport, setViewport] = useState(fallbackHeight)
  const [pendingFocus, setPendingFocus] = useState<number | null>(null)

  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const measure = () => setViewport(element.clientHeight || fallbackHeight)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [fallbackHeight])

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const last = Math.min(count - 1, Math.ceil((scrollTop + viewport) / rowHeight) + overscan)
  const lastVisible = Math.min(count - 1, Math.ceil((scrollTop + viewport) / rowHeight))

  const endReached = useRef(onEndReached)
  endReached.current = onEndReached
  useEffect(() => {
    if (count > 0 && lastVisible >= count - endThreshold) endReached.current?.()
  }, [count, lastVisible, endThreshold])

  useLayoutEffect(() => {
    if (pendingFocus === null) return
    const row = box.current?.querySelector<HTMLElement>(`[data-index="${pendingFocus}"]`)
    const target = row?.querySelector<HTMLElement>('button, a[href], [tabindex]') ?? row
    target?.focus()
    setPendingFocus(null)
  }, [pendingFocus])

  const focusRow = useCallback(
    (index: number) => {
      const element = box.current
      if (!element || count === 0) return
      const target = Math.max(0, Math.min(count - 1, index))
      const top = target * rowHeight
      if (top < element.scrollTop) element.scrollTop = top
      else if (top + rowHeight > element.scrollTop + viewport) element.scrollTop = top + rowHeight - viewport
      setScrollTop(element.scrollTop)
      setPendingFocus(target)
    },
    [count, rowHeight, viewport],
  )

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')
    const current = row ? Number(row.dataset.index) : -1
    const page = Math.max(1, Math.floor(viewport / rowHeight) - 1)
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + page,
      PageUp: current - page,
      Home: 0,
      End: count - 1,
    }
    const next = moves[event.key]
    if (next === undefined || current < 0) return
    event.preventDefault()
    focusRow(next)
  }

  const rows: ReactNode[] = []
  for (let index = first; index <= last; index++) {
    rows.push(
      <li
        key={rowKey(index)}
        data-index={index}
        aria-setsize={count}
        aria-posinset={index + 1}
        style={{ position: 'absolute', top: index * rowHeight, left: 0, right: 0, height: rowHeight }}
      >
        {renderRow(index)}
      </li>,
    )
  }
  return (
    <div
      ref={box}
      className="pt-vlist"
      style={{ height, overflowY: 'auto', position: 'relative', overscrollBehavior: 'contain' }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <ul
        aria-label={label}
        onKeyDown={onKeyDown}
        style={{ position: 'relative', height: count * rowHeight, margin: 0, padding: 0, listStyle: 'none' }}
      >
        {rows}
      </ul>
    </div>
  )
}
