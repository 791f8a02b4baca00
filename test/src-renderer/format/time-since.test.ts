import { describe, expect, it } from 'vitest'
import { minutesSince } from '../../../src-renderer/format/time-since'

describe('minutesSince', () => {
  it('says whole minutes as people do', () => {
    expect(minutesSince(1_000, 1_000 + 59_999)).toBe('less than a minute')
    expect(minutesSince(0, 60_000)).toBe('1 minute')
    expect(minutesSince(0, 12 * 60_000 + 59_000)).toBe('12 minutes')
  })

  it('takes a time ahead of now (another clock) as just now', () => {
    expect(minutesSince(90_000, 0)).toBe('less than a minute')
  })
})
