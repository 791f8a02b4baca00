const formats = new Map<string, Intl.DateTimeFormat>()

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffset(epochMs: number, timeZone: string): number {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formats.set(timeZone, format)
  }
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(format.formatToParts(epochMs).find((p) => p.type === type)?.value)
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return wallClock - Math.floor(epochMs / 1000) * 1000
}

/**
 * The first instant of a merchant-local date (YYYY-MM-DD) in the merchant's zone. The offset is
 * taken twice, so a date whose offset differs from the day before (daylight saving) still starts
 * at its own midnight.
 */
export function startOfMerchantDay(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const utcMidnight = Date.UTC(year, month - 1, day)
  const guess = utcMidnight - zoneOffset(utcMidnight, timeZone)
  return utcMidnight - zoneOffset(guess, timeZone)
}

/** The date after a YYYY-MM-DD date. */
export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10)
}
