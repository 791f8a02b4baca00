import { useEffect, useState } from 'react'
import type { RowSource } from '../../components/data-table/row-source'
import type { TillDatabase } from '../../../database/database'
import type { CachedBill } from '../../../database/cached-records'
import type { BillFilters } from '../../../sessions'
import { billRowSource } from './bill-source'
import { anyBillCached, onBillsWritten } from '../../../sessions'

/** While a sync writes page after page, the list refreshes at most this often. */
const REFRESH_MS = 1_000

export interface LiveBills {
  /** Whether the cache holds any bill; null until known. */
  anyBill: boolean | null
  /** A fresh source after every change to the cached bills. */
  source: RowSource<CachedBill, BillFilters>
}

/**
 * The Bills screen's change signal: a write to this cache's bills makes a new source, so the
 * table refetches its count and the rows on show. A live query of the table's count would do
 * the same but count a million bills (a second in Chromium) on every page the sync writes.
 */
export function useLiveBills(db: TillDatabase, timeZone: string): LiveBills {
  const [live, setLive] = useState<LiveBills>(() => ({
    anyBill: null,
    source: billRowSource(db, timeZone),
  }))
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    let lastAt = 0
    let stopped = false
    const refresh = (changed: boolean): void => {
      timer = null
      lastAt = Date.now()
      void anyBillCached(db).then((anyBill) => {
        if (stopped) return
        setLive((live) => ({
          anyBill,
          source: changed ? billRowSource(db, timeZone) : live.source,
        }))
      })
    }
    const stopListening = onBillsWritten(db, () => {
      if (timer !== null) return
      timer = setTimeout(() => refresh(true), Math.max(0, lastAt + REFRESH_MS - Date.now()))
    })
    refresh(false)
    return () => {
      stopped = true
      stopListening()
      if (timer !== null) clearTimeout(timer)
    }
  }, [db, timeZone])
  return live
}
