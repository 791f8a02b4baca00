import { businessDate } from '../../../../src-shared/domain/business-date'
import {
  firstDayOfWeek,
  presetRange,
  type DatePreset,
  type DateRange,
} from '../../../format/date-presets'

/** The Sessions list's date filter as chosen: a preset, and the dates of a chosen range. */
export interface SessionDates {
  preset: DatePreset
  from: string
  to: string
}

export const ALL_DATES: SessionDates = { preset: 'all', from: '', to: '' }

/** The business dates a choice stands for now, in the shop's zone; weeks as this PC's locale has them. */
export function sessionDatesRange(dates: SessionDates, timeZone: string): DateRange | null {
  const today = businessDate(Date.now(), timeZone)
  const locale = Intl.DateTimeFormat().resolvedOptions().locale
  return presetRange(dates.preset, today, firstDayOfWeek(locale), dates)
}
