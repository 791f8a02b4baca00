import { useLayoutEffect } from 'react'
import { formatDateTime } from '../../../format/time'
import { formatBusinessDate } from './business-date-label'

/** The custom property the printed page's top margin shows (day-close-screen.css, `@page`). */
const PAGE_HEADER = '--day-sheet-header'

/** Text as a CSS string: quotes and backslashes escaped, each line break a `\A`. */
function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\A ')}"`
}

/**
 * What a printed day close says above its figures: the shop, whose day, and when it was printed.
 * Paper shows it in every page's top margin, which reads it from the root element's style.
 */
export function PrintHeader({
  shop,
  whose,
  businessDate,
  timeZone,
  printedAt,
}: {
  shop: string
  /** "every location", or the location's name. */
  whose: string
  businessDate: string
  timeZone: string
  printedAt: number | null
}): React.JSX.Element {
  const day = `Day close of ${whose} · ${formatBusinessDate(businessDate)} (${timeZone})${
    printedAt !== null ? ` · printed ${formatDateTime(printedAt, timeZone)}` : ''
  }`
  // Set before the print starts: a print follows the render that set `printedAt` at once.
  useLayoutEffect(() => {
    const root = document.documentElement.style
    root.setProperty(PAGE_HEADER, cssString(`${shop}\n${day}`))
    return () => {
      root.removeProperty(PAGE_HEADER)
    }
  }, [shop, day])
  return (
    <div className="print-only print-header">
      <p className="print-shop">{shop}</p>
      <p>{day}</p>
    </div>
  )
}
