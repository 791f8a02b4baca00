import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useState } from 'react'
import type { RowPages } from './row-pages'
import { realPosition } from './scroll-window'
import { VirtualScroll } from './virtual-scroll'

const ROW_HEIGHT_REM = 2.4
const OVERSCAN = 8

function remPixels(): number {
  return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16
}

/** A row drawn, and its top in the table's body in real pixels. */
interface PlacedRow {
  item: VirtualItem
  top: number
}

interface RowWindow {
  scroll: VirtualScroll
  scrollElement: HTMLDivElement | null
  /** The ref of the scroll area. */
  attachScroll: (element: HTMLDivElement | null) => void
  /** The ref of the table's header, whose height the rows start below. */
  observeHeader: (element: HTMLTableSectionElement | null) => void
  rowHeight: number
  headerHeight: number
  /** The rows to draw, in order. */
  placed: PlacedRow[]
  /** The spacers' heights above and below them. */
  topSpacer: number
  bottomSpacer: number
}

/**
 * Which of `count` rows are drawn, and where, as the table scrolls: TanStack Virtual picks the
 * rows in view from the virtual offset, and VirtualScroll maps it to the capped real scroll
 * position. Their pages are asked of `pages`; a new `queryKey` scrolls back to the top.
 */
export function useRowWindow<Row, Filters>(
  pages: RowPages<Row, Filters>,
  count: number,
  queryKey: string,
): RowWindow {
  const [scroll] = useState(() => new VirtualScroll())
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null)
  const [rowHeight] = useState(() => Math.round(ROW_HEIGHT_REM * remPixels()))
  const [headerHeight, setHeaderHeight] = useState(rowHeight)

  const attachScroll = useCallback(
    (element: HTMLDivElement | null) => {
      setScrollElement(element)
      if (element) return scroll.attach(element)
    },
    [scroll],
  )
  const observeHeader = useCallback((element: HTMLTableSectionElement | null) => {
    if (!element) return
    const observer = new ResizeObserver(() => setHeaderHeight(element.offsetHeight))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useLayoutEffect(
    () => scroll.setVirtualHeight(headerHeight + count * rowHeight),
    [scroll, headerHeight, count, rowHeight],
  )
  useEffect(() => scroll.scrollTo(0), [scroll, queryKey])

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize: () => rowHeight,
    paddingStart: headerHeight,
    overscan: OVERSCAN,
    observeElementOffset: (_instance, notify) => scroll.observe((offset) => notify(offset, false)),
    scrollToFn: (offset) => scroll.scrollTo(offset),
  })

  // Rows are drawn between two spacer rows in a real table; near the ends of a capped scroll
  // the overscan rows fall outside the content and are left out.
  const bodyHeight = scroll.window.realHeight - headerHeight
  const placed = virtualizer
    .getVirtualItems()
    .map((item) => ({
      item,
      top: realPosition(item.start, scroll.virtualOffset, scroll.scrollTop) - headerHeight,
    }))
    .filter(({ top }) => top >= 0 && top + rowHeight <= Math.max(bodyHeight, rowHeight))
  const first = placed[0]?.item.index ?? 0
  const last = placed.at(-1)?.item.index ?? -1
  useEffect(() => pages.want(first, last), [pages, first, last])

  const topSpacer = placed[0]?.top ?? 0
  return {
    scroll,
    scrollElement,
    attachScroll,
    observeHeader,
    rowHeight,
    headerHeight,
    placed,
    topSpacer,
    bottomSpacer: Math.max(0, bodyHeight - topSpacer - placed.length * rowHeight),
  }
}
