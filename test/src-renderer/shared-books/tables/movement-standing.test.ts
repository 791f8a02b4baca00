import { afterEach, describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import {
  applyPulledRows,
  setAsideRows,
  settleSent,
} from '../../../../src-renderer/shared-books/tables/shared-apply'
import { chooseMovement } from '../../../../src-renderer/shared-books/tables/movement-standing'
import {
  markJoined,
  waitingChanges,
} from '../../../../src-renderer/shared-books/tables/shared-outbox'
import {
  movementsOfSession,
  recordMovement,
} from '../../../../src-renderer/day-close/tables/cash-movement-store'
import {
  movementSums,
  type CashMovement,
} from '../../../../src-renderer/day-close/rules/cash-movements'
import { checkBackup } from '../../../../src-renderer/backup/jobs/read-backup'
import type { SharedRow } from '../../../../src-shared/bridge/schemas/shared-books'
import { backupOf, bills, closePcs, pc } from '../../../support/backup/pcs'

/**
 * Two PCs that corrected one movement, or gave one session two floats, without seeing each
 * other: the books take both (their keys differ); every PC keeps standing the one the books took
 * first, the other aside under Problems, and a backup of either restores.
 */

afterEach(closePcs)

const AT = Date.UTC(2026, 10, 20, 2, 0)
const HEAD = 1_000

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
    note: '',
    replaces: null,
    ...more,
  } satisfies CashMovement
}

function moved(m: CashMovement, change: number, by = 'Office PC'): SharedRow {
  return { kind: 'cashMovement', key: m.id, body: m, version: 1, change, deleted: false, by, at: 5 }
}

const M1 = movement('m1', 'pay-in', 4_000)
const TO_50 = movement('m2', 'pay-in', 5_000, { replaces: 'm1' })
const TO_70 = movement('m3', 'pay-in', 7_000, { replaces: 'm1' })

/** A PC joined to the books holding pay-in m1 as the books gave it (change 1). */
async function joinedPc(): Promise<TillDatabase> {
  const db = await pc(bills())
  await markJoined(db, 'store-1')
  await applyPulledRows(db, [moved(M1, 1)], HEAD)
  return db
}

async function payIns(db: TillDatabase): Promise<number> {
  return movementSums(await movementsOfSession(db, 's1')).payIns
}

/** Whether a backup of the PC passes the restore's checks (it throws if not). */
async function backupRestores(db: TillDatabase): Promise<boolean> {
  await checkBackup(await backupOf(db), 'store-1')
  return true
}

describe('two corrections of one movement', () => {
  it('pulled after this PC’s own: the earlier on the books stands, the later is kept aside in words with both', async () => {
    const db = await joinedPc()
    await applyPulledRows(db, [moved(TO_50, 2)], HEAD)
    await applyPulledRows(db, [moved(TO_70, 3, 'Laptop')], HEAD)

    expect(await payIns(db)).toBe(5_000)
    expect((await db.cashMovements.toArray()).map((m) => m.id).sort()).toEqual(['m1', 'm2'])
    const [aside] = await setAsideRows(db)
    expect(aside).toMatchObject({ ref: 'cashMovement:m3', by: 'Laptop', raw: TO_70, change: 3 })
    expect(aside!.held).toEqual({ rival: TO_50 })
    expect(aside!.reason).toContain('The pay-in of $40.00 by Ana was corrected on two PCs')
    expect(aside!.reason).toContain('Office PC’s Pay-in $50.00 (change 2)')
    expect(aside!.reason).toContain('Laptop’s Pay-in $70.00 (change 3)')
    expect(aside!.reason).toContain('took first')
    expect(await backupRestores(db)).toBe(true)
  })

  it('made here and not yet sent: the other PC’s, on the books already, stands; this PC’s goes up to be kept aside everywhere', async () => {
    const db = await joinedPc()
    await recordMovement(db, TO_70)
    await applyPulledRows(db, [moved(TO_50, 2)], HEAD)

    expect(await payIns(db)).toBe(5_000)
    expect(
      (await setAsideRows(db)).map((r) => [
        r.key,
        r.by,
        r.reason.includes('not yet on the shared books'),
      ]),
    ).toEqual([['m3', 'this PC', true]])
    // It still goes up, so every other PC holds it aside too and a person can choose it there.
    expect((await waitingChanges(db, 10)).map((c) => c.key)).toEqual(['m3'])
    expect(await backupRestores(db)).toBe(true)
  })

  it('sent first but numbered later than the other PC’s: the earlier change number stands, whatever arrived first', async () => {
    const db = await joinedPc()
    await recordMovement(db, TO_70)
    await settleSent(db, await waitingChanges(db, 10), [
      { status: 'applied', version: 1, change: 9 },
    ])
    await applyPulledRows(db, [moved(TO_50, 4), moved(TO_70, 9, 'This laptop')], HEAD)

    expect(await payIns(db)).toBe(5_000)
    expect((await setAsideRows(db)).map((r) => [r.key, r.change])).toEqual([['m3', 9]])
    expect(await backupRestores(db)).toBe(true)
  })

  it('a correction of the correction kept aside stays aside with it, and comes back with it when a person chooses it', async () => {
    const db = await joinedPc()
    await applyPulledRows(
      db,
      [
        moved(TO_50, 2),
        moved(TO_70, 3, 'Laptop'),
        moved(movement('m4', 'pay-in', 7_500, { replaces: 'm3' }), 4, 'Laptop'),
      ],
      HEAD,
    )
    expect(await payIns(db)).toBe(5_000)
    expect((await setAsideRows(db)).map((r) => r.key)).toEqual(['m3', 'm4'])
    expect(await backupRestores(db)).toBe(true)

    await chooseMovement(db, 'cashMovement:m3', 'kept')
    expect(await payIns(db)).toBe(7_500)
    expect(await setAsideRows(db)).toEqual([])
    // The version not chosen goes from the books, so every PC follows.
    expect(await waitingChanges(db, 10)).toMatchObject([{ key: 'm2', deleted: true }])
    expect(await backupRestores(db)).toBe(true)
  })

  it('on a PC that pulls the choice, the movement kept aside stands once its rival is deleted', async () => {
    const db = await joinedPc()
    await applyPulledRows(db, [moved(TO_50, 2), moved(TO_70, 3, 'Laptop')], HEAD)
    const gone: SharedRow = { ...moved(TO_50, 5), body: null, deleted: true, version: 2 }
    await applyPulledRows(db, [gone], HEAD)
    expect(await payIns(db)).toBe(7_000)
    expect(await setAsideRows(db)).toEqual([])
  })

  it('keeping the standing one deletes the one kept aside, here and on the books', async () => {
    const db = await joinedPc()
    await applyPulledRows(db, [moved(TO_50, 2), moved(TO_70, 3, 'Laptop')], HEAD)
    await chooseMovement(db, 'cashMovement:m3', 'standing')
    expect(await payIns(db)).toBe(5_000)
    expect(await setAsideRows(db)).toEqual([])
    expect(await waitingChanges(db, 10)).toMatchObject([{ key: 'm3', deleted: true }])
  })
})

describe('two opening floats for one session', () => {
  it('the float the books took first stands on every PC, whichever order they reached it', async () => {
    const office = await joinedPc()
    const laptop = await joinedPc()
    const first = movement('f1', 'float', 10_000)
    const second = movement('f2', 'float', 20_000)
    await applyPulledRows(office, [moved(first, 2), moved(second, 3, 'Laptop')], HEAD)
    await recordMovement(laptop, second)
    await settleSent(laptop, await waitingChanges(laptop, 10), [
      { status: 'applied', version: 1, change: 3 },
    ])
    await applyPulledRows(laptop, [moved(first, 2)], HEAD)

    for (const db of [office, laptop]) {
      expect(movementSums(await movementsOfSession(db, 's1')).openingFloat).toBe(10_000)
      const [aside] = await setAsideRows(db)
      expect(aside!.key).toBe('f2')
      expect(aside!.reason).toContain('The session was given an opening float on two PCs')
    }
  })
})
