/**
 * Dates as the target takes them: ISO (YYYY-MM-DD) unless the target needs another order. Xero
 * reads dd/mm/yyyy or "dd Mmm yyyy" whatever the organisation's region; QuickBooks Online reads
 * the company's own date format (MM/DD/YYYY in the US).
 */

export type DateFormat = 'YYYY-MM-DD' | 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'DD MMM YYYY'

class DateTextError extends Error {
  override name = 'DateTextError'
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

export function formatDate(isoDate: string, format: DateFormat): string {
  const match = ISO_DATE.exec(isoDate)
  const month = MONTHS[Number(match?.[2]) - 1]
  if (!match || month === undefined)
    throw new DateTextError(`“${isoDate}” is not a YYYY-MM-DD date`)
  const [, yyyy, mm, dd] = match
  switch (format) {
    case 'YYYY-MM-DD':
      return isoDate
    case 'DD/MM/YYYY':
      return `${dd}/${mm}/${yyyy}`
    case 'MM/DD/YYYY':
      return `${mm}/${dd}/${yyyy}`
    case 'DD MMM YYYY':
      return `${dd} ${month} ${yyyy}`
  }
}

/** An instant as ISO 8601 in UTC; null stays null. */
export function isoInstant(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(epochMs).toISOString()
}
