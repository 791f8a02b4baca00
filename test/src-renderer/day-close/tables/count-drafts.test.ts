import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { TillDatabase } from '../../../../src-renderer/database/database'
import {
  discardCountDraft,
  loadCountDraft,
  NO_DRAFT_FIELDS,
  saveCountDraft,
} from '../../../../src-renderer/day-close/tables/count-drafts'

const NAME = 'till-drafts-test'
let factory: InstanceType<typeof IDBFactory>
let db: TillDatabase
const open = (): TillDatabase => new TillDatabase(NAME, { indexedDB: factory, IDBKeyRange })

beforeEach(() => {
  factory = new IDBFactory()
  db = open()
})

const typed = {
  ...NO_DRAFT_FIELDS,
  countedCash: '301,000',
  countedByMethod: { card: '12.5x' },
  note: 'Float left in the safe',
  pieces: { 'note-100000': '3', 'coin-500': '2.5' },
}

describe('a count being typed', () => {
  it('is kept per session as typed, invalid fields too, and read back after the cache is opened again', async () => {
    await saveCountDraft(db, 'S', typed, 1_000)
    await saveCountDraft(db, 'T', { ...NO_DRAFT_FIELDS, countedBy: 'AB' }, 2_000)
    db.close()
    db = open()
    expect(await loadCountDraft(db, 'S')).toEqual({ sessionId: 'S', savedAt: 1_000, fields: typed })
    expect((await loadCountDraft(db, 'T'))?.fields.countedBy).toBe('AB')
    expect(await loadCountDraft(db, 'U')).toBeNull()
  })

  it('keeps the last change, and leaves nothing once every field is blank again', async () => {
    await saveCountDraft(db, 'S', typed, 1_000)
    await saveCountDraft(db, 'S', { ...typed, note: 'Counted twice' }, 3_000)
    expect(await loadCountDraft(db, 'S')).toMatchObject({
      savedAt: 3_000,
      fields: { note: 'Counted twice' },
    })
    await saveCountDraft(db, 'S', { ...NO_DRAFT_FIELDS, pieces: { 'note-100000': ' ' } }, 4_000)
    expect(await loadCountDraft(db, 'S')).toBeNull()
  })

  it('is let go when discarded, the other sessions’ drafts kept', async () => {
    await saveCountDraft(db, 'S', typed, 1_000)
    await saveCountDraft(db, 'T', typed, 1_000)
    await discardCountDraft(db, 'S')
    expect(await loadCountDraft(db, 'S')).toBeNull()
    expect(await loadCountDraft(db, 'T')).not.toBeNull()
  })

  it('is none when what is stored is not a draft Till wrote', async () => {
    await db.countDrafts.put({ sessionId: 'S', savedAt: 1, fields: { note: 5 } } as never)
    expect(await loadCountDraft(db, 'S')).toBeNull()
  })

  it('kept while the form had an opening float field, reads back as the rest of what was typed', async () => {
    const { countedCash, countedBy } = { countedCash: '12.00', countedBy: 'AB' }
    await db.countDrafts.put({
      sessionId: 'S',
      savedAt: 1,
      fields: { ...NO_DRAFT_FIELDS, countedCash, countedBy, openingFloat: '200.00' },
    } as never)
    expect(await loadCountDraft(db, 'S')).toEqual({
      sessionId: 'S',
      savedAt: 1,
      fields: { ...NO_DRAFT_FIELDS, countedCash, countedBy },
    })
  })
})
