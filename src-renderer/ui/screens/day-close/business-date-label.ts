const format = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** A business date (YYYY-MM-DD, already the merchant's) as people read it: "Fri, 20 Nov 2026". */
export function formatBusinessDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return format.format(Date.UTC(y, m - 1, d))
}
