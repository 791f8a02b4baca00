import { describe, expect, it } from 'vitest'
import { StatementReadError } from '../../../../../src-renderer/deposits/rules/bank-line'
import { recogniseCsvLayout } from '../../../../../src-renderer/deposits/rules/statements/csv-layouts'
import { previewStatement } from '../../../../../src-renderer/deposits/rules/statements/read-statement'
import {
  progressWords,
  readErrorOf,
  readFileReply,
} from '../../../../../src-renderer/deposits/rules/statements/statement-reading'
import { fixture } from './fixtures/read-fixture'

/** What the other thread receives of a message: structured clone drops classes. */
const crossed = <T>(message: T): T => structuredClone(message)
const options = { currency: 'USD', thisYear: 2026, remembered: null }

describe('a read error crossing between threads', () => {
  it('comes back a StatementReadError with its place and words', () => {
    const text = fixture('eur-bad-line.mt940')
    const original = previewStatement(text, { currency: 'EUR' })
    const { preview } = crossed(readFileReply(text, { ...options, currency: 'EUR' }).file)
    if (original.ok || preview.ok) throw new Error('the fixture was read')
    const back = readErrorOf(preview.failure)
    expect(back).toBeInstanceOf(StatementReadError)
    expect(back.where).toBe(original.error.where)
    expect(back.message).toBe(original.error.message)
  })
})

describe('readFileReply', () => {
  it('guesses a CSV file’s columns in the reader and previews it with them', () => {
    const text = fixture('us-checking-1.csv')
    const { file, statement } = readFileReply(text, options)
    expect(file.format).toBe('csv')
    expect(file.mapping).toEqual(recogniseCsvLayout(text, 'USD')!.mapping)
    expect(file.preview).toMatchObject({ ok: true, total: 3, currency: 'USD' })
    expect(statement?.lines).toHaveLength(3)
  })

  it('reads with the account’s remembered mapping before any guess', () => {
    const text = fixture('us-checking-1.csv')
    const remembered = { ...recogniseCsvLayout(text, 'USD')!.mapping, date: 'Nowhere' }
    const { file, statement } = readFileReply(text, { ...options, remembered })
    expect(file.mapping).toEqual(remembered)
    expect(file.preview.ok).toBe(false)
    expect(statement).toBeNull()
  })

  it('reads with the columns the person chose, as the page asks again', () => {
    const text = fixture('us-checking-1.csv')
    const csv = { ...recogniseCsvLayout(text, 'USD')!.mapping, amount: { signed: 'Balance' } }
    const { file } = readFileReply(text, { ...options, csv })
    expect(file.mapping).toEqual(csv)
    expect(file.preview.ok && file.preview.lines.map((line) => line.amount)).toEqual([
      523456, 522256, 602256,
    ])
  })

  it('sends a CSV file’s first lines for its columns, not the whole file', () => {
    const [header, ...rows] = fixture('us-checking-1.csv').trim().split('\n')
    const text = [header, ...Array.from({ length: 200 }, () => rows).flat()].join('\n')
    const { file } = readFileReply(text, options)
    expect(file.head.split('\n')).toHaveLength(64)
    expect(file.head.startsWith(header!)).toBe(true)
  })

  it('sends the first ten lines of a longer statement and keeps it whole beside', () => {
    const text = fixture('idr-camt053.xml')
    const { file, statement } = readFileReply(text, { ...options, currency: 'IDR' })
    expect(file).toMatchObject({ format: 'camt053', mapping: null, head: '' })
    if (!file.preview.ok || !statement) throw new Error('the fixture was not read')
    expect(file.preview.total).toBe(statement.lines.length)
    expect(file.preview.lines).toEqual(statement.lines.slice(0, 10))
  })

  it('crosses to the page unchanged', () => {
    const { file } = readFileReply(fixture('eur-bad-line.mt940'), options)
    expect(crossed(file)).toEqual(file)
  })
})

describe('progressWords', () => {
  it('tells the megabytes read of the file’s, then that the lines are read', () => {
    const total = 10 * 1024 * 1024
    expect(progressWords({ kind: 'progress', read: total / 4, total })).toBe(
      'Reading the file: 2.5 of 10.0 MB',
    )
    expect(progressWords({ kind: 'parsing', bytes: total })).toBe(
      'Read 10.0 MB; reading its lines…',
    )
  })
})
