import { expect, it } from 'vitest'
import { ownRecordProblem } from '../../../../src-renderer/backup/tables/own-record-rows'

/** A statement line as the cache keeps it, with the bank's kind and reference (bank-line.ts). */
const line = {
  bankAccountId: 'main',
  id: 'BNK20261120-77',
  date: '2026-11-20',
  amount: 3_276_300,
  currency: 'IDR',
  text: 'SETORAN TUNAI',
  bankKind: 'PMNT/CNTR/CDPT',
  bankReference: 'QR-881920',
  importedAt: 1_000,
}

it('a statement line’s kind and reference travel in a backup, within a bound', () => {
  expect(ownRecordProblem('statementLines', line)).toBeNull()
  expect(ownRecordProblem('statementLines', { ...line, bankKind: 'K'.repeat(201) })).toMatch(
    /^bankKind: /,
  )
  expect(ownRecordProblem('statementLines', { ...line, bankReference: '' })).toMatch(
    /^bankReference: /,
  )
})
