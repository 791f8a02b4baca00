import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { storedMatches } from '../../../../src-renderer/deposits/tables/deposit-matches'
import { readCsvMapping } from '../../../../src-renderer/deposits/tables/deposit-settings-store'
import { statementLines } from '../../../../src-renderer/deposits/tables/statement-lines'
import { StatementReadError } from '../../../../src-renderer/deposits/rules/bank-line'
import {
  StatementAccountError,
  StatementCurrencyError,
} from '../../../../src-renderer/deposits/rules/statements/read-statement'
import {
  importStatement,
  keepAccountNumber,
  StatementSizeError,
} from '../../../../src-renderer/deposits/jobs/import-statement'
import { depositSettingsOf } from '../../../../src-renderer/deposits/jobs/deposit-matching'
import { statementBatches } from '../../../../src-renderer/deposits/tables/statement-batches'
import { DepositMatchingFollower } from '../../../../src-renderer/deposits/jobs/matching-follower'
import { FRIDAY, PLAIN_CSV, camtOf, depositShop, plainCsv } from '../../../support/deposits/shop'

let db: TillDatabase
beforeEach(async () => {
  db = await depositShop()
})
afterEach(() => db.close())

const NOW = FRIDAY + 5 * 86_400_000
const CASH = '2026-11-23,CASH DEPOSIT KEMANG,50.00,1050.00'
const CARD = '2026-11-24,CARD SETTLEMENT 20NOV,98.00,1148.00'
const RENT = '2026-11-25,RENT NOVEMBER,-400.00,748.00'

describe('importing a bank statement', () => {
  it('keeps the lines, remembers the account’s CSV columns, and matches the cash and the card money to the Friday’s takings', async () => {
    const result = await importStatement(
      db,
      { bankAccountId: 'main', text: plainCsv([CASH, CARD]), csv: PLAIN_CSV },
      'USD',
      NOW,
    )
    expect(result).toEqual({
      added: 2,
      already: 0,
      matched: 2,
      offers: 0,
      batchId: expect.stringMatching(/^main:/),
    })
    expect(await readCsvMapping(db, 'main')).toEqual(PLAIN_CSV)
    const matches = await storedMatches(db)
    expect(
      matches.map((m) => [m.expectedIds, m.fee, m.shortfall, m.madeBy, m.state]).sort(),
    ).toEqual([
      [['card|101|2026-11-20'], 200, 0, 'Till', 'confirmed'],
      [['cash|101|2026-11-20'], 0, 0, 'Till', 'confirmed'],
    ])
  })

  it('counts the matches Till made of the new lines though the matching follower, hearing them kept, made them first', async () => {
    const noRounds = {
      getState: () => ({ lastSuccessAt: null, savedBillsAddedUp: true }),
      subscribe: () => () => true,
    }
    const follower = new DepositMatchingFollower(db, 'USD', noRounds)
    follower.start()
    await follower.settled()
    const result = await importStatement(
      db,
      { bankAccountId: 'main', text: plainCsv([CASH, CARD]), csv: PLAIN_CSV },
      'USD',
      NOW,
    )
    await follower.stop()
    expect(result).toMatchObject({ added: 2, matched: 2 })
    expect((await storedMatches(db)).length).toBe(2)
  })

  it('adds only the new lines of an overlapping statement, and says how many it already had', async () => {
    await importStatement(
      db,
      { bankAccountId: 'main', text: plainCsv([CASH]), csv: PLAIN_CSV },
      'USD',
      NOW,
    )
    const again = await importStatement(
      db,
      { bankAccountId: 'main', text: plainCsv([CASH, CARD, RENT]), csv: PLAIN_CSV },
      'USD',
      NOW + 1,
    )
    expect(again).toMatchObject({ added: 2, already: 1, matched: 1 })
    expect((await statementLines(db)).map((l) => l.amount)).toEqual([5000, 9800, -40000])
  })

  it('refuses a file with a line it cannot read, or in another currency, whole: nothing of it is kept', async () => {
    const broken = importStatement(
      db,
      {
        bankAccountId: 'main',
        text: plainCsv([CASH, '2026-11-24,CARD,ninety-eight,1148.00']),
        csv: PLAIN_CSV,
      },
      'USD',
      NOW,
    )
    await expect(broken).rejects.toThrow(StatementReadError)
    await expect(broken).rejects.toMatchObject({ where: expect.stringMatching(/line 3/) })
    const euros = importStatement(
      db,
      {
        bankAccountId: 'main',
        text: plainCsv([CASH])
          .replace('Date,Description,Amount,Balance', 'Date,Description,Amount,Balance,Currency')
          .replace('1050.00', '1050.00,EUR'),
        csv: { ...PLAIN_CSV, currency: 'Currency' },
      },
      'USD',
      NOW,
    )
    await expect(euros).rejects.toThrow(StatementCurrencyError)
    await expect(
      importStatement(
        db,
        { bankAccountId: 'nope', text: plainCsv([CASH]), csv: PLAIN_CSV },
        'USD',
        NOW,
      ),
    ).rejects.toThrow(/No bank account nope/)
    expect(await statementLines(db)).toEqual([])
    expect(await readCsvMapping(db, 'main')).toBeNull()
    expect(await storedMatches(db)).toEqual([])
  })
})

describe('one statement, once', () => {
  it('adds nothing of the same statement imported as CSV and then as CAMT.053, and says it was there', async () => {
    const csv = await importStatement(
      db,
      {
        bankAccountId: 'main',
        text: plainCsv([CASH, CARD, RENT]),
        csv: PLAIN_CSV,
        fileName: 'nov.csv',
      },
      'USD',
      NOW,
    )
    expect(csv).toMatchObject({ added: 3, already: 0, matched: 2 })
    const camt = await importStatement(
      db,
      {
        bankAccountId: 'main',
        fileName: 'nov.xml',
        text: camtOf('1234567890', [
          { date: '2026-11-23', amount: '50.00', words: ['CASH DEPOSIT KEMANG'] },
          // The CAMT names the payer too: its words hold the CSV's.
          { date: '2026-11-24', amount: '98.00', words: ['ACME PAY', 'CARD SETTLEMENT 20NOV'] },
          { date: '2026-11-25', amount: '-400.00', words: ['RENT NOVEMBER'] },
          { date: '2026-11-25', amount: '-400.00', words: ['RENT DECEMBER'] },
        ]),
      },
      'USD',
      NOW + 1,
    )
    expect(camt).toMatchObject({ added: 1, already: 3, matched: 0 })
    expect((await statementLines(db)).map((l) => l.text).sort()).toEqual([
      'CARD SETTLEMENT 20NOV',
      'CASH DEPOSIT KEMANG',
      'RENT DECEMBER',
      'RENT NOVEMBER',
    ])
    expect((await storedMatches(db)).length).toBe(2)
    expect(
      (await statementBatches(db)).map((b) => [b.fileName, b.format, b.lines, b.added, b.already]),
    ).toEqual([
      ['nov.xml', 'camt053', 4, 1, 3],
      ['nov.csv', 'csv', 3, 3, 0],
    ])
  })

  it('keeps a statement within the size cap, refusing a larger one with its size in words', async () => {
    const large = importStatement(
      db,
      { bankAccountId: 'main', text: 'x'.repeat(51 * 1024 * 1024), csv: PLAIN_CSV },
      'USD',
      NOW,
    )
    await expect(large).rejects.toThrow(StatementSizeError)
    await expect(large).rejects.toThrow(/51 MB.*50 MB/)
  })
})

describe('the account a statement is of', () => {
  const statement = (number: string) => ({
    bankAccountId: 'main',
    text: camtOf(number, [{ date: '2026-11-23', amount: '50.00', words: ['CASH'] }]),
  })

  it('offers to keep the number of the first statement of an account without one', async () => {
    const result = await importStatement(db, statement('DE89 3704 0044 0532 0130 00'), 'USD', NOW)
    expect(result.numberToKeep).toBe('DE89 3704 0044 0532 0130 00')
    await keepAccountNumber(db, 'USD', 'main', result.numberToKeep!)
    const settings = await depositSettingsOf(db, 'USD')
    expect(settings.bankAccounts[0]!.number).toBe('DE89 3704 0044 0532 0130 00')
    // The bank's own number of that IBAN is the same account.
    const local = await importStatement(db, statement('0532013000'), 'USD', NOW + 1)
    expect(local.numberToKeep).toBeUndefined()
  })

  it('refuses a statement of another account, naming both numbers, and keeps nothing of it', async () => {
    await keepAccountNumber(db, 'USD', 'main', 'DE89370400440532013000')
    const other = importStatement(db, statement('1234567890'), 'USD', NOW)
    await expect(other).rejects.toThrow(StatementAccountError)
    await expect(other).rejects.toThrow(/1234567890.*DE89370400440532013000/)
    expect(await statementLines(db)).toEqual([])
    expect(await statementBatches(db)).toEqual([])
  })
})
