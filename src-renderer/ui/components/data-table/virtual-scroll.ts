import { scrollWindow, type ScrollWindow } from './scroll-window'

const LINE_HEIGHT = 40

/**
 * The scroll position of a table's scroll element in virtual pixels (the full height of every
 * row), over content capped at `MAX_SCROLL_HEIGHT`. Native scrolling (scrollbar, keys, touch)
 * maps the real position onto the virtual one; the wheel and the table's own moves set the
 * virtual offset exactly, so one wheel notch moves as far as in a short list and a row brought
 * into view by the keyboard lands where intended.
 */
export class VirtualScroll {
  private element: HTMLElement | null = null
  private offset = 0
  /** The real position last written, to tell our own scroll events from the user's. */
  private written: number | null = null
  private virtualHeight = 0
  private geometry: ScrollWindow = scrollWindow(0, 0)
  private readonly listeners = new Set<(offset: number) => void>()

  get window(): ScrollWindow {
    return this.geometry
  }

  /** The virtual offset at the top of the viewport. */
  get virtualOffset(): number {
    return this.offset
  }

  /** The real offset at the top of the viewport. */
  get scrollTop(): number {
    return this.element?.scrollTop ?? 0
  }

  get viewportHeight(): number {
    return this.element?.clientHeight ?? 0
  }

  attach(element: HTMLElement): () => void {
    this.element = element
    const resize = new ResizeObserver(() => this.measure())
    resize.observe(element)
    element.addEventListener('scroll', this.onScroll)
    element.addEventListener('wheel', this.onWheel, { passive: false })
    this.measure()
    return () => {
      resize.disconnect()
      element.removeEventListener('scroll', this.onScroll)
      element.removeEventListener('wheel', this.onWheel)
      this.element = null
    }
  }

  setVirtualHeight(height: number): void {
    if (height === this.virtualHeight) return
    this.virtualHeight = height
    this.measure()
  }

  /** Listens to the virtual offset (as TanStack Virtual's `observeElementOffset`). */
  observe(listener: (offset: number) => void): () => void {
    this.listeners.add(listener)
    listener(this.offset)
    return () => this.listeners.delete(listener)
  }

  scrollTo(offset: number): void {
    this.offset = Math.min(Math.max(0, offset), this.geometry.maxOffset)
    const element = this.element
    if (element) {
      const top = this.offset / this.geometry.ratio
      this.written = top
      element.scrollTop = top
    }
    this.notify()
  }

  private measure(): void {
    const viewport = this.element?.clientHeight ?? 0
    const before = this.geometry
    this.geometry = scrollWindow(this.virtualHeight, viewport)
    if (before.ratio !== this.geometry.ratio || this.offset > this.geometry.maxOffset)
      this.scrollTo(this.offset)
  }

  private readonly onScroll = (): void => {
    const top = this.element?.scrollTop ?? 0
    if (this.written === null || Math.abs(top - this.written) >= 1) {
      this.written = null
      this.offset = Math.min(top * this.geometry.ratio, this.geometry.maxOffset)
    }
    this.notify()
  }

  private readonly onWheel = (event: WheelEvent): void => {
    if (this.geometry.ratio === 1 || event.ctrlKey || event.deltaY === 0) return
    event.preventDefault()
    const unit =
      event.deltaMode === WheelEvent.DOM_DELTA_LINE
        ? LINE_HEIGHT
        : event.deltaMode === WheelEvent.DOM_DELTA_PAGE
          ? this.viewportHeight
          : 1
    if (this.element) this.element.scrollLeft += event.deltaX * unit
    this.scrollTo(this.offset + event.deltaY * unit)
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.offset)
  }
}
