import { describe, expect, it } from 'vitest'
import {
  sharedBooksPullOutput,
  sharedBooksPushInput,
} from '../../../../src-shared/bridge/schemas/shared-books'

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

describe('a pull from the shared books', () => {
  it('passes on a row numbered past exact integers, for the renderer to set aside alone', () => {
    const row = (change: number) => ({
      kind: 'locationName',
      key: 'loc1',
      version: 1,
      change,
      body: { locationId: 'loc1', name: 'Kemang' },
      deleted: false,
      by: 'Office PC',
      at: 5,
    })
    const answer = { rows: [row(4), row(2 ** 53 + 10)], head: 5, more: false }
    expect(sharedBooksPullOutput.safeParse(answer).data?.rows.map((r) => r.change)).toEqual([
      4,
      2 ** 53 + 10,
    ])
    expect(sharedBooksPullOutput.safeParse({ ...answer, head: 2 ** 53 + 10 }).success).toBe(false)
  })
})
