import { afterEach, beforeEach, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { storedMatches } from '../../../../src-renderer/deposits/tables/deposit-matches'
import { matchByHand, unmatchDeposit } from '../../../../src-renderer/deposits/jobs/hand-match'
import { runDepositMatching } from '../../../../src-renderer/deposits/jobs/deposit-matching'
import { importStatement } from '../../../../src-renderer/deposits/jobs/import-statement'
import { FRIDAY, PLAIN_CSV, depositShop, plainCsv } from '../../../support/deposits/shop'
import { saveDepositSettings } from '../../../../src-renderer/deposits/tables/deposit-settings-store'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'

let db: TillDatabase
beforeEach(async () => {
  db = await depositShop()
})
afterEach(() => db.close())

const NOW = FRIDAY + 5 * 86_400_000

it('an unmatched card settlement is not matched again by Till, and a person can match it by hand, the fee worked out', async () => {
  await importStatement(
    db,
    {
      bankAccountId: 'main',
      text: plainCsv(['2026-11-24,CARD SETTLEMENT,98.00,98.00', '2026-11-30,CARD FIX,-1.00,97.00']),
      csv: PLAIN_CSV,
    },
    'USD',
    NOW,
  )
  const [card] = (await storedMatches(db)).filter((m) => m.expectedIds[0]!.startsWith('card'))
  await unmatchDeposit(db, card!.id, 'Budi', NOW + 1)
  expect(await runDepositMatching(db, 'USD', NOW + 2)).toMatchObject({ added: 0 })
  expect((await storedMatches(db)).find((m) => m.id === card!.id)).toMatchObject({
    state: 'unmatched',
    unmatchedBy: 'Budi',
  })

  await matchByHand(
    db,
    { bankAccountId: 'main', bankLineIds: card!.bankLineIds, expectedIds: ['card|101|2026-11-20'] },
    'Budi',
    'USD',
    NOW + 3,
  )
  expect((await storedMatches(db)).find((m) => m.id === card!.id)).toMatchObject({
    state: 'confirmed',
    kind: 'by-hand',
    fee: 200,
    madeBy: 'Budi',
  })
  await expect(
    matchByHand(
      db,
      {
        bankAccountId: 'main',
        bankLineIds: card!.bankLineIds,
        expectedIds: ['cash|101|2026-11-20'],
      },
      'Budi',
      'USD',
      NOW,
    ),
  ).rejects.toThrow(/unmatch it first/)
  await expect(
    matchByHand(
      db,
      { bankAccountId: 'main', bankLineIds: ['nope'], expectedIds: ['cash|101|2026-11-20'] },
      'Budi',
      'USD',
      NOW,
    ),
  ).rejects.toThrow(/no longer there/)
})

it('a hand match whose fee would be below zero or above a tenth of the gross is a difference to explain: not recorded without a reason, recorded as the difference with one, never as a fee', async () => {
  // Card: gross 100.00, fee expected 2.00.
  await importStatement(
    db,
    {
      bankAccountId: 'main',
      text: plainCsv([
        '2026-11-24,CARD OVERPAID,113.84,113.84',
        '2026-11-25,CARD SHORT,80.00,193.84',
        '2026-11-25,CARD FEE,91.00,284.84',
      ]),
      csv: PLAIN_CSV,
    },
    'USD',
    NOW,
  )
  const lines = await db.statementLines.toArray()
  const idOf = (text: string) => lines.find((l) => l.text === text)!.id
  const byHand = (text: string, explained?: 'over-banked' | 'bank-charge') =>
    matchByHand(
      db,
      {
        bankAccountId: 'main',
        bankLineIds: [idOf(text)],
        expectedIds: ['card|101|2026-11-20'],
        ...(explained ? { explained } : {}),
      },
      'Budi',
      'USD',
      NOW,
    )
  const matchOf = async (text: string) =>
    (await storedMatches(db)).find((m) => m.bankLineIds.includes(idOf(text)))
  for (const text of ['CARD OVERPAID', 'CARD SHORT'])
    await expect(byHand(text)).rejects.toThrow(/too far off to be a fee.*difference to explain/)
  expect(
    (await storedMatches(db)).filter((m) => m.expectedIds.includes('card|101|2026-11-20')),
  ).toEqual([])

  await byHand('CARD OVERPAID', 'over-banked')
  expect(await matchOf('CARD OVERPAID')).toMatchObject({
    kind: 'by-hand',
    fee: 0,
    shortfall: -1384,
    explained: 'over-banked',
  })
  await unmatchDeposit(db, (await matchOf('CARD OVERPAID'))!.id, 'Budi', NOW + 1)
  await byHand('CARD SHORT', 'bank-charge')
  expect(await matchOf('CARD SHORT')).toMatchObject({
    fee: 0,
    shortfall: 2000,
    explained: 'bank-charge',
  })
  await unmatchDeposit(db, (await matchOf('CARD SHORT'))!.id, 'Budi', NOW + 2)
  // 9 % of the gross is a fee, as the person matched it.
  await byHand('CARD FEE')
  expect(await matchOf('CARD FEE')).toMatchObject({ fee: 900, shortfall: 0, state: 'confirmed' })
  expect((await matchOf('CARD FEE'))!.explained).toBeUndefined()
})

it('matches by hand the line of the bank account chosen when another account’s line has the same id', async () => {
  const settings = defaultDepositSettings('USD')
  await saveDepositSettings(db, {
    ...settings,
    bankAccounts: [...settings.bankAccounts, { id: 'savings', name: 'Savings', currency: 'USD' }],
    cash: { ...settings.cash, bankAccountId: 'savings' },
  })
  for (const [bankAccountId, row] of [
    ['main', '2026-11-24,CARD SETTLEMENT,98.00,98.00'],
    ['savings', '2026-11-23,CASH DEPOSIT,49.00,49.00'],
  ] as const)
    await importStatement(
      db,
      {
        bankAccountId,
        text: `Date,Description,Amount,Balance,Ref\n${row},R1\n`,
        csv: { ...PLAIN_CSV, id: 'Ref' },
      },
      'USD',
      NOW,
    )
  // 49.00 banked for a 50.00 count is a person's call; main's R1 pays the card money on its own.
  expect((await storedMatches(db)).map((m) => m.id)).toEqual(['main|R1'])
  await matchByHand(
    db,
    { bankAccountId: 'savings', bankLineIds: ['R1'], expectedIds: ['cash|101|2026-11-20'] },
    'Ana',
    'USD',
    NOW + 1,
  )
  expect((await storedMatches(db)).map((m) => [m.id, m.state, m.fee, m.shortfall])).toEqual([
    ['main|R1', 'confirmed', 200, 0],
    ['savings|R1', 'confirmed', 0, 100],
  ])
  await unmatchDeposit(db, 'savings|R1', 'Budi', NOW + 2)
  expect((await storedMatches(db)).map((m) => [m.id, m.state])).toEqual([
    ['main|R1', 'confirmed'],
    ['savings|R1', 'unmatched'],
  ])
})
