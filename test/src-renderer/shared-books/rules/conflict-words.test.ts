import { describe, expect, it } from 'vitest'
import {
  conflictRecordLabel,
  versionDifferences,
} from '../../../../src-renderer/shared-books/rules/conflict-words'

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
})

describe('which record a conflict is about', () => {
  it('names a destination by its name, a location as the screens do, the rest by kind and key', () => {
    expect(conflictRecordLabel('destination', 'd1', null, { id: 'd1', name: 'Xero' })).toBe(
      'Export destination “Xero”',
    )
    expect(conflictRecordLabel('locationName', '101', { name: 'A' }, { name: 'B' })).toBe(
      'Location 101',
    )
    expect(conflictRecordLabel('subAccount', 'tax:PB1', { code: '2-1' }, null)).toBe(
      'Sub-account code tax:PB1',
    )
    expect(conflictRecordLabel('somethingNew', 'k1', {}, {})).toBe('somethingNew k1')
  })
})
