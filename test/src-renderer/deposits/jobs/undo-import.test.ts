import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { storedMatches } from '../../../../src-renderer/deposits/tables/deposit-matches'
import { statementLines } from '../../../../src-renderer/deposits/tables/statement-lines'
import {
  statementBatches,
  StatementUndoError,
} from '../../../../src-renderer/deposits/tables/statement-batches'
import { importStatement } from '../../../../src-renderer/deposits/jobs/import-statement'
import { undoImport } from '../../../../src-renderer/deposits/jobs/undo-import'
import { unmatchDeposit } from '../../../../src-renderer/deposits/jobs/hand-match'
import { runExport } from '../../../../src-renderer/exports/jobs/run-export'
import { collectText } from '../../../support/exports/collect'
import { EMPTY_MAPPING } from '../../../support/journal-context'
import { FRIDAY, PLAIN_CSV, depositShop, plainCsv } from '../../../support/deposits/shop'
import { saveDepositSettings } from '../../../../src-renderer/deposits/tables/deposit-settings-store'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'

let db: TillDatabase
beforeEach(async () => {
  db = await depositShop()
})
afterEach(() => db.close())

const NOW = FRIDAY + 6 * 86_400_000
const CASH = '2026-11-23,CASH DEPOSIT KEMANG,50.00,1050.00'
const CARD = '2026-11-24,CARD SETTLEMENT 20NOV,98.00,1148.00'
const RENT = '2026-11-25,RENT NOVEMBER,-400.00,748.00'

const imported = (rows: readonly string[], at: number) =>
  importStatement(
    db,
    { bankAccountId: 'main', text: plainCsv(rows), csv: PLAIN_CSV, fileName: `${at}.csv` },
    'USD',
    at,
  )

const exported = () =>
  collectText(
    runExport({
      db,
      what: 'journal-csv',
      range: { from: '2026-11-20', to: '2026-11-30', locationId: '' },
      mapping: EMPTY_MAPPING,
      timeZone: 'Asia/Jakarta',
      currency: 'USD',
      now: () => new Date(NOW),
    }),
  )

describe('undoing an import', () => {
  it('takes its lines and the matches made of them away, leaves an earlier import’s, and lists it as undone', async () => {
    await imported([RENT], NOW)
    const batch = await imported([CASH, CARD, RENT], NOW + 1)
    expect(batch).toMatchObject({ added: 2, already: 1, matched: 2 })
    expect(await undoImport(db, batch.batchId, 'Ana', 'USD', NOW + 2)).toEqual({
      lines: 2,
      matches: 2,
    })
    expect((await statementLines(db)).map((l) => l.text)).toEqual(['RENT NOVEMBER'])
    expect(await storedMatches(db)).toEqual([])
    expect(
      (await statementBatches(db)).map((b) => [b.fileName, b.undoneBy ?? null, b.undoneAt ?? null]),
    ).toEqual([
      [`${NOW + 1}.csv`, 'Ana', NOW + 2],
      [`${NOW}.csv`, null, null],
    ])
    await expect(undoImport(db, batch.batchId, 'Ana', 'USD', NOW + 3)).rejects.toThrow(
      /undone already/,
    )
    // Imported again, the lines match again: the undo refused nothing for later.
    expect(await imported([CASH, CARD], NOW + 4)).toMatchObject({ added: 2, matched: 2 })
  })

  it('is refused while an export has posted a match of it, until that match is unmatched', async () => {
    const batch = await imported([CASH, CARD], NOW)
    expect(await exported()).toContain('deposit:')
    const undo = undoImport(db, batch.batchId, 'Ana', 'USD', NOW + 1)
    await expect(undo).rejects.toThrow(StatementUndoError)
    await expect(undo).rejects.toThrow(/2 matches .* in the books already.*unmatch them first/)
    expect(await statementLines(db)).toHaveLength(2)

    for (const match of await storedMatches(db)) await unmatchDeposit(db, match.id, 'Ana', NOW + 2)
    expect(await undoImport(db, batch.batchId, 'Ana', 'USD', NOW + 3)).toEqual({
      lines: 2,
      matches: 0,
    })
    expect(await statementLines(db)).toEqual([])
    // The unmatched matches stay: the next export reverses what they posted.
    expect((await storedMatches(db)).map((m) => m.state)).toEqual(['unmatched', 'unmatched'])
  })

  it('of one bank account leaves the lines and matches of another whose statement gives the same line ids', async () => {
    const settings = defaultDepositSettings('USD')
    await saveDepositSettings(db, {
      ...settings,
      bankAccounts: [...settings.bankAccounts, { id: 'savings', name: 'Savings', currency: 'USD' }],
      cash: { ...settings.cash, bankAccountId: 'savings' },
    })
    const into = (bankAccountId: string, row: string, at: number) =>
      importStatement(
        db,
        {
          bankAccountId,
          text: `Date,Description,Amount,Balance,Ref\n${row},R1\n`,
          csv: { ...PLAIN_CSV, id: 'Ref' },
        },
        'USD',
        at,
      )
    const card = await into('main', CARD, NOW)
    const cash = await into('savings', CASH, NOW + 1)
    expect([card.matched, cash.matched]).toEqual([1, 1])
    await exported()
    // The savings match posted: unmatched, its import can go; main's posted match stays.
    await unmatchDeposit(db, 'savings|R1', 'Budi', NOW + 2)
    expect(await undoImport(db, cash.batchId, 'Ana', 'USD', NOW + 3)).toEqual({
      lines: 1,
      matches: 0,
    })
    expect((await statementLines(db)).map((l) => [l.bankAccountId, l.id])).toEqual([['main', 'R1']])
    expect((await storedMatches(db)).map((m) => [m.id, m.state])).toEqual([
      ['main|R1', 'confirmed'],
      ['savings|R1', 'unmatched'],
    ])
    await expect(undoImport(db, card.batchId, 'Ana', 'USD', NOW + 4)).rejects.toThrow(
      /A match .* in the books already/,
    )
  })
})
