import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  keepStatementLines,
  statementLines,
} from '../../../../src-renderer/deposits/tables/statement-lines'
import type { StatementLine } from '../../../../src-renderer/deposits/rules/bank-line'

let db: TillDatabase
beforeEach(() => {
  db = new TillDatabase('till-lines-test', { indexedDB: new IDBFactory(), IDBKeyRange })
})

const line = (id: string, date: string, amount: number): StatementLine => ({
  id,
  date,
  amount,
  currency: 'IDR',
  text: `Deposit ${id}`,
})

describe('keeping statement lines', () => {
  it('adds only the lines an overlapping statement does not share with the one before, and says how many', async () => {
    const first = [line('F1', '2026-11-02', 100), line('F2', '2026-11-03', 200)]
    expect(await keepStatementLines(db, 'bca', first, 1)).toEqual({ added: 2, already: 0 })
    const overlapping = [
      { ...line('F2', '2026-11-03', 200), text: 'reworded by the bank' },
      line('F3', '2026-11-04', 300),
    ]
    expect(await keepStatementLines(db, 'bca', overlapping, 2)).toEqual({ added: 1, already: 1 })
    const kept = await statementLines(db, 'bca')
    expect(kept.map((l) => [l.id, l.importedAt])).toEqual([
      ['F1', 1],
      ['F2', 1],
      ['F3', 2],
    ])
    expect(kept[1]!.text).toBe('Deposit F2')
  })

  it('keeps each bank account’s lines apart, even under the same id', async () => {
    await keepStatementLines(db, 'bca', [line('X', '2026-11-05', 1)], 1)
    expect(await keepStatementLines(db, 'mandiri', [line('X', '2026-11-01', 9)], 1)).toEqual({
      added: 1,
      already: 0,
    })
    expect((await statementLines(db, 'mandiri')).map((l) => l.amount)).toEqual([9])
    expect((await statementLines(db)).map((l) => l.bankAccountId)).toEqual(['mandiri', 'bca'])
  })
})
