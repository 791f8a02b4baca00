interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>
}

const heldHere = new Map<string, Promise<void>>()

/**
 * One export at a time per database: two runs planned against the same log would post the same
 * entries twice. Across tabs through the Web Locks API where the page has it, else in this page.
 */
export async function acquireExportLock(databaseName: string): Promise<() => void> {
  const name = `till-export:${databaseName}`
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks
  if (locks)
    return new Promise((acquired) => {
      void locks.request(name, () => new Promise<void>((release) => acquired(release)))
    })
  const before = heldHere.get(name) ?? Promise.resolve()
  let release!: () => void
  const mine = new Promise<void>((resolve) => (release = resolve))
  const chained = before.then(() => mine)
  heldHere.set(name, chained)
  await before
  return () => {
    release()
    if (heldHere.get(name) === chained) heldHere.delete(name)
  }
}
