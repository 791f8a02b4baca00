import { afterEach, beforeEach, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { storedMatches } from '../../../../src-renderer/deposits/tables/deposit-matches'
import { matchByHand, unmatchDeposit } from '../../../../src-renderer/deposits/jobs/hand-match'
import { runDepositMatching } from '../../../../src-renderer/deposits/jobs/deposit-matching'
import { importStatement } from '../../../../src-renderer/deposits/jobs/import-statement'
import { FRIDAY, PLAIN_CSV, depositShop, plainCsv } from '../../../support/deposits/shop'

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
