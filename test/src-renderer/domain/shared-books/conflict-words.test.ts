import { describe, expect, it } from 'vitest'
import {
  sharedKindName,
  versionDifferences,
} from '../../../../src-renderer/domain/shared-books/conflict-words'

describe('a conflict in words', () => {
  it('names each field that differs, with both values, and leaves out those that agree', () => {
    expect(
      versionDifferences(
        { roleId: 'cash', accountCode: '1-1100', note: '' },
        { roleId: 'cash', accountCode: '1-1200', note: null, active: true },
      ),
    ).toEqual([
      { field: 'account code', mine: '“1-1100”', theirs: '“1-1200”' },
      { field: 'active', mine: 'none', theirs: 'true' },
    ])
  })

  it('says a record deleted on one side is deleted', () => {
    expect(versionDifferences(null, { locationId: 'loc1', name: 'Kemang' })).toEqual([
      { field: 'record', mine: 'deleted', theirs: '{"locationId":"loc1","name":"Kemang"}' },
    ])
  })

  it('names the kinds of record a person sees, and shows an unknown kind as it is', () => {
    expect(sharedKindName('locationName')).toBe('Location name')
    expect(sharedKindName('subAccount')).toBe('Sub-account code')
    expect(sharedKindName('somethingNew')).toBe('somethingNew')
  })
})
