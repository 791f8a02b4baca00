import Dexie, {
  RangeSet,
  type DBCore,
  type Middleware,
  type ObservabilitySet,
  type Transaction,
} from 'dexie'

/**
 * Depth of a part's range tree past which a write announces the whole part as changed: about a
 * dozen separate keys. A sync's transaction writes thousands of keys across its tables.
 */
const MAX_DEPTH = 4

/** A held transaction's announcement waits until this long after the one before it. */
const BATCH_MS = 1000

type Announcing = { mutatedParts?: ObservabilitySet }

/** Transactions whose announcement is held for the next batch, with what they changed so far. */
const held = new WeakMap<object, ObservabilitySet>()

let pending: ObservabilitySet | null = null
let flushing: ReturnType<typeof setTimeout> | null = null
let lastFlushAt = -Infinity

/**
 * Dexie announces each committed write with every key it touched, and each live query merges
 * those keys into the set it keeps until it next re-runs; a query the writes never touch keeps
 * merging, so a sync's thousands of keys a transaction made those merges most of the page's work
 * (issue 25). A part with more than a few keys is announced as wholly changed instead: the same
 * queries re-run as before or a few more, never fewer, and the sets stay a range or so each.
 * A transaction held by `announceInBatches` announces nothing itself: its parts wait for the batch.
 */
export const coarseMutations: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'CoarseMutations',
  create: (down) => ({
    ...down,
    table: (name) => {
      const table = down.table(name)
      return {
        ...table,
        // Dexie's own announcing layer sits below this one: it has added this write's keys to
        // the transaction's set by the time its answer comes up here.
        mutate: (request) =>
          table.mutate(request).then((result) => {
            const trans = request.trans as Announcing
            const parts = trans.mutatedParts
            if (!parts) return result
            const heldParts = held.get(trans)
            if (heldParts) {
              coarsen(Dexie.extendObservabilitySet(heldParts, parts), down)
              trans.mutatedParts = {}
            } else coarsen(parts, down)
            return result
          }),
      }
    },
  }),
}

function coarsen(parts: ObservabilitySet, core: Pick<DBCore, 'MIN_KEY' | 'MAX_KEY'>): void {
  for (const [part, ranges] of Object.entries(parts))
    if (ranges.d > MAX_DEPTH) parts[part] = new RangeSet(core.MIN_KEY, core.MAX_KEY)
}

/**
 * Holds what `transaction` changes until it commits, then announces it with the other held
 * transactions' changes at most once every BATCH_MS: during a first sync the screens' live
 * queries re-run about once a second rather than after every page written. Nothing is lost: every
 * committed change is announced, the first after a quiet spell at once.
 */
export function announceInBatches(transaction: Transaction): void {
  const idbtrans = transaction.idbtrans
  if (held.has(idbtrans)) return
  held.set(idbtrans, {})
  idbtrans.addEventListener('complete', () => {
    const parts = held.get(idbtrans)!
    held.delete(idbtrans)
    announceSoon(parts)
  })
  // Aborted: nothing of it was written, so there is nothing to announce.
  idbtrans.addEventListener('abort', () => held.delete(idbtrans))
}

function announceSoon(parts: ObservabilitySet): void {
  pending = Dexie.extendObservabilitySet(pending ?? {}, parts)
  if (flushing) return
  const wait = Math.max(0, lastFlushAt + BATCH_MS - performance.now())
  flushing = setTimeout(announcePending, wait)
}

function announcePending(): void {
  flushing = null
  lastFlushAt = performance.now()
  const announced = pending!
  pending = null
  Dexie.on.storagemutated.fire(announced)
}

/**
 * Announces what committed held transactions changed now, not at the next batch: a sync run that
 * has ended does so before it says so, and no screen shows "Last synced" over figures a second
 * old.
 */
export function announceHeldNow(): void {
  if (!flushing) return
  clearTimeout(flushing)
  announcePending()
}
