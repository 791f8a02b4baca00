import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  defaultDepositSettings,
  termsFor,
} from '../../../../src-renderer/deposits/rules/deposit-settings'
import {
  readDepositSettings,
  saveDepositSettings,
  takeDemoBankTerms,
} from '../../../../src-renderer/deposits/tables/deposit-settings-store'

const BANK = {
  card: { lagDays: 2, feeBasisPoints: 200, feeFixed: 320 },
  qris: { lagDays: 1, feeBasisPoints: 70, feeFixed: 0 },
}

function cache(): TillDatabase {
  return new TillDatabase(`till-demo-bank-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
}

describe('the demo bank’s terms', () => {
  it('become the demo cache’s deposit settings, the fixed card fee among them', async () => {
    const db = cache()
    await takeDemoBankTerms(db, 'IDR', BANK)
    const settings = await readDepositSettings(db)
    expect(settings && termsFor(settings, 'card', '101')).toMatchObject(BANK.card)
    expect(settings && termsFor(settings, 'qris', '101')).toMatchObject(BANK.qris)
    // A method the bank names no terms for keeps Till's default.
    expect(settings && termsFor(settings, 'e_wallet', '101')?.feeBasisPoints).toBe(150)
  })

  it('never replace settings a person saved, and are given once', async () => {
    const db = cache()
    const own = defaultDepositSettings('IDR')
    own.tolerance = { basisPoints: 55, fixed: 0 }
    await saveDepositSettings(db, own)
    await takeDemoBankTerms(db, 'IDR', BANK)
    expect(await readDepositSettings(db)).toEqual(own)

    const fresh = cache()
    await takeDemoBankTerms(fresh, 'IDR', BANK)
    const changed = defaultDepositSettings('IDR')
    await saveDepositSettings(fresh, changed)
    await takeDemoBankTerms(fresh, 'IDR', BANK)
    expect(await readDepositSettings(fresh)).toEqual(changed)
  })

  it('wait for a demo that knows them: none given, or no currency yet, saves nothing', async () => {
    const db = cache()
    await takeDemoBankTerms(db, 'IDR', {})
    await takeDemoBankTerms(db, null, BANK)
    expect(await readDepositSettings(db)).toBeNull()
  })
})
