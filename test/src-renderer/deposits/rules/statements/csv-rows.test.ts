import { describe, expect, it } from 'vitest'
import {
  csvRows,
  likelyDelimiter,
} from '../../../../../src-renderer/deposits/rules/statements/csv-rows'
import { statementRefusal } from '../../../../support/statement-refusal'

describe('csvRows', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks, and counts lines', () => {
    const text = '\ufeffa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\n\nlast,row'
    expect(csvRows(text, ',')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'z'] },
      { line: 6, cells: ['last', 'row'] },
    ])
  })

  it('keeps empty fields, at the end too', () => {
    expect(csvRows('a;;c;\n', ';')).toEqual([{ line: 1, cells: ['a', '', 'c', ''] }])
  })

  it('refuses a quote never closed, at the line it opens', () => {
    expect(statementRefusal(() => csvRows('a,b\n1,"open\n2,3\n', ',')).where).toBe('line 2')
  })

  it('refuses text after a closing quote', () => {
    expect(statementRefusal(() => csvRows('a,b\n"1"x,2\n', ',')).where).toBe('line 2')
  })
})

describe('likelyDelimiter', () => {
  it.each([
    ['Tanggal;Keterangan;Debit;Kredit;Saldo', ';'],
    ['Date,Description,Amount', ','],
    ['Date\tText\tAmount', '\t'],
    ['Date|Text|Amount', '|'],
  ])('%j uses %j', (header, delimiter) => {
    expect(likelyDelimiter(header)).toBe(delimiter)
  })
})
