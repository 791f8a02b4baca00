const formatters = new Map<string, Intl.DateTimeFormat>()

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * The merchant-local calendar date (YYYY-MM-DD) of an instant, in the merchant's time zone, never
 * the PC's.
 */
export function businessDate(epochMs: number, timeZone: string): string {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    formatters.set(timeZone, format)
  }
  return format.format(epochMs)
}
