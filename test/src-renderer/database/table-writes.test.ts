import { afterEach, beforeEach, expect, it } from 'vitest'
import type { TillDatabase } from '../../../src-renderer/database/database'
import { onMatchingInputWrites, onSessionWrites } from '../../../src-renderer/database/table-writes'
import { FRIDAY, depositShop, dropMovement } from '../../support/deposits/shop'

let db: TillDatabase
beforeEach(async () => {
  db = await depositShop()
})
afterEach(() => db.close())

const movement = (id: string) => dropMovement(db, id)

it('hears each write to the tables it follows, not to the others, and nothing once unfollowed', async () => {
  const heard: string[] = []
  const unfollowInputs = onMatchingInputWrites(db, () => heard.push('inputs'))
  const unfollowSessions = onSessionWrites(db, () => heard.push('sessions'))

  await movement('drop-1')
  await db.bills.update('A', { note: 'seen' } as never)
  await db.sessions.update('S', { closedAt: FRIDAY + 9 * 3600_000 })
  expect(heard).toEqual(['inputs', 'sessions'])

  unfollowInputs()
  await movement('drop-2')
  await db.sessions.update('S', { closedAt: FRIDAY + 10 * 3600_000 })
  expect(heard).toEqual(['inputs', 'sessions', 'sessions'])
  unfollowSessions()
})

it('hears only its own cache, not another connection’s with the same tables', async () => {
  const other = await depositShop()
  const heard: string[] = []
  const unfollow = onSessionWrites(db, () => heard.push('mine'))
  await other.sessions.update('S', { closedAt: FRIDAY + 9 * 3600_000 })
  expect(heard).toEqual([])
  await db.sessions.update('S', { closedAt: FRIDAY + 9 * 3600_000 })
  expect(heard).toEqual(['mine'])
  unfollow()
  other.close()
})
