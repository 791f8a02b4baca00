import { describe, expect, it } from 'vitest'
import { textParts } from '../../../../src-renderer/shared-books/rules/text-parts'

describe('text cut in parts', () => {
  it('keeps every piece within the size and a surrogate pair whole, and joins back to the text', () => {
    const text = `ab🧾cd🧾`
    // Cut at 3 the pair after "ab" would split; it goes whole into the next piece.
    expect(textParts(text, 3)).toEqual(['ab', '🧾c', 'd🧾'])
    const long = '“x🧾'.repeat(10_000)
    const parts = textParts(long, 999)
    expect(parts.join('')).toBe(long)
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThanOrEqual(999)
  })
})
