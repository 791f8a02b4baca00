import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  keepExportChoices,
  keptExportChoices,
} from '../../../../src-renderer/exports/tables/export-choices'

it('keeps the form’s choices per destination, through a restart', async () => {
  const indexedDB = new IDBFactory()
  const name = `till-export-choices-${Math.random()}`
  const before = new TillDatabase(name, { indexedDB, IDBKeyRange })
  expect(await keptExportChoices(before)).toEqual({ last: null, byChoice: {} })
  await keepExportChoices(before, 'xero', {
    locationId: '102',
    range: { mode: 'preset', preset: 'last-week' },
  })
  await keepExportChoices(before, 'bills', {
    locationId: '',
    range: { mode: 'custom', from: '2026-11-01', to: '2026-11-15' },
  })
  before.close()

  const after = new TillDatabase(name, { indexedDB, IDBKeyRange })
  expect(await keptExportChoices(after)).toEqual({
    last: 'bills',
    byChoice: {
      xero: { locationId: '102', range: { mode: 'preset', preset: 'last-week' } },
      bills: { locationId: '', range: { mode: 'custom', from: '2026-11-01', to: '2026-11-15' } },
    },
  })
  after.close()
})

it('leaves out what it cannot take for choices, and refuses to keep it', async () => {
  const db = new TillDatabase(`till-export-choices-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  for (const value of [
    '{',
    '{"locationId":"","range":{"mode":"preset","preset":"yesterday"}}',
    7,
  ]) {
    await db.meta.put({ key: 'export-choices:xero', value })
    expect((await keptExportChoices(db)).byChoice).toEqual({})
  }
  await expect(
    keepExportChoices(db, 'xero', {
      locationId: '',
      range: { mode: 'custom', from: 'soon', to: '2026-11-15' },
    }),
  ).rejects.toThrow()
  expect((await keptExportChoices(db)).last).toBeNull()
  db.close()
})
