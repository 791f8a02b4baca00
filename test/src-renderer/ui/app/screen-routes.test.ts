import { describe, expect, it } from 'vitest'
import { hashOf, placeFromHash } from '../../../../src-renderer/ui/app/screen-routes'

describe('places in the address', () => {
  it('reads a screen, and what is open on it', () => {
    expect(placeFromHash('#/bills')).toEqual({ route: 'bills', item: null })
    expect(placeFromHash('#/sessions/30000483')).toEqual({ route: 'sessions', item: '30000483' })
    expect(placeFromHash('#/settings/live-updates')).toEqual({
      route: 'settings',
      item: 'live-updates',
    })
  })

  it('writes an id with any character and reads it back', () => {
    const place = { route: 'bills', item: 'bill/7 #a?b' } as const
    expect(hashOf(place)).toBe('#/bills/bill%2F7%20%23a%3Fb')
    expect(placeFromHash(hashOf(place))).toEqual(place)
  })

  it('leaves the browser shell’s launch token and unknown screens to the fallback', () => {
    expect(placeFromHash('#token=abc_DEF-123')).toBeNull()
    expect(placeFromHash('')).toBeNull()
    expect(placeFromHash('#/nowhere/1')).toBeNull()
  })

  it('still opens the screen of a mangled address', () => {
    expect(placeFromHash('#/bills/%E0%A4%A')).toEqual({ route: 'bills', item: null })
  })
})
