import { describe, expect, it } from 'vitest'
import {
  EVERY_LOCATION,
  scopeLabel,
} from '../../../../../src-renderer/ui/screens/settings/account-mapping-form'

describe("the account mapping's choice of locations", () => {
  it('names a location by the name it was given, not its id', () => {
    expect(scopeLabel('101', { '101': 'Main street' })).toBe('Main street only')
  })

  it('says "Location <id>" for a location without a name, and "Every location" for all', () => {
    expect(scopeLabel('102', { '101': 'Main street' })).toBe('Location 102 only')
    expect(scopeLabel(EVERY_LOCATION, { '101': 'Main street' })).toBe('Every location')
  })
})
