import { describe, expect, it } from 'vitest'
import { lineWords, type WordsContext } from '../../../../src-renderer/deposits/rules/line-words'

const METHODS = ['cash', 'card', 'qris', 'e_wallet', 'bank_transfer', 'voucher']

const nothingKnown: WordsContext = { locationNames: {}, locationAliases: {}, bankRules: [] }
const shop: WordsContext = {
  locationNames: { '101': 'Harbour Street', '102': 'Market Hall', '103': 'Station Kiosk' },
  locationAliases: { '102': ['MKT', 'Jl. Pasar Baru'] },
  bankRules: [],
}

function read(text: string, more: Partial<Parameters<typeof lineWords>[0]> = {}, context = shop) {
  const words = lineWords({ text, date: '2026-12-07', bankAccountId: 'main', ...more }, context)
  return {
    methods: METHODS.filter((m) => words.allowsMethod(m)),
    locations: ['101', '102', '103'].filter((id) => words.allowsLocation(id)),
    dates: words.dates === null ? null : [...words.dates].sort(),
    references: words.references,
  }
}

describe('the methods a line’s words allow', () => {
  it.each([
    ['CARD SETTLEMENT HARBOUR STREET', ['card']],
    ['VISA/MASTERCARD MERCHANT 4411', ['card']],
    ['EDC BCA 0012', ['card']],
    ['QRIS SETTLEMENT', ['qris']],
    ['E-WALLET SETTLEMENT', ['e_wallet']],
    ['CASH DEPOSIT', ['cash']],
    ['SETORAN TUNAI CABANG 12', ['cash']],
    ['CDM 0091 HARBOUR', ['cash']],
    // A processor pays by transfer too: transfer words say only that it is not cash.
    ['TRANSFERS IN', ['card', 'qris', 'e_wallet', 'bank_transfer', 'voucher']],
    ['TRSF E-BANKING CR · SETTLEMENT', ['card', 'qris', 'e_wallet', 'voucher']],
    // Words at odds: the method named stands.
    ['CASH DEPOSIT SETTLEMENT', ['cash']],
    // A processor's payout, method unnamed: anything but cash and a customer's transfer.
    ['ACME PAY SETTLEMENT', ['card', 'qris', 'e_wallet', 'voucher']],
    // Two methods named: either.
    ['CARD & QRIS', ['card', 'qris']],
  ])('%s → %j', (text, methods) => {
    expect(read(text).methods).toEqual(methods)
  })

  it('says nothing of a line whose words name no method, and never reads a word inside another', () => {
    expect(read('PT SUMBER REJEKI').methods).toEqual(METHODS)
    expect(read('CASHBACK PROMO · POSTAL 12').methods).toEqual(METHODS)
  })

  it('reads the bank’s kind of transaction: a CAMT cash deposit, an OFX ATM credit', () => {
    expect(read('PT SUMBER', { bankKind: 'PMNT/CNTR/CDPT' }).methods).toEqual(['cash'])
    expect(read('BRANCH 12', { bankKind: 'ATM' }).methods).toEqual(['cash'])
    expect(read('SETTLEMENT', { bankKind: 'PMNT/MCRD/OTHR' }).methods).toEqual(['card'])
    // A transfer code says nothing of the method (the demo's MT940 books every line NTRF).
    expect(read('PT SUMBER', { bankKind: 'NTRF' }).methods).toEqual(METHODS)
  })
})

describe('the locations a line’s words allow', () => {
  it('by name or alias, as whole words, case and punctuation ignored', () => {
    expect(read('CARD SETTLEMENT HARBOUR STREET').locations).toEqual(['101'])
    expect(read('setoran tunai harbour-street').locations).toEqual(['101'])
    expect(read('QRIS MKT 0012').locations).toEqual(['102'])
    expect(read('SETOR JL PASAR BARU').locations).toEqual(['102'])
    expect(read('HARBOUR STREET / STATION KIOSK').locations).toEqual(['101', '103'])
  })

  it('says nothing when no name is written, or a name only inside another word', () => {
    expect(read('CARD SETTLEMENT').locations).toEqual(['101', '102', '103'])
    expect(read('QRIS MKTG').locations).toEqual(['101', '102', '103'])
    expect(read('CARD SETTLEMENT HARBOUR STREET', {}, nothingKnown).locations).toEqual([
      '101',
      '102',
      '103',
    ])
  })
})

describe('the business days a line’s words name', () => {
  it.each([
    [
      'CASH DEPOSIT HARBOUR STREET 2026-12-04..2026-12-06',
      ['2026-12-04', '2026-12-05', '2026-12-06'],
    ],
    ['TRANSFERS IN 2026-12-03', ['2026-12-03']],
    ['SETORAN 04.12.26', ['2026-12-04']],
    ['SETORAN 04-12-2026', ['2026-12-04']],
    ['SETORAN 04.12.2026 - 05.12.2026', ['2026-12-04', '2026-12-05']],
    ['CARD 04-06 DEC', ['2026-12-04', '2026-12-05', '2026-12-06']],
    ['CARD 5 DESEMBER 2026', ['2026-12-05']],
    ['QRIS SETTLEMENT · 18-20/11', ['2026-11-18', '2026-11-19', '2026-11-20']],
    // A year-less date is the latest on or before the booking date.
    ['CARD 28 DEC', ['2025-12-28']],
    // Day and month may be either way round after a slash: both are allowed.
    ['SETTLEMENT 04/05/2026', ['2026-04-05', '2026-05-04']],
    ['SETTLEMENT 25/11/2026', ['2026-11-25']],
  ])('%s → %j', (text, dates) => {
    expect(read(text).dates).toEqual(dates)
  })

  it('names none where the text has no date, a month word inside another, or a range too long to be a batch', () => {
    expect(read('CARD SETTLEMENT 4411').dates).toBeNull()
    expect(read('CASH 3 MARKET HALL').dates).toBeNull()
    expect(read('CARD 2026-01-01..2026-12-01').dates).toBeNull()
    expect(read('CARD 2026-02-30').dates).toBeNull()
  })

  it('leaves out a single date that is the line’s own booking or value date', () => {
    expect(read('TRF 07/12/2026').dates).toBeNull()
    expect(read('TRF 2026-12-08', { valueDate: '2026-12-08' }).dates).toBeNull()
    expect(read('CASH 2026-12-06 2026-12-07').dates).toEqual(['2026-12-06'])
  })
})

it('keeps terminal, merchant, batch and slip numbers', () => {
  expect(read('EDC SETTLEMENT TID 88120045 MID:000771 BATCH #0042').references).toEqual([
    'TID 88120045',
    'MID 000771',
    'BATCH 0042',
  ])
  expect(read('CASH DEPOSIT').references).toEqual([])
})

describe('the bookkeeper’s rules', () => {
  const taught: WordsContext = {
    ...shop,
    bankRules: [
      {
        id: 'r1',
        bankAccountId: 'main',
        contains: 'terminal 4411',
        methods: ['card'],
        locationIds: ['102'],
      },
      {
        id: 'r2',
        bankAccountId: 'other',
        contains: 'PT SUMBER',
        methods: ['cash'],
        locationIds: [],
      },
    ],
  }

  it('narrow a line of their account containing their words, case and spacing ignored', () => {
    const read4411 = read('PAYOUT TERMINAL4411', {}, taught)
    expect([read4411.methods, read4411.locations]).toEqual([['card'], ['102']])
  })

  it('leave other accounts’ lines and lines without their words alone', () => {
    expect(read('PT SUMBER', {}, taught).methods).toEqual(METHODS)
    expect(read('PAYOUT TERMINAL 4412', {}, taught).locations).toEqual(['101', '102', '103'])
  })

  it('narrow on top of the words: both must allow a reading', () => {
    // The words say Harbour Street, the rule Market Hall: no location is allowed.
    expect(read('TERMINAL 4411 HARBOUR STREET', {}, taught).locations).toEqual([])
  })
})
