import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  lockDestination,
  readDestination,
} from '../../../../src-renderer/exports/tables/destinations'

let db: TillDatabase | undefined
afterEach(() => db?.close())

it('locks a destination up to a business date, refuses anything else, and unlocks it', async () => {
  db = new TillDatabase(`till-lock-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange })
  await lockDestination(db, 'xero', '2026-10-31')
  expect((await readDestination(db, 'xero')).lockedThrough).toBe('2026-10-31')
  await expect(lockDestination(db, 'xero', '31/10/2026')).rejects.toThrow(/business date/)
  expect((await readDestination(db, 'xero')).lockedThrough).toBe('2026-10-31')
  await lockDestination(db, 'xero', null)
  expect((await readDestination(db, 'xero')).lockedThrough).toBeUndefined()
})
