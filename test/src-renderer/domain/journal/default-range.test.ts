import { describe, expect, it } from 'vitest'
import { defaultRange } from '../../../../src-renderer/domain/journal/default-range'

const closed = (businessDate: string) => ({ businessDate, open: false })
const open = (businessDate: string) => ({ businessDate, open: true })

describe('the default export range', () => {
  it('runs from the first day the destination does not hold to the last closed day', () => {
    const sessions = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'].map(closed)
    expect(defaultRange([...sessions, open('2026-11-22')], '2026-11-18')).toEqual({
      from: '2026-11-19',
      to: '2026-11-21',
    })
  })

  it('starts on the first day in the cache when nothing was posted', () => {
    expect(defaultRange([closed('2026-11-19'), closed('2026-11-20')], '')).toEqual({
      from: '2026-11-19',
      to: '2026-11-20',
    })
  })

  it('ends before a day one of whose sessions is still open, at another location too', () => {
    const sessions = [closed('2026-11-20'), closed('2026-11-21'), open('2026-11-21')]
    expect(defaultRange(sessions, '')).toEqual({ from: '2026-11-20', to: '2026-11-20' })
  })

  it('offers the first new day when every new day is still open', () => {
    expect(defaultRange([closed('2026-11-20'), open('2026-11-21')], '2026-11-20')).toEqual({
      from: '2026-11-21',
      to: '2026-11-21',
    })
  })

  it('offers the last closed day when the destination holds every day', () => {
    expect(defaultRange([closed('2026-11-19'), closed('2026-11-20')], '2026-11-20')).toEqual({
      from: '2026-11-20',
      to: '2026-11-20',
    })
  })

  it('offers nothing without sessions', () => {
    expect(defaultRange([], '')).toBeNull()
  })
})
