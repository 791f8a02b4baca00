import { afterEach, beforeEach, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import {
  deleteBankRule,
  saveBankRule,
  saveLocationAliases,
} from '../../../../src-renderer/deposits/jobs/keep-bank-rules'
import {
  defaultDepositSettings,
  depositSettingsSchema,
} from '../../../../src-renderer/deposits/rules/deposit-settings'
import { readDepositSettings } from '../../../../src-renderer/deposits/tables/deposit-settings-store'
import { depositShop } from '../../../support/deposits/shop'

let db: TillDatabase
beforeEach(async () => {
  db = await depositShop()
})
afterEach(() => db.close())

const rule = {
  id: 'r1',
  bankAccountId: 'main',
  contains: 'TERMINAL 4411',
  methods: ['card'],
  locationIds: ['101'],
}

it('keeps, edits and deletes a rule in the deposit settings, which read back whole', async () => {
  await saveBankRule(db, 'USD', rule)
  await saveBankRule(db, 'USD', { ...rule, methods: [] })
  const saved = await readDepositSettings(db)
  expect(saved?.bankRules).toEqual([{ ...rule, methods: [] }])
  expect(depositSettingsSchema.parse(saved).bankRules).toEqual(saved?.bankRules)
  await deleteBankRule(db, 'USD', 'r1')
  expect((await readDepositSettings(db))?.bankRules).toEqual([])
})

it('refuses a rule of an unknown bank account or with text too short to name a line, keeping nothing', async () => {
  await expect(saveBankRule(db, 'USD', { ...rule, bankAccountId: 'gone' })).rejects.toThrow(
    /No bank account has the id “gone”/,
  )
  await expect(saveBankRule(db, 'USD', { ...rule, contains: ' X ' })).rejects.toThrow(
    /at least two characters/,
  )
  expect((await readDepositSettings(db))?.bankRules ?? []).toEqual([])
})

it('keeps a location’s aliases', async () => {
  await saveLocationAliases(db, 'USD', '101', ['Harbour Street', 'HBR'])
  expect((await readDepositSettings(db))?.locationAliases).toEqual({
    '101': ['Harbour Street', 'HBR'],
  })
})

it('reads settings saved before rules and aliases as having none', () => {
  const { bankRules: _, locationAliases: __, ...older } = defaultDepositSettings('USD')
  expect(depositSettingsSchema.parse(older)).toMatchObject({ bankRules: [], locationAliases: {} })
})
