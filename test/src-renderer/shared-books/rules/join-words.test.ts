import { describe, expect, it } from 'vitest'
import { joinedWords } from '../../../../src-renderer/shared-books/rules/join-words'

describe('what joining says', () => {
  it('says the books were empty only when this PC started them and found nothing of another', () => {
    expect(joinedWords({ started: true, found: 0 })).toMatch(/were empty/)
    // Two PCs joining at once: both found the books empty, one then took the other's records.
    for (const joined of [
      { started: true, found: 3 },
      { started: false, found: 0 },
      { started: false, found: 1_204 },
    ]) {
      const words = joinedWords(joined)
      expect(words).not.toMatch(/empty/)
      expect(words).toContain(`Found ${joined.found.toLocaleString('en')} record`)
    }
    expect(joinedWords({ started: false, found: 1 })).toContain('Found 1 record of')
  })
})
