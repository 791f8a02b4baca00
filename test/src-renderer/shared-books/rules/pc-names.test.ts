import { describe, expect, it } from 'vitest'
import { pcLabel, pcSignature } from '../../../../src-renderer/shared-books/rules/pc-names'

describe('PC names in words', () => {
  const office = pcSignature('Office', '0a1b2c3d')
  const otherOffice = pcSignature('Office', 'ffee0011')
  const laptop = pcSignature('Laptop', '99887766')

  it('shows the name alone, unless another PC of the same name is in view', () => {
    expect(pcLabel(office, [office, laptop])).toBe('Office')
    expect(pcLabel(office, [office, otherOffice, laptop])).toBe('Office (0a1b)')
    expect(pcLabel(otherOffice, [office, otherOffice])).toBe('Office (ffee)')
    expect(pcLabel(laptop, [office, otherOffice, laptop])).toBe('Laptop')
  })

  it('reads a name from before PCs had ids as it was, and signs without an id as the name', () => {
    expect(pcSignature('Office', null)).toBe('Office')
    expect(pcLabel('OFFICE-PC', [office])).toBe('OFFICE-PC')
    // A name that merely ends like an id of another length is a name.
    expect(pcLabel('Till #12', [])).toBe('Till #12')
    expect(pcLabel(office, ['Office'])).toBe('Office (0a1b)')
  })
})
