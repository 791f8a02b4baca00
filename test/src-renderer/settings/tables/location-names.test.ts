import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  loadLocationNames,
  nameDemoLocations,
  saveLocationName,
} from '../../../../src-renderer/settings/tables/location-names'

const DEMO = { '101': 'Harbour Street', '102': 'Market Hall', '103': 'Station Kiosk' }

function cache(): TillDatabase {
  return new TillDatabase(`till-demo-names-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
}

describe('the demo shop’s location names', () => {
  it('name every location the person has not named, and keep the person’s name', async () => {
    const db = cache()
    await saveLocationName(db, '102', 'Pasar Baru')
    await nameDemoLocations(db, DEMO)
    expect(await loadLocationNames(db)).toEqual({
      '101': 'Harbour Street',
      '102': 'Pasar Baru',
      '103': 'Station Kiosk',
    })
  })

  it('are given once: a name the person changes or clears afterwards stays as they left it', async () => {
    const db = cache()
    await nameDemoLocations(db, DEMO)
    await saveLocationName(db, '101', 'Kemang Raya')
    await saveLocationName(db, '103', '')
    await nameDemoLocations(db, DEMO)
    expect(await loadLocationNames(db)).toEqual({ '101': 'Kemang Raya', '102': 'Market Hall' })
  })

  it('wait for a demo shop that knows them: none given now leaves them to be given later', async () => {
    const db = cache()
    await nameDemoLocations(db, {})
    expect(await loadLocationNames(db)).toEqual({})
    await nameDemoLocations(db, DEMO)
    expect(await loadLocationNames(db)).toEqual(DEMO)
  })
})
