import { afterEach, describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { storedMatches } from '../../../../src-renderer/deposits/tables/deposit-matches'
import {
  readCsvMapping,
  readDepositSettings,
  saveDepositSettings,
} from '../../../../src-renderer/deposits/tables/deposit-settings-store'
import { waitingCount } from '../../../../src-renderer/shared-books/tables/shared-outbox'
import { statementLines } from '../../../../src-renderer/deposits/tables/statement-lines'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'
import { matchByHand, unmatchDeposit } from '../../../../src-renderer/deposits/jobs/hand-match'
import { statementBatches } from '../../../../src-renderer/deposits/tables/statement-batches'
import { importStatement } from '../../../../src-renderer/deposits/jobs/import-statement'
import { FRIDAY, PLAIN_CSV, depositShop, plainCsv } from '../../../support/deposits/shop'
import { FakeBooks } from '../../../support/shared-books/fake-books'
import { joinedPcs } from '../../../support/shared-books/joined-pcs'

/**
 * Deposits on two PCs of one shop: statement lines, matches and the deposit settings travel
 * through the shared books; the offers each PC works out for itself.
 */

const NOW = FRIDAY + 6 * 86_400_000
/** 49.00 banked for a 50.00 count: left to a person. */
const CASH_LINE = '2026-11-23,CASH DEPOSIT,49.00,49.00'
/** The card money less its 2 %: matched by Till. */
const CARD_LINE = '2026-11-24,CARD SETTLEMENT,98.00,147.00'
const STATEMENT = { bankAccountId: 'main', text: plainCsv([CASH_LINE, CARD_LINE]), csv: PLAIN_CSV }

/** PCs of the deposit shop, joined to the books. */
const pcs = joinedPcs(depositShop)
afterEach(() => pcs.closeAll())
const joinedPc = pcs.join

/** Each match as a bookkeeper reads it: its deposits, its state, who made and undid it. */
async function matchesOf(db: TillDatabase) {
  return (await storedMatches(db))
    .map((m) => ({
      expected: m.expectedIds.join(' '),
      state: m.state,
      madeBy: m.madeBy,
      unmatchedBy: m.unmatchedBy,
    }))
    .sort((a, b) => a.expected.localeCompare(b.expected))
}

/** The office imports the statement and matches the short cash deposit by hand. */
async function officeMatches(office: { db: TillDatabase }): Promise<void> {
  await importStatement(office.db, STATEMENT, 'USD', NOW)
  const cash = (await statementLines(office.db)).find((l) => l.amount === 4900)!
  await matchByHand(
    office.db,
    { bankAccountId: 'main', bankLineIds: [cash.id], expectedIds: ['cash|101|2026-11-20'] },
    'Ana',
    'USD',
    NOW,
  )
}

describe('deposits on shared books', () => {
  it('a statement imported and matched on one PC shows on the other, lines, matches, settings and CSV columns alike', async () => {
    const books = new FakeBooks()
    const office = await joinedPc(books, 'Office PC')
    const laptop = await joinedPc(books, 'Laptop')
    const settings = defaultDepositSettings('USD')
    settings.cash.defaultFloat = 2500
    await saveDepositSettings(office.db, settings)
    await officeMatches(office)

    // Two lines, two matches, the settings, the account's CSV columns and the import.
    expect(await office.sync.syncNow()).toMatchObject({ pushed: 7, conflicts: 0 })
    expect(await laptop.sync.syncNow()).toMatchObject({ pulled: { applied: 7, setAside: 0 } })

    expect((await statementLines(laptop.db)).map((l) => [l.date, l.amount, l.text])).toEqual([
      ['2026-11-23', 4900, 'CASH DEPOSIT'],
      ['2026-11-24', 9800, 'CARD SETTLEMENT'],
    ])
    expect(await matchesOf(laptop.db)).toEqual([
      { expected: 'card|101|2026-11-20', state: 'confirmed', madeBy: 'Till' },
      { expected: 'cash|101|2026-11-20', state: 'confirmed', madeBy: 'Ana' },
    ])
    expect((await readDepositSettings(laptop.db))?.cash.defaultFloat).toBe(2500)
    expect(await readCsvMapping(laptop.db, 'main')).toEqual(PLAIN_CSV)
    expect(await statementBatches(laptop.db)).toEqual(await statementBatches(office.db))

    // The same statement imported on the laptop now adds nothing.
    expect(await importStatement(laptop.db, STATEMENT, 'USD', NOW + 1)).toMatchObject({
      added: 0,
      already: 2,
      matched: 0,
    })
    expect(await matchesOf(laptop.db)).toHaveLength(2)
  })

  it('a match unmatched on one PC is unmatched on the other, and Till does not make it again there', async () => {
    const books = new FakeBooks()
    const office = await joinedPc(books, 'Office PC')
    const laptop = await joinedPc(books, 'Laptop')
    await officeMatches(office)
    await office.sync.syncNow()
    await laptop.sync.syncNow()

    const card = (await storedMatches(laptop.db)).find((m) => m.madeBy === 'Till')!
    await unmatchDeposit(laptop.db, card.id, 'Budi', NOW + 1)
    expect(await waitingCount(laptop.db)).toBe(1)
    expect(await laptop.sync.syncNow()).toMatchObject({ pushed: 1, conflicts: 0 })
    await office.sync.syncNow()

    const expected = [
      {
        expected: 'card|101|2026-11-20',
        state: 'unmatched',
        madeBy: 'Till',
        unmatchedBy: 'Budi',
      },
      { expected: 'cash|101|2026-11-20', state: 'confirmed', madeBy: 'Ana' },
    ]
    expect(await matchesOf(office.db)).toEqual(expected)
    // A later import on the office matches nothing on its own over the unmatched line.
    expect(await importStatement(office.db, STATEMENT, 'USD', NOW + 2)).toMatchObject({
      matched: 0,
    })
    expect(await matchesOf(office.db)).toEqual(expected)
  })
})
