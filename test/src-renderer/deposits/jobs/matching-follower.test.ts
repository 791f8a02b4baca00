import Dexie from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import type { TillDatabase } from '../../../../src-renderer/database/database'
import { storedMatches } from '../../../../src-renderer/deposits/tables/deposit-matches'
import { keepStatementLines } from '../../../../src-renderer/deposits/tables/statement-lines'
import { runDepositMatching } from '../../../../src-renderer/deposits/jobs/deposit-matching'
import { DepositMatchingFollower } from '../../../../src-renderer/deposits/jobs/matching-follower'
import { FRIDAY, depositShop, dropMovement } from '../../../support/deposits/shop'

interface FakeState {
  lastSuccessAt: number | null
  savedBillsAddedUp: boolean
}

/**
 * A sync as the follower sees it: its last success (a first sync ended unless told), moved by
 * `round`, and whether the bills of a cache from before tallies are added up (done at once unless
 * told), set by `addedUp`.
 */
function fakeSync({ savedBillsAddedUp = true, synced = true } = {}) {
  const state: FakeState = { lastSuccessAt: synced ? FRIDAY : null, savedBillsAddedUp }
  const listeners = new Set<(state: FakeState) => void>()
  const tell = (): void => listeners.forEach((listener) => listener({ ...state }))
  return {
    getState: () => ({ ...state }),
    subscribe(listener: (state: FakeState) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** A state change; a round that succeeded moves the last success. */
    round(succeeded: boolean) {
      if (succeeded) state.lastSuccessAt = (state.lastSuccessAt ?? FRIDAY) + 60_000
      tell()
    },
    addedUp() {
      state.savedBillsAddedUp = true
      tell()
    },
  }
}

type Matching = typeof runDepositMatching

/**
 * The matching, each run counted and (unless told) held until `release`, with the run before it was given
 * (`given`: the previous run's bank line count, or null for none) and what it redid.
 */
function countedRuns({ hold = true } = {}) {
  const runs = {
    started: 0,
    release: () => undefined as void,
    given: [] as (number | null)[],
    redone: [] as { expected: number; lines: number }[],
  }
  const match: Matching = async (db, currency, now, previous) => {
    runs.started += 1
    runs.given.push(previous ? previous.input.lines.length : null)
    if (hold) await new Promise<void>((resolve) => (runs.release = resolve))
    const ran = await runDepositMatching(db, currency, now, previous)
    runs.redone.push(ran.redone)
    return ran
  }
  return { runs, match }
}

/** The follower started on the shop's cache over `sync`, its runs those of `countedRuns`. */
function followCounted(sync = fakeSync(), currency: string | null = 'USD') {
  const { runs, match } = countedRuns()
  const started = new DepositMatchingFollower(db, currency, sync, undefined, match)
  follower = started
  started.start()
  return { sync, runs, follower: started }
}

const movement = (id: string) => dropMovement(db, id)

/** Lets the writes heard and the runs take their turns. */
const turns = () => new Promise((resolve) => setTimeout(resolve, 50))

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/** The heap in use once what nothing holds is collected. */
async function heapHeld(): Promise<number> {
  await turns()
  collectGarbage()
  return process.memoryUsage().heapUsed
}

/** Bills synced and gone again, each under a key of its own: the cache ends as it began. */
async function billsComeAndGo(count: number): Promise<void> {
  const bill = (await db.bills.get('A'))!
  for (let i = 0; i < count; i++) {
    const id = `passing-bill-${i}`
    await db.bills.put({ ...bill, id })
    await db.bills.delete(id)
  }
}

// Live queries run only where Dexie finds an IndexedDB of its own (a browser's; here the fake).
beforeAll(() => {
  Dexie.dependencies.indexedDB = new IDBFactory()
  Dexie.dependencies.IDBKeyRange = IDBKeyRange
})

let db: TillDatabase
let follower: DepositMatchingFollower | null = null
beforeEach(async () => {
  db = await depositShop()
})
afterEach(async () => {
  await follower?.stop()
  follower = null
  db.close()
})

it('matches the bank lines kept without the Deposits screen open once it starts and after a sync round', async () => {
  const sync = fakeSync()
  follower = new DepositMatchingFollower(db, 'USD', sync)
  follower.start()
  await turns()
  await follower.settled()
  expect(await storedMatches(db)).toEqual([])

  await keepStatementLines(
    db,
    'main',
    [
      {
        id: 'settle-1',
        date: '2026-11-24',
        amount: 9800,
        currency: 'USD',
        text: 'CARD SETTLEMENT',
      },
    ],
    FRIDAY,
  )
  sync.round(true)
  await follower.settled()
  const matches = await storedMatches(db)
  expect(matches.map((m) => [m.id, m.expectedIds[0]?.split('|')[0], m.state])).toEqual([
    ['main|settle-1', 'card', 'confirmed'],
  ])
})

it('runs again after a sync round that succeeded and after a cash movement, not after a failed round', async () => {
  const { sync, runs, follower } = followCounted()
  await turns()
  expect(runs.started).toBe(1) // the first read of the counts and movements
  runs.release()
  await follower.settled()

  sync.round(false)
  await turns()
  expect(runs.started).toBe(1)

  sync.round(true)
  await turns()
  expect(runs.started).toBe(2)
  runs.release()
  await follower.settled()

  await movement('drop-1')
  await turns()
  expect(runs.started).toBe(3)
  runs.release()
  await follower.settled()
})

it('following the takings holds nothing for the bills written meanwhile', async () => {
  // A Dexie live query over the counts and movements held about 250 bytes for each of these.
  const bills = 10_000
  follower = new DepositMatchingFollower(db, 'USD', fakeSync())
  follower.start()
  await follower.settled()
  await billsComeAndGo(200)
  const before = await heapHeld()
  await billsComeAndGo(bills)
  const held = (await heapHeld()) - before
  expect(held / bills).toBeLessThan(50)
}, 120_000)

it('changes during a run make exactly one more run, however many there were', async () => {
  const { sync, runs, follower } = followCounted()
  await turns()
  expect(runs.started).toBe(1)
  for (let i = 0; i < 5; i++) sync.round(true)
  await movement('drop-2')
  await turns()
  expect(runs.started).toBe(1)
  runs.release()
  await turns()
  expect(runs.started).toBe(2)
  runs.release()
  await follower.settled()
  expect(runs.started).toBe(2)
})

it('a failed run is reported and the next change runs again', async () => {
  const sync = fakeSync()
  const problems: string[] = []
  let calls = 0
  follower = new DepositMatchingFollower(
    db,
    'USD',
    sync,
    (error) => problems.push(error.message),
    (db, currency, now, previous) => {
      calls += 1
      return calls === 1
        ? Promise.reject(new Error('cache closed'))
        : runDepositMatching(db, currency, now, previous)
    },
  )
  follower.start()
  await turns()
  await follower.settled()
  expect(problems).toEqual(['cache closed'])
  sync.round(true)
  await follower.settled()
  expect(calls).toBe(2)
})

it('a shop whose currency is not known yet is not matched', async () => {
  const { sync, runs } = followCounted(fakeSync(), null)
  sync.round(true)
  await turns()
  expect(runs.started).toBe(0)
})

it('waits for the bills of a cache from before tallies to be added up, then matches once', async () => {
  const { sync, runs, follower } = followCounted(fakeSync({ savedBillsAddedUp: false }))
  await turns()
  sync.round(true)
  await movement('m-waiting')
  await turns()
  expect(runs.started).toBe(0)
  sync.addedUp()
  await turns()
  expect(runs.started).toBe(1)
  runs.release()
  await follower.settled()
  expect(runs.started).toBe(1)
})

it('matches nothing while a first sync is still writing, and once when it ends', async () => {
  const { sync, runs, follower } = followCounted(fakeSync({ synced: false }))
  await movement('drop-during-first-sync')
  sync.round(false)
  await turns()
  expect(runs.started).toBe(0)
  sync.round(true)
  await turns()
  expect(runs.started).toBe(1)
  runs.release()
  await follower.settled()
  expect(runs.started).toBe(1)
})

it('redoes only what changed: a card settlement arriving is matched without the cash deposit', async () => {
  const sync = fakeSync()
  const { runs, match } = countedRuns({ hold: false })
  follower = new DepositMatchingFollower(db, 'USD', sync, undefined, match)
  follower.start()
  await follower.settled()
  await keepStatementLines(
    db,
    'main',
    [{ id: 'settle-1', date: '2026-11-24', amount: 9800, currency: 'USD', text: 'CARD' }],
    FRIDAY,
  )
  // The line is heard, then the match kept: one more run, which has nothing left to match.
  await turns()
  await follower.settled()
  expect(runs.given).toEqual([null, 0, 1])
  // The shop expects a cash and a card deposit: the first run matched both, the next only the
  // card one and its line (the last, after the match it made, is not looked at here: it reaches
  // most of this tiny shop, and matching it whole costs no more).
  expect(runs.redone.slice(0, 2)).toEqual([
    { expected: 2, lines: 0 },
    { expected: 1, lines: 1 },
  ])
  expect((await storedMatches(db)).map((m) => m.id)).toEqual(['main|settle-1'])
})
