import { expect, it } from 'vitest'
import { firstDayOfWeek } from '../../../src-renderer/format/week-start'

it("takes the locale's first day of the week, and Monday where there is none to take", () => {
  expect(firstDayOfWeek('en-GB')).toBe(1)
  expect(firstDayOfWeek('en-US')).toBe(7)
  expect(firstDayOfWeek('not a locale')).toBe(1)
})
