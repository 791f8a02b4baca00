const formatters = new Map<string, Intl.DateTimeFormat>()

/** A time in the merchant's zone, e.g. "20 Nov 2026, 19:05". */
export function formatDateTime(epochMs: number, timeZone: string): string {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    })
    formatters.set(timeZone, format)
  }
  return format.format(epochMs)
}
