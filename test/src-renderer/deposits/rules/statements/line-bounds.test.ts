import { describe, expect, it } from 'vitest'
import {
  boundedFileId,
  boundedLineText,
  hasOtherDigits,
  MAX_LINE_ID,
  MAX_LINE_TEXT,
} from '../../../../../src-renderer/deposits/rules/statements/line-bounds'

describe('the bounds of a bank line', () => {
  it('keeps a text within its bound as it is, and cuts a longer one to the bound with a mark', () => {
    const within = 'A'.repeat(MAX_LINE_TEXT)
    expect(boundedLineText(within)).toBe(within)
    const cut = boundedLineText(`${within}B`)
    expect(cut).toHaveLength(MAX_LINE_TEXT)
    expect(cut.endsWith('…')).toBe(true)
    expect(cut.startsWith('A'.repeat(MAX_LINE_TEXT - 1))).toBe(true)
  })

  it('keeps an id within its bound, and names a longer one by a hash that tells two apart', () => {
    const within = 'F'.repeat(MAX_LINE_ID)
    expect(boundedFileId(within)).toBe(within)
    const one = boundedFileId(`${within}1`)
    const two = boundedFileId(`${within}2`)
    expect(one).toMatch(/^f:[0-9a-f]{16}$/)
    expect(two).not.toBe(one)
    expect(boundedFileId(`${within}1`)).toBe(one)
  })

  it('finds digits other than 0–9', () => {
    expect(hasOtherDigits('①②③')).toBe(true)
    expect(hasOtherDigits('١٢٣')).toBe(true)
    expect(hasOtherDigits('１２３')).toBe(true)
    expect(hasOtherDigits('-1.234,56 DR')).toBe(false)
  })
})
