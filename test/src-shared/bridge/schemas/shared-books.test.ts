import { describe, expect, it } from 'vitest'
import { sharedBooksPushInput } from '../../../../src-shared/bridge/schemas/shared-books'

const push = (key: string) =>
  sharedBooksPushInput.safeParse({
    profileId: 'p1',
    storeId: 'store-1',
    by: 'Office PC',
    changes: [{ kind: 'statementLine', key, baseVersion: 0, body: {} }],
  })

describe('a push to the shared books', () => {
  it('takes a statement line under the longest bank account and line ids a cache keeps (200 each)', () => {
    expect(push(`${'b'.repeat(200)}|${'l'.repeat(200)}`).success).toBe(true)
  })

  it('refuses an empty key and one longer than 1,000 characters', () => {
    expect(push('').success).toBe(false)
    expect(push('k'.repeat(1_001)).success).toBe(false)
  })
})
