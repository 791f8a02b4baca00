interface WeekInfo {
  firstDay: number
}

/**
 * The first day of the week in a locale (this PC's unless told), 1 Monday … 7 Sunday; Monday
 * where the runtime cannot tell (`getWeekInfo`, formerly the `weekInfo` getter, is recent).
 */
export function firstDayOfWeek(
  locale: string = Intl.DateTimeFormat().resolvedOptions().locale,
): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => WeekInfo
      weekInfo?: WeekInfo
    }
    const first = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay
    return first !== undefined && Number.isInteger(first) && first >= 1 && first <= 7 ? first : 1
  } catch {
    return 1
  }
}
