const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, options)
    formatters.set(key, format)
  }
  return format
}

/** A time in the merchant's zone, e.g. "20 Nov 2026, 19:05": the one format for a moment. */
export function formatDateTime(epochMs: number, timeZone: string): string {
  return formatter(`datetime ${timeZone}`, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(epochMs)
}

/** The clock time alone in the merchant's zone, e.g. "19:05", as formatDateTime writes it. */
export function formatClock(epochMs: number, timeZone: string): string {
  return formatter(`clock ${timeZone}`, { timeZone, timeStyle: 'short' }).format(epochMs)
}

/**
 * Text that wraps in a narrow column with each clock time whole: the space between a time and
 * its "AM"/"PM" made a no-break space, so no line ends in "8:05".
 */
export function unbrokenTimes(text: string): string {
  return text.replace(/(\d{1,2}[:.]\d{2}) (?=[AaPp]\.?[Mm]\b)/g, '$1\u00a0')
}

/** The parts of a business date (YYYY-MM-DD), read on the calendar, not in any zone. */
function dayParts(businessDate: string): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = formatter('day', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatToParts(Date.parse(`${businessDate}T12:00:00Z`))
  return (type) => parts.find((p) => p.type === type)?.value ?? ''
}

/** A business date (YYYY-MM-DD) as a person reads it: "Mon 23 Nov". */
export function formatBusinessDay(businessDate: string): string {
  const part = dayParts(businessDate)
  return `${part('weekday')} ${part('day')} ${part('month')}`
}

/** A business date with its year, the one format for a date in prose: "Mon 16 Nov 2026". */
export function formatBusinessDate(businessDate: string): string {
  return `${formatBusinessDay(businessDate)} ${dayParts(businessDate)('year')}`
}

/** A range of business dates, both included: "Mon 16 Nov 2026 to Sun 22 Nov 2026", or one day. */
export function formatDateRange(from: string, to: string): string {
  return from === to
    ? formatBusinessDate(from)
    : `${formatBusinessDate(from)} to ${formatBusinessDate(to)}`
}

/**
 * Moments as wide as formatDateTime writes them in this zone (every month, a late two-digit
 * hour): what a column of times is sized to.
 */
export function widestMoments(timeZone: string, year = new Date().getUTCFullYear()): string[] {
  return Array.from({ length: 12 }, (_, month) =>
    [12, 23].map((hour) => formatDateTime(Date.UTC(year, month, 28, hour, 59), timeZone)),
  ).flat()
}
