import { describe, expect, it } from 'vitest'
import {
  matchOptions,
  type Option,
} from '../../../../../src-renderer/ui/components/combobox/match-options'

const sessions: Option[] = [
  ['1', 'Mon 23 Nov · Kemang · 19:24–02:10'],
  ['2', 'Mon 23 Nov · Senopati · 08:00–16:00'],
  ['3', 'Sun 22 Nov · Kemang · 08:00–16:00'],
]

describe('narrowing a long list by what was typed', () => {
  it('keeps options holding every word, in any order and case', () => {
    expect(matchOptions(sessions, 'kemang 23', 10).shown.map(([v]) => v)).toEqual(['1'])
    expect(matchOptions(sessions, '  NOV   kemang ', 10).shown.map(([v]) => v)).toEqual(['1', '3'])
    expect(matchOptions(sessions, 'tuesday', 10).shown).toEqual([])
  })

  it('shows everything for nothing typed, up to the limit, and says how many more', () => {
    expect(matchOptions(sessions, '', 2)).toEqual({ shown: sessions.slice(0, 2), more: 1 })
    expect(matchOptions(sessions, '08:00', 1)).toEqual({ shown: [sessions[1]], more: 1 })
  })
})
