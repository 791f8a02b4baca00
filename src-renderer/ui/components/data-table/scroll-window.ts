/**
 * Browsers cannot lay out an element taller than about 16.7 million pixels (Chromium; less in
 * device pixels at high zoom), and a million 36 px rows need 36 million. Past this height the
 * scrollable content is capped and the scroll position is mapped linearly onto the full
 * ("virtual") height, so the scrollbar still spans every row.
 */
const MAX_SCROLL_HEIGHT = 2_000_000

export interface ScrollWindow {
  /** The height the content is given in the page. */
  realHeight: number
  /** Virtual pixels per real pixel of scroll: 1 while nothing is capped. */
  ratio: number
  /** The largest virtual scroll offset. */
  maxOffset: number
}

export function scrollWindow(
  virtualHeight: number,
  viewportHeight: number,
  cap = MAX_SCROLL_HEIGHT,
): ScrollWindow {
  const realHeight = Math.min(virtualHeight, cap)
  const maxOffset = Math.max(0, virtualHeight - viewportHeight)
  const realRange = Math.max(0, realHeight - viewportHeight)
  return { realHeight, ratio: realRange > 0 ? maxOffset / realRange : 1, maxOffset }
}

/**
 * Where a virtual offset puts things in the page: with the viewport's top at `scrollTop` (real)
 * showing virtual offset `offset`, content at virtual position `at` is drawn at the returned real
 * position.
 */
export function realPosition(at: number, offset: number, scrollTop: number): number {
  return scrollTop + (at - offset)
}

/** The virtual offset that brings a row fully into view below a sticky header, if it is not. */
export function offsetRevealing(
  rowTop: number,
  rowHeight: number,
  offset: number,
  viewportHeight: number,
  headerHeight: number,
): number {
  if (rowTop - headerHeight < offset) return Math.max(0, rowTop - headerHeight)
  if (rowTop + rowHeight > offset + viewportHeight) return rowTop + rowHeight - viewportHeight
  return offset
}
