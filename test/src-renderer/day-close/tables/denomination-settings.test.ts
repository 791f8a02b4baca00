import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  loadDenominations,
  saveShopDenominations,
} from '../../../../src-renderer/day-close/tables/denomination-settings'
import { defaultDenominations } from '../../../../src-renderer/day-close/rules/denominations'

let db: TillDatabase

beforeEach(() => {
  db = new TillDatabase('till-denominations-test', { indexedDB: new IDBFactory(), IDBKeyRange })
})

describe('a shop’s notes and coins', () => {
  it('are Till’s until the shop adjusts them, guessed for a currency Till has no table of', async () => {
    expect(await loadDenominations(db, 'KWD')).toEqual({
      denominations: defaultDenominations('KWD').denominations,
      source: 'till',
    })
    expect((await loadDenominations(db, 'VND')).source).toBe('guessed')
  })

  it('are the shop’s own once saved, in counting order, per currency, until reset', async () => {
    await saveShopDenominations(db, 'kwd', [
      { value: 100, kind: 'coin' },
      { value: 1_000, kind: 'note' },
      { value: 20_000, kind: 'note' },
    ])
    expect(await loadDenominations(db, 'KWD')).toEqual({
      denominations: [
        { value: 20_000, kind: 'note' },
        { value: 1_000, kind: 'note' },
        { value: 100, kind: 'coin' },
      ],
      source: 'shop',
    })
    expect((await loadDenominations(db, 'USD')).source).toBe('till')
    await saveShopDenominations(db, 'USD', [{ value: 100, kind: 'note' }])
    await saveShopDenominations(db, 'KWD', null)
    expect((await loadDenominations(db, 'KWD')).source).toBe('till')
    expect(await loadDenominations(db, 'USD')).toEqual({
      denominations: [{ value: 100, kind: 'note' }],
      source: 'shop',
    })
  })

  it('refuse a list that cannot be counted by, keeping the one saved', async () => {
    await saveShopDenominations(db, 'USD', [{ value: 100, kind: 'note' }])
    await expect(saveShopDenominations(db, 'USD', [])).rejects.toThrow(
      'List one note or coin at least.',
    )
    await expect(
      saveShopDenominations(db, 'USD', [
        { value: 5, kind: 'coin' },
        { value: 5, kind: 'coin' },
      ]),
    ).rejects.toThrow('Each coin is listed once.')
    await expect(saveShopDenominations(db, 'US dollars', null)).rejects.toThrow(
      '“US dollars” is not a currency code.',
    )
    expect((await loadDenominations(db, 'USD')).denominations).toEqual([
      { value: 100, kind: 'note' },
    ])
  })

  it('are Till’s again when what is stored cannot be read', async () => {
    await db.meta.put({ key: 'denominations', value: '{"USD": "lots"' })
    expect((await loadDenominations(db, 'USD')).source).toBe('till')
    await db.meta.put({ key: 'denominations', value: JSON.stringify({ USD: [] }) })
    expect((await loadDenominations(db, 'USD')).source).toBe('till')
  })
})
