import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { ProfileView, ScheduledExportState } from '../../../../src-shared/bridge/contract'
import type { TillBridge } from '../../../../src-renderer/bridge/bridge-client'
import { TillDatabase } from '../../../../src-renderer/database/database'
import { CURRENCY_UNKNOWN } from '../../../../src-renderer/format/format-money'
import { runScheduledExport } from '../../../../src-renderer/exports/jobs/schedule-run'

const profile: ProfileView = {
  id: 'p-1',
  name: 'New shop',
  kind: 'service',
  baseUrl: 'http://127.0.0.1:1',
  storeId: 's-1',
  apiKey: { set: true, last4: 'abcd' },
  webhookSecret: { set: false, last4: null },
  active: true,
  currency: null,
  timezone: 'Asia/Jakarta',
  numberLocale: null,
  deactivatedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
}

const state: ScheduledExportState = {
  settings: { enabled: true, trigger: { kind: 'session-close' }, what: 'xero', folder: '/books' },
  watermark: { closedAt: null, nightlyAt: null },
  lastRun: null,
  lastSuccess: null,
}

describe('a scheduled export while the shop’s currency is unknown', () => {
  it('opens no file and records a failed run that says why, assuming no currency', async () => {
    const calls: { channel: string; input: unknown }[] = []
    const bridge = {
      call: async (channel: string, input: unknown) => {
        calls.push({ channel, input })
        return { ...state, lastRun: (input as { run: unknown }).run }
      },
      on: () => () => undefined,
    } as unknown as TillBridge
    const db = new TillDatabase('till-schedule-currency', {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    })
    const recorded = await runScheduledExport({
      bridge,
      db,
      profile,
      timeZone: 'Asia/Jakarta',
      state,
      watermark: { closedAt: 1, nightlyAt: null },
      now: new Date('2026-11-20T12:00:00Z'),
    })
    expect(calls.map((c) => c.channel)).toEqual(['exports.schedule.recordRun'])
    expect(recorded.lastRun).toMatchObject({ ok: false, message: CURRENCY_UNKNOWN, files: [] })
  })
})
