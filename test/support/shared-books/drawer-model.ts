import type pg from 'pg'

/**
 * The drawer as it should stand, worked out here from the cash movements the books hold, apart
 * from Till's own code: a movement is a chain of corrections from its first recording, each
 * link the correction the books took first (the lowest change number); a chain counts by its
 * last link, nothing when that is a cancellation; a correction of a movement no longer on the
 * books counts for nothing; and of several chains ending in an opening float, only the one whose
 * float the books took first counts, the others not at all.
 */

interface BooksMovement {
  id: string
  sessionId: string
  kind: string
  amount: number
  replaces: string | null
  change: number
}

interface ModelDrawer {
  /** The ids of the movements that count, sorted. */
  standing: string[]
  openingFloat: number | null
  payIns: number
  payOuts: number
  drops: number
}

/** The cash movements standing on the books of `storeId` (deleted ones left out). */
export async function booksMovements(pool: pg.Pool, storeId: string): Promise<BooksMovement[]> {
  const { rows } = await pool.query<{ body: Omit<BooksMovement, 'change'>; change: string }>(
    `SELECT body, change FROM till_rows
      WHERE store_id = $1 AND kind = 'cashMovement' AND NOT deleted`,
    [storeId],
  )
  return rows.map(({ body, change }) => ({
    id: body.id,
    sessionId: body.sessionId,
    kind: body.kind,
    amount: body.amount,
    replaces: body.replaces,
    change: Number(change),
  }))
}

/** `movements` of one session as chains, each from its first recording to its last correction. */
function chains(movements: readonly BooksMovement[]): BooksMovement[][] {
  const firstCorrection = new Map<string, BooksMovement>()
  for (const m of movements) {
    if (m.replaces === null) continue
    const earlier = firstCorrection.get(m.replaces)
    if (!earlier || m.change < earlier.change) firstCorrection.set(m.replaces, m)
  }
  return movements
    .filter((m) => m.replaces === null)
    .map((first) => {
      const chain = [first]
      for (let next = firstCorrection.get(first.id); next; next = firstCorrection.get(next.id))
        chain.push(next)
      return chain
    })
}

export function modelDrawer(movements: readonly BooksMovement[], sessionId: string): ModelDrawer {
  const lasts = chains(movements.filter((m) => m.sessionId === sessionId)).map((c) => c.at(-1)!)
  const floats = lasts.filter((m) => m.kind === 'float').sort((a, b) => a.change - b.change)
  const counted = lasts.filter((m) => m.kind !== 'float' || m === floats[0])
  const total = (kind: string) =>
    counted.filter((m) => m.kind === kind).reduce((sum, m) => sum + m.amount, 0)
  return {
    standing: counted
      .filter((m) => m.kind !== 'cancel')
      .map((m) => m.id)
      .sort(),
    openingFloat: floats[0]?.amount ?? null,
    payIns: total('pay-in'),
    payOuts: total('pay-out'),
    drops: total('drop'),
  }
}
