const formats = new Map<string, Intl.DateTimeFormat>()
const DATE_FIELDS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}
// Numeric parts on a 24-hour clock, to read the wall clock back as numbers.
const WALL_CLOCK_FIELDS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
}

/** A date format in a zone, made once (making one costs far more than using it). */
function formatIn(timeZone: string, locale: string, fields: Intl.DateTimeFormatOptions) {
  const key = `${locale} ${timeZone}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...fields })
    formats.set(key, format)
  }
  return format
}

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
  return formatIn(timeZone, 'en-CA', DATE_FIELDS).format(epochMs)
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (whole seconds). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const format = formatIn(timeZone, 'en-US', WALL_CLOCK_FIELDS)
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {}
  for (const { type, value } of format.formatToParts(epochMs)) parts[type] = Number(value)
  const wallClock = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  )
  return wallClock - Math.floor(epochMs / 1000) * 1000
}

/**
 * The first instant of a merchant-local date (YYYY-MM-DD) in the merchant's zone. The offset is
 * taken twice, so a date whose offset differs from the day before (daylight saving) still starts
 * at its own midnight.
 */
export function startOfMerchantDay(date: string, timeZone: string): number {
  return wallClockInstant(date, '00:00', timeZone)
}

/**
 * The instant a merchant-local date (YYYY-MM-DD) and wall-clock time (HH:mm) name in the
 * merchant's zone, the offset taken twice as for the start of a day.
 */
export function wallClockInstant(date: string, time: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const utcWall = Date.UTC(year, month - 1, day, hour, minute)
  const guess = utcWall - zoneOffsetMs(utcWall, timeZone)
  return utcWall - zoneOffsetMs(guess, timeZone)
}

/** An instant's merchant-local date and time to the minute, as `YYYY-MM-DDTHH:mm`. */
export function wallClockOf(epochMs: number, timeZone: string): string {
  const wall = new Date(Math.floor(epochMs / 60_000) * 60_000 + zoneOffsetMs(epochMs, timeZone))
  return wall.toISOString().slice(0, 16)
}

/** The date after a YYYY-MM-DD date. */
export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10)
}
