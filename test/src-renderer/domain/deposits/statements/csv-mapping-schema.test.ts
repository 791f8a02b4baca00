import { describe, expect, it } from 'vitest'
import { csvMappingSchema } from '../../../../../src-renderer/domain/deposits/statements/csv-mapping-schema'
import { recogniseCsvLayout } from '../../../../../src-renderer/domain/deposits/statements/csv-layouts'
import { fixture } from './fixtures/read-fixture'

describe('csvMappingSchema', () => {
  it('keeps a recognised mapping as it is, through JSON', () => {
    const mapping = recogniseCsvLayout(fixture('idr-internet-banking.csv'))!.mapping
    expect(csvMappingSchema.parse(JSON.parse(JSON.stringify(mapping)))).toEqual(mapping)
  })

  it('refuses a mapping without an amount column, an unknown date format or an empty column name', () => {
    const mapping = recogniseCsvLayout(fixture('us-checking-1.csv'))!.mapping
    expect(csvMappingSchema.safeParse({ ...mapping, amount: {} }).success).toBe(false)
    expect(csvMappingSchema.safeParse({ ...mapping, dateFormat: 'YYYY/DD/MM' }).success).toBe(false)
    expect(csvMappingSchema.safeParse({ ...mapping, date: ' ' }).success).toBe(false)
    expect(csvMappingSchema.safeParse({ ...mapping, amount: { credit: 'In' } }).success).toBe(false)
  })
})
