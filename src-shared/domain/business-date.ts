const formatters = new Map<string, Intl.DateTimeFormat>()
const wallClocks = new Map<string, Intl.DateTimeFormat>()

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

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (whole seconds). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  let format = wallClocks.get(timeZone)
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
    wallClocks.set(timeZone, format)
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
  const guess = utcMidnight - zoneOffsetMs(utcMidnight, timeZone)
  return utcMidnight - zoneOffsetMs(guess, timeZone)
}

/** The date after a YYYY-MM-DD date. */
export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10)
}
