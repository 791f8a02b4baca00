import { describe, expect, it } from 'vitest'
import { defaultRange, waitingSessions } from '../../../../src-renderer/exports/rules/default-range'

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

describe('the sessions a destination held back', () => {
  const sessions = new Map([
    ['S', { businessDate: '2026-11-20', locationId: '101' }],
    ['T', { businessDate: '2026-11-21', locationId: '102' }],
  ])
  const batch = (
    createdAt: string,
    from: string,
    to: string,
    heldBack: string[] = [],
    locationId = '',
  ) => ({
    createdAt,
    range: { from, to, locationId },
    heldBack,
  })

  it('wait until a later batch covers their day and location without holding them back', () => {
    const held = batch('2026-11-20T12:00:00Z', '2026-11-20', '2026-11-21', ['S', 'T'])
    expect(waitingSessions([held], (id) => sessions.get(id)).sort()).toEqual(['S', 'T'])
    const otherLocation = batch('2026-11-22T12:00:00Z', '2026-11-20', '2026-11-21', [], '102')
    expect(waitingSessions([otherLocation, held], (id) => sessions.get(id))).toEqual(['S'])
    const heldAgain = batch('2026-11-23T12:00:00Z', '2026-11-20', '2026-11-20', ['S'])
    expect(waitingSessions([held, otherLocation, heldAgain], (id) => sessions.get(id))).toEqual([
      'S',
    ])
    const takenUp = batch('2026-11-24T12:00:00Z', '2026-11-20', '2026-11-20')
    expect(
      waitingSessions([held, otherLocation, heldAgain, takenUp], (id) => sessions.get(id)),
    ).toEqual([])
  })

  it('start the range on their day when they have closed', () => {
    expect(
      defaultRange([closed('2026-11-20'), closed('2026-11-21')], '2026-11-20', ['2026-11-20']),
    ).toEqual({
      from: '2026-11-20',
      to: '2026-11-21',
    })
  })
})
