import { afterEach, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import {
  movementsOfSession,
  recordMovement,
} from '../../../../src-renderer/day-close/tables/cash-movement-store'
import { OWN_RECORD_TABLES } from '../../../../src-renderer/backup/tables/own-record-rows'
import { sessionFigures } from '../../../../src-renderer/sessions/tables/session-tally-store'
import type { CashMovement } from '../../../../src-renderer/day-close/rules/cash-movements'
import { restoreRecords } from '../../../../src-renderer/backup/jobs/records-backup'
import { refusedRestore, rowLine, seal, unsealed } from '../../../support/backup/seal'
import { backupOf, bills, closePcs, pc } from '../../../support/backup/pcs'
import { setAsideRows } from '../../../../src-renderer/shared-books/tables/shared-apply'

/** Cash movements are Till's own records: they travel with the records backup, checked. */

afterEach(closePcs)

const AT = Date.UTC(2026, 10, 20, 2, 0)

function movement(id: string, kind: CashMovement['kind'], amount: number, more = {}) {
  return {
    id,
    sessionId: 's1',
    kind,
    amount,
    currency: 'USD',
    category: null,
    at: AT,
    by: 'Ana',
    note: kind === 'pay-out' ? 'window cleaner' : '',
    replaces: null,
    ...more,
  } satisfies CashMovement
}

async function pcWithMovements(): Promise<TillDatabase> {
  const db = await pc(bills())
  await recordMovement(db, movement('m1', 'float', 10_000))
  await recordMovement(db, movement('m2', 'pay-out', 1_500))
  await recordMovement(db, movement('m3', 'pay-out', 1_250, { replaces: 'm2' }))
  await recordMovement(db, movement('m4', 'drop', 5_000))
  return db
}

it('a second PC restored from the backup has the movements, corrections included, and the same expected cash', async () => {
  const first = await pcWithMovements()
  const backup = await backupOf(first)
  const second = await pc(bills())
  const restored = await restoreRecords(second, backup, 'store-1')
  expect(restored.changes.find((c) => c.table === 'cashMovements')).toEqual({
    table: 'cashMovements',
    added: 4,
    replaced: 0,
  })
  expect(await movementsOfSession(second, 's1')).toEqual(await movementsOfSession(first, 's1'))
  const session = (await second.sessions.get('s1'))!
  const figures = await sessionFigures(second, session)
  expect(figures).toMatchObject({ openingCash: 10_000, payOuts: 1_250, drops: 5_000 })
  expect(figures).toEqual(await sessionFigures(first, session))
})

it('restores a version-3 backup, made before cash movements, as having none', async () => {
  const backup = await backupOf(await pc(bills()))
  const v3Tables = OWN_RECORD_TABLES.filter((t) => OWN_RECORD_TABLES.indexOf(t) < 7)
  const [header, ...rows] = unsealed(backup)
  const v3Header = JSON.stringify({ ...JSON.parse(header!), version: 3, tables: v3Tables })
  const second = await pc(bills())
  await restoreRecords(second, seal([v3Header, ...rows], v3Tables), 'store-1')
  expect(await movementsOfSession(second, 's1')).toEqual([])
  // A version-3 file holds no movement, whatever its trailer says.
  const error = await refusedRestore(
    second,
    seal([v3Header, ...rows, rowLine('cashMovements', movement('m9', 'drop', 1))], v3Tables),
  )
  expect(error.line).toBe(rows.length + 2)
  expect(error.message).toMatch(/not a row of Till’s records/)
})

it('refuses a movement Till would not write, or a correction of a movement not in the file, naming the line', async () => {
  const lines = unsealed(await backupOf(await pcWithMovements()))
  const line = (id: string) => lines.findIndex((l) => l.includes(`"id":"${id}"`))
  const edited = (id: string, row: unknown) =>
    seal(lines.map((l, i) => (i === line(id) ? rowLine('cashMovements', row) : l)))
  const second = await pc(bills())

  const negative = await refusedRestore(second, edited('m4', movement('m4', 'drop', -5_000)))
  expect(negative.line).toBe(line('m4') + 1)
  expect(negative.message).toMatch(/not a row of cashMovements: amount/)

  const movedCancel = await refusedRestore(
    second,
    edited('m4', movement('m4', 'cancel', 5, { replaces: 'm1' })),
  )
  expect(movedCancel.message).toMatch(/a cancellation moves no cash/)

  const orphan = await refusedRestore(
    second,
    edited('m3', movement('m3', 'pay-out', 1_250, { replaces: 'm7' })),
  )
  expect(orphan.line).toBe(line('m3') + 1)
  expect(orphan.message).toMatch(/corrects m7, no movement of its session/)

  const twice = await refusedRestore(
    second,
    edited('m4', movement('m4', 'drop', 5_000, { replaces: 'm2' })),
  )
  expect(twice.message).toMatch(/m2 is corrected twice/)
})

it('sets aside, with its reason, a row that means nothing in this store, and what depends on it; restores the rest', async () => {
  const lines = unsealed(await backupOf(await pcWithMovements()))
  const yen = rowLine('cashMovements', movement('m2', 'pay-out', 1_500, { currency: 'JPY' }))
  const line = (id: string, date: string) => ({
    bankAccountId: 'main',
    id,
    date,
    amount: 5_000,
    currency: 'USD',
    text: 'Cash deposit',
    importedAt: AT,
  })
  const match = {
    id: 'main|far',
    bankAccountId: 'main',
    bankLineIds: ['far'],
    expectedIds: ['s1'],
    kind: 'exact',
    fee: 0,
    shortfall: 0,
    state: 'confirmed',
    madeBy: 'Ana',
    madeAt: AT,
  }
  const backup = seal([
    ...lines.map((l) => (l.includes('"id":"m2"') ? yen : l)),
    rowLine('statementLines', line('far', '9999-12-31')),
    rowLine('statementLines', line('near', '2026-11-20')),
    rowLine('depositMatches', match),
  ])
  const second = await pc(bills())
  const restored = await restoreRecords(second, backup, 'store-1')

  expect(restored.setAside).toBe(4)
  expect((await movementsOfSession(second, 's1')).map((m) => m.id)).toEqual(['m1', 'm4'])
  expect((await second.statementLines.toArray()).map((l) => l.id)).toEqual(['near'])
  expect(await second.depositMatches.count()).toBe(0)
  expect((await setAsideRows(second)).map((r) => [r.kind, r.key, r.reason]).sort()).toEqual([
    ['cashMovements', 'm2', 'it is in JPY, and the shop counts in USD'],
    ['cashMovements', 'm3', 'it corrects the pay-out of ¥1,500 by Ana, which is set aside'],
    ['depositMatches', 'main|far', 'it names bank line far, which is set aside'],
    [
      'statementLines',
      'main|far',
      'it is dated 9999-12-31, outside the years a bank books (1900 to 2099)',
    ],
  ])
})

it('sets aside two pay-ins of 2^52 and a second opening float with its correction, as a pull does; a movement of a session not synced yet is restored', async () => {
  const lines = unsealed(await backupOf(await pcWithMovements()))
  const huge = 2 ** 52
  const backup = seal([
    ...lines,
    rowLine('cashMovements', movement('big1', 'pay-in', huge)),
    rowLine('cashMovements', movement('big2', 'pay-in', huge)),
    rowLine('cashMovements', movement('f2', 'float', 20_000, { at: AT + 60_000 })),
    rowLine('cashMovements', movement('f3', 'float', 25_000, { at: AT + 120_000, replaces: 'f2' })),
    rowLine('cashMovements', movement('w1', 'pay-in', 500, { sessionId: 's9' })),
  ])
  const second = await pc(bills())
  const restored = await restoreRecords(second, backup, 'store-1')

  expect(restored.setAside).toBe(4)
  expect((await setAsideRows(second)).map((r) => [r.key, r.reason]).sort()).toEqual([
    ['big1', 'The amount is larger than any drawer holds.'],
    ['big2', 'The amount is larger than any drawer holds.'],
    [
      'f2',
      'its session has an opening float already (the opening float of $100.00 by Ana, the earlier), and the opening float of $250.00 by Ana would be a second',
    ],
    ['f3', 'it corrects the opening float of $200.00 by Ana, which is set aside'],
  ])
  const session = (await second.sessions.get('s1'))!
  expect(await sessionFigures(second, session)).toMatchObject({ openingCash: 10_000, payIns: 0 })
  // Its session comes with the next sync: the backup is this store's own.
  expect((await movementsOfSession(second, 's9')).map((m) => m.id)).toEqual(['w1'])
})
