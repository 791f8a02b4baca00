import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  AccountMappingError,
  saveMapping,
} from '../../../../src-renderer/exports/jobs/account-mapping'
import type { AccountMapping } from '../../../../src-renderer/exports/rules/accounts'

/** A mapped tax or category is checked where it posts: in its group. */

let db: TillDatabase | undefined
afterEach(() => db?.close())

async function refusal(mapping: AccountMapping): Promise<string[]> {
  db = new TillDatabase(`till-groups-${Math.random()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  try {
    await saveMapping(db, mapping)
  } catch (error) {
    if (!(error instanceof AccountMappingError)) throw error
    return error.issues.map((i) => i.message)
  }
  return []
}

describe('a mapped account in its group', () => {
  it('refuses a name that, in its group, is another account’s under another code', async () => {
    expect(
      await refusal({
        accounts: {
          'tax-payable:VAT': { code: '2110', name: 'Tax payable:PPN' },
          'tax-payable:PB1': { code: '2120', name: 'PPN' },
        },
        locations: {},
      }),
    ).toEqual(['“Tax payable:PPN” already has code 2110 (Tax “VAT”): one name, one code.'])
  })

  it('takes the same name in two groups under two codes', async () => {
    expect(
      await refusal({
        accounts: {
          'tax-payable:VAT': { code: '2110', name: 'PPN' },
          'expense:Tax': { code: '6110', name: 'PPN' },
        },
        locations: {},
      }),
    ).toEqual([])
  })
})
