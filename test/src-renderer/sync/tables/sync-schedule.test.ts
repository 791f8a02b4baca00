import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { SyncEngine } from '../../../../src-renderer/sync/jobs/sync-engine'
import type { ServiceReader } from '../../../../src-renderer/sync/jobs/service-reader'
import {
  DEFAULT_SCHEDULE,
  readSchedule,
  saveSchedule,
} from '../../../../src-renderer/sync/tables/sync-schedule'

const freshDb = () =>
  new TillDatabase(`till-schedule-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
const emptyPage = (page: number, limit: number) => ({
  page,
  limit,
  total: 0,
  lastPage: 1,
  hasMore: false,
})

describe('sync schedule', () => {
  it('defaults to a sweep every 15 minutes and a 7-day deep sweep, and keeps what is saved', async () => {
    const db = freshDb()
    expect(await readSchedule(db)).toEqual(DEFAULT_SCHEDULE)
    expect(DEFAULT_SCHEDULE).toEqual({ sweepMinutes: 15, deepSweepDays: 7 })
    await saveSchedule(db, { sweepMinutes: 30, deepSweepDays: 14 })
    expect(await readSchedule(db)).toEqual({ sweepMinutes: 30, deepSweepDays: 14 })
  })

  it('refuses values outside the limits instead of clamping them', async () => {
    const db = freshDb()
    await expect(saveSchedule(db, { sweepMinutes: 1, deepSweepDays: 7 })).rejects.toThrow(
      expect.objectContaining({ name: 'ScheduleError' }),
    )
    await expect(saveSchedule(db, { sweepMinutes: 15, deepSweepDays: 365 })).rejects.toThrow(
      /1 to 60 days/,
    )
    await expect(saveSchedule(db, { sweepMinutes: 7.5, deepSweepDays: 7 })).rejects.toThrow(
      /5 to 240 minutes/,
    )
    expect(await readSchedule(db)).toEqual(DEFAULT_SCHEDULE)
  })

  it('the deep sweep re-reads every bill created in the configured number of days', async () => {
    const now = Date.parse('2026-11-22T12:00:00Z')
    const asked: string[] = []
    const reader: ServiceReader = {
      listBills: async ({ query }) => {
        if (query.q_created_at_from) asked.push(query.q_created_at_from)
        return { bills: [], quarantined: [], page: emptyPage(query.page, query.limit) }
      },
      getBills: async () => ({ bills: [], missing: [], quarantined: [] }),
      listExpenses: async ({ query }) => ({
        expenses: [],
        quarantined: [],
        page: emptyPage(query.page, query.limit),
      }),
    }
    const engine = new SyncEngine({
      db: freshDb(),
      reader,
      profileId: 'p',
      currency: 'USD',
      timeZone: 'UTC',
      now: () => now,
    })
    expect(
      await engine.run({ signal: new AbortController().signal, mode: 'deep', deepDays: 3 }),
    ).toMatchObject({ ok: true })
    expect(asked).toEqual(['2026-11-19T12:00:00.000Z'])
  })
})
