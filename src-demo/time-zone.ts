/**
 * The merchant's IANA time zone: ISO 8601 rendering with the local offset, local dates, and
 * local wall times turned into instants. All instants here are unix seconds.
 */

import { isTimeZone, zoneOffsetMs } from '../src-shared/domain/business-date'
import { InvalidOptionError } from './demo-errors'

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** Offsets only change on whole quarter hours in every zone in use today. */
const OFFSET_BUCKET_SECONDS = 15 * 60

export interface LocalDate {
  year: number
  month: number
  day: number
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0')
}

export function formatLocalDate({ year, month, day }: LocalDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** The calendar date `days` after `date` (negative goes back). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days))
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  }
}

export class MerchantTimeZone {
  private readonly offsets = new Map<number, number>()

  constructor(readonly zone: string) {
    if (!isTimeZone(zone))
      throw new InvalidOptionError('timezone', `unknown IANA time zone "${zone}"`)
  }

  /** Seconds to add to UTC to get local wall time at `instant`. */
  offsetSeconds(instant: number): number {
    const bucket = Math.floor(instant / OFFSET_BUCKET_SECONDS)
    let offset = this.offsets.get(bucket)
    if (offset === undefined) {
      offset = this.computeOffset(bucket * OFFSET_BUCKET_SECONDS)
      this.offsets.set(bucket, offset)
    }
    return offset
  }

  private computeOffset(instant: number): number {
    return Math.round(zoneOffsetMs(instant * 1000, this.zone) / 1000)
  }

  /** `2026-11-20T19:05:00+07:00` */
  formatIso(instant: number): string {
    const offset = this.offsetSeconds(instant)
    const wall = new Date((instant + offset) * 1000)
    const sign = offset < 0 ? '-' : '+'
    const offsetMinutes = Math.abs(offset) / 60
    return (
      `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
      `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}` +
      `${sign}${pad(Math.floor(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`
    )
  }

  localDate(instant: number): LocalDate {
    const wall = new Date((instant + this.offsetSeconds(instant)) * 1000)
    return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() }
  }

  /**
   * The instant when local clocks show `date` plus `secondsOfDay` (which may pass 86 400 to
   * reach the next day). A wall time skipped by a DST jump resolves to just after the jump.
   */
  instantAt(date: LocalDate, secondsOfDay: number): number {
    const wall = Date.UTC(date.year, date.month - 1, date.day) / 1000 + secondsOfDay
    const guess = wall - this.offsetSeconds(wall)
    return wall - this.offsetSeconds(guess)
  }

  /**
   * Parses an ISO 8601 date or date-time to unix milliseconds, or null when malformed. A value
   * without an offset is merchant-local time; a bare date is local midnight.
   */
  parseIso(text: string): number | null {
    const match = ISO_PATTERN.exec(text)
    if (!match) return null
    const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone] = match
    const date = { year: Number(y), month: Number(mo), day: Number(d) }
    const hour = Number(h)
    const minute = Number(mi)
    const second = Number(s)
    const check = addDays(date, 0)
    if (check.year !== date.year || check.month !== date.month || check.day !== date.day)
      return null
    if (hour > 23 || minute > 59 || second > 59) return null
    const millis = Number(`0.${fraction || '0'}`) * 1000
    const secondsOfDay = hour * 3600 + minute * 60 + second
    if (zone === undefined) return this.instantAt(date, secondsOfDay) * 1000 + millis
    const utcWall = Date.UTC(date.year, date.month - 1, date.day) / 1000 + secondsOfDay
    if (zone === 'Z') return utcWall * 1000 + millis
    const digits = zone.replace(':', '')
    const offsetHours = Number(digits.slice(1, 3))
    const offsetMinutes = Number(digits.slice(3, 5))
    if (offsetHours > 23 || offsetMinutes > 59) return null
    const offset = (offsetHours * 3600 + offsetMinutes * 60) * (digits.startsWith('-') ? -1 : 1)
    return (utcWall - offset) * 1000 + millis
  }
}
