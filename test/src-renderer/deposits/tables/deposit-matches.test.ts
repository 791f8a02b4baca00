import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  DepositMatchError,
  keepHandMatch,
  keepMatchingRun,
  keepUnmatch,
  storedMatches,
  storedOffers,
} from '../../../../src-renderer/deposits/tables/deposit-matches'
import {
  matchDeposits,
  matchId,
  type DepositMatch,
  type KeptLine,
} from '../../../../src-renderer/deposits/rules/matching'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'
import type { ExpectedDeposit } from '../../../../src-renderer/deposits/rules/expected-deposits'

let db: TillDatabase
beforeEach(() => {
  db = new TillDatabase('till-matches-test', { indexedDB: new IDBFactory(), IDBKeyRange })
})

const match = (lines: string[], expected: string[], bankAccountId = 'main'): DepositMatch => ({
  id: matchId(bankAccountId, lines),
  bankAccountId,
  bankLineIds: lines,
  expectedIds: expected,
  kind: 'exact',
  fee: 0,
  shortfall: 0,
})

describe('deposit matches', () => {
  it('keeps a run’s new matches as made by Till and replaces the offers, leaving matches kept before as they were', async () => {
    await keepHandMatch(db, match(['L1'], ['cash|a|2026-11-02']), 'Ana', 10)
    const run = await keepMatchingRun(
      db,
      {
        matches: [match(['L1'], ['cash|a|2026-11-02']), match(['L2'], ['card|a|2026-11-02'])],
        offers: [
          {
            bankAccountId: 'main',
            bankLineIds: ['L3'],
            candidates: [['x'], ['y']],
            candidateLineIds: [['L3'], ['L3']],
            reason: 'two days fit',
          },
        ],
      },
      20,
    )
    expect(run).toEqual({ added: 1 })
    const byId = new Map((await storedMatches(db)).map((m) => [m.id, m]))
    expect(byId.get('main|L1')).toMatchObject({ kind: 'by-hand', madeBy: 'Ana', madeAt: 10 })
    expect(byId.get('main|L2')).toMatchObject({
      kind: 'exact',
      madeBy: 'Till',
      state: 'confirmed',
      confirmedAt: 20,
    })
    await keepMatchingRun(db, { matches: [], offers: [] }, 30)
    expect(await storedOffers(db)).toEqual([])
    expect(await storedMatches(db)).toHaveLength(2)
  })

  it('refuses a hand match over a line or a deposit already standing in a match, and settles the line’s offers', async () => {
    await keepMatchingRun(
      db,
      {
        matches: [match(['L1'], ['e1'])],
        offers: [
          {
            bankAccountId: 'main',
            bankLineIds: ['L2'],
            candidates: [['e2'], ['e3']],
            candidateLineIds: [['L2'], ['L2']],
            reason: 'two fit',
          },
        ],
      },
      1,
    )
    await expect(keepHandMatch(db, match(['L2'], ['e1']), 'Ana', 2)).rejects.toThrow(
      DepositMatchError,
    )
    await expect(keepHandMatch(db, match(['L1', 'L2'], ['e2']), 'Ana', 2)).rejects.toThrow(
      /unmatch it first/,
    )
    await keepHandMatch(db, match(['L2'], ['e2']), 'Ana', 3)
    expect(await storedOffers(db)).toEqual([])
  })

  it('confirming one line of an offer leaves the other line its readings still open, and drops those the match took', async () => {
    await keepMatchingRun(
      db,
      {
        matches: [],
        offers: [
          {
            bankAccountId: 'main',
            bankLineIds: ['A', 'B'],
            candidates: [['d1'], ['d2'], ['d3'], ['d1']],
            candidateLineIds: [['A'], ['B'], ['A', 'B'], ['B']],
            reason: 'three ways',
          },
        ],
      },
      1,
    )
    await keepHandMatch(db, match(['A'], ['d1']), 'Ana', 2)
    expect(await storedOffers(db)).toEqual([
      {
        id: 'main|B',
        bankAccountId: 'main',
        bankLineIds: ['B'],
        candidates: [['d2']],
        candidateLineIds: [['B']],
        reason: 'three ways',
      },
    ])
  })

  it('two lines offered together (each near a day of its own, both paying a third): confirming one leaves the other its reading, which the next run then matches', async () => {
    const cash = (locationId: string, date: string, amount: number): ExpectedDeposit => ({
      id: `cash|${locationId}|${date}`,
      method: 'cash',
      locationId,
      businessDate: date,
      dueDate: date,
      bankAccountId: 'main',
      currency: 'IDR',
      gross: amount,
      expectedFee: 0,
      amount,
      sessionIds: [],
    })
    const expected = [
      cash('a', '2026-11-02', 100_000),
      cash('a', '2026-11-03', 60_000),
      cash('b', '2026-11-02', 160_000),
    ]
    const bankLine = (id: string, amount: number): KeptLine => ({
      id,
      date: '2026-11-03',
      amount,
      currency: 'IDR',
      text: id,
      bankAccountId: 'main',
    })
    const input = {
      expected,
      lines: [bankLine('A', 100_000), bankLine('B', 60_000)],
      refused: [],
      settings: defaultDepositSettings('IDR'),
    }
    const first = matchDeposits({ ...input, kept: [] })
    expect(first.offers.map((o) => o.bankLineIds)).toEqual([['A', 'B']])
    await keepMatchingRun(db, first, 1)
    await keepHandMatch(db, match(['A'], ['cash|a|2026-11-02']), 'Ana', 2)
    expect(await storedOffers(db)).toMatchObject([
      { id: 'main|B', candidates: [['cash|a|2026-11-03']], candidateLineIds: [['B']] },
    ])
    const kept = (await storedMatches(db)).filter((m) => m.state === 'confirmed')
    const again = matchDeposits({ ...input, kept })
    await keepMatchingRun(db, again, 3)
    expect((await storedMatches(db)).map((m) => [m.id, m.expectedIds, m.madeBy])).toEqual([
      ['main|A', ['cash|a|2026-11-02'], 'Ana'],
      ['main|B', ['cash|a|2026-11-03'], 'Till'],
    ])
  })

  it('keeps an unmatched match with who and when, never made by a later run again', async () => {
    await keepMatchingRun(db, { matches: [match(['L1'], ['e1'])], offers: [] }, 1)
    await keepUnmatch(db, 'main|L1', 'Budi', 5)
    await expect(keepUnmatch(db, 'main|L1', 'Budi', 6)).rejects.toThrow(/No standing match/)
    await keepMatchingRun(db, { matches: [match(['L1'], ['e1'])], offers: [] }, 7)
    expect(await storedMatches(db)).toEqual([
      expect.objectContaining({
        id: 'main|L1',
        state: 'unmatched',
        unmatchedBy: 'Budi',
        unmatchedAt: 5,
      }),
    ])
    await keepHandMatch(db, match(['L1'], ['e9']), 'Budi', 8)
    expect((await storedMatches(db))[0]).toMatchObject({ state: 'confirmed', expectedIds: ['e9'] })
  })

  it('keeps the matches and offers of two accounts whose lines share ids apart: kept, matched by hand, settled and unmatched each on its own', async () => {
    const offer = (bankAccountId: string, candidates: string[][]) => ({
      bankAccountId,
      bankLineIds: ['L2'],
      candidates,
      candidateLineIds: candidates.map(() => ['L2']),
      reason: 'two fit',
    })
    const run = await keepMatchingRun(
      db,
      {
        matches: [match(['L1'], ['e1']), match(['L1'], ['s1'], 'savings')],
        offers: [offer('main', [['e2'], ['e3']]), offer('savings', [['s2'], ['s3']])],
      },
      1,
    )
    expect(run).toEqual({ added: 2 })
    expect((await storedOffers(db)).map((o) => o.id)).toEqual(['main|L2', 'savings|L2'])
    // L2 of savings matched by hand: main's L2 keeps its offer.
    await keepHandMatch(db, match(['L2'], ['s2'], 'savings'), 'Ana', 2)
    expect((await storedOffers(db)).map((o) => [o.id, o.candidates])).toEqual([
      ['main|L2', [['e2'], ['e3']]],
    ])
    await expect(keepHandMatch(db, match(['L2'], ['s3'], 'savings'), 'Ana', 3)).rejects.toThrow(
      /unmatch it first/,
    )
    await keepUnmatch(db, 'savings|L1', 'Budi', 4)
    const states = new Map((await storedMatches(db)).map((m) => [m.id, m.state]))
    expect(Object.fromEntries(states)).toEqual({
      'main|L1': 'confirmed',
      'savings|L1': 'unmatched',
      'savings|L2': 'confirmed',
    })
  })

  it('matching by hand again lines unmatched keeps the key an export posted them under', async () => {
    await keepMatchingRun(db, { matches: [match(['L1'], ['e1'])], offers: [] }, 1)
    await keepUnmatch(db, 'main|L1', 'Budi', 2)
    const [unmatched] = await storedMatches(db)
    await db.depositMatches.put({ ...unmatched!, postingKey: 'deposit:L1' })
    await keepHandMatch(db, match(['L1'], ['e2']), 'Ana', 3)
    expect(await storedMatches(db)).toEqual([
      expect.objectContaining({
        state: 'confirmed',
        expectedIds: ['e2'],
        postingKey: 'deposit:L1',
      }),
    ])
  })
})
