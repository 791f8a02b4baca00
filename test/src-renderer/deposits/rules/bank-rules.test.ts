import { describe, expect, it } from 'vitest'
import {
  proposedRule,
  withAliases,
  withoutRule,
  withRule,
} from '../../../../src-renderer/deposits/rules/bank-rules'
import { defaultDepositSettings } from '../../../../src-renderer/deposits/rules/deposit-settings'

const contains = (text: string) => proposedRule('r', { bankAccountId: 'main', text }, []).contains

describe('rules from decisions', () => {
  it('proposes a terminal or merchant id when the text has one, else its first words without figures', () => {
    expect(contains('CARD SETTLEMENT terminal: 4411 20/11 BATCH 9')).toBe('TERMINAL: 4411')
    expect(contains('QR MID 88120A SETTLE')).toBe('MID 88120A')
    expect(contains('CASH DEPOSIT HARBOUR STREET 2026-12-04..2026-12-06 SLIP 77')).toBe(
      'CASH DEPOSIT HARBOUR STREET',
    )
    expect(contains('123 456')).toBe('')
  })

  it('proposes the match’s methods and locations, each once, with the line’s bank account', () => {
    const rule = proposedRule('r1', { bankAccountId: 'bca', text: 'SETOR TUNAI KEMANG' }, [
      { method: 'cash', locationId: 'b' },
      { method: 'cash', locationId: 'a' },
      { method: 'cash', locationId: 'b' },
    ])
    expect(rule).toEqual({
      id: 'r1',
      bankAccountId: 'bca',
      contains: 'SETOR TUNAI KEMANG',
      methods: ['cash'],
      locationIds: ['a', 'b'],
    })
  })

  it('adds, replaces and deletes rules by id, and keeps a location’s aliases trimmed and once', () => {
    const settings = defaultDepositSettings('IDR')
    const rule = proposedRule('r1', { bankAccountId: 'main', text: 'TID 7' }, [])
    const added = withRule(settings, rule)
    const edited = withRule(added, { ...rule, contains: 'TID 8' })
    expect(edited.bankRules).toEqual([{ ...rule, contains: 'TID 8' }])
    expect(withoutRule(edited, 'r1').bankRules).toEqual([])
    const named = withAliases(settings, 'a', [' Harbour St ', 'HARBOUR ST', '', 'HBR'])
    expect(named.locationAliases).toEqual({ a: ['Harbour St', 'HBR'] })
    expect(withAliases(named, 'a', ['  ']).locationAliases).toEqual({})
  })
})
