import type { Column } from '@tanstack/react-table'
import './column-meta'

const DEFAULT_COLUMN_WIDTH = '8rem'
/** A cell's padding and border, and room for a header's sort mark. */
const CELL_EXTRA = '1.1rem'
const SORT_MARK = '1em'
let context: CanvasRenderingContext2D | null | undefined

/** The width in CSS pixels of the widest of `texts` drawn in `element`'s font (bold if asked). */
function widestText(texts: readonly string[], element: Element, bold = false): number {
  context ??= document.createElement('canvas').getContext('2d')
  if (!context || texts.length === 0) return 0
  const style = getComputedStyle(element)
  context.font = `${bold ? 700 : style.fontWeight} ${style.fontSize} ${style.fontFamily}`
  return Math.max(...texts.map((text) => context!.measureText(text).width))
}

/** A column's CSS width: as wide as its widest `fit` text and its header, or its set width. */
export function columnWidth<Row>(column: Column<Row>, font: Element): string {
  const { meta, header } = column.columnDef
  if (!meta?.fit) return meta?.width ?? DEFAULT_COLUMN_WIDTH
  // Figures are drawn with even-width digits, a little wider than the font's own.
  const content = Math.ceil(widestText(meta.fit, font) * 1.02)
  const title = typeof header === 'string' ? Math.ceil(widestText([header], font, true)) : 0
  return content >= title
    ? `calc(${content}px + ${CELL_EXTRA})`
    : `calc(${title}px + ${SORT_MARK} + ${CELL_EXTRA})`
}
