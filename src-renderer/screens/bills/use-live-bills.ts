import { liveQuery } from 'dexie'
import { useEffect, useState } from 'react'
import type { RowSource } from '../../components/data-table/row-source'
import type { TillDatabase } from '../../cache/database'
import type { CachedBill } from '../../cache/records'
import type { BillFilters } from './bill-filters'
import { billRowSource } from './bill-source'

/** While a sync writes page after page, the list refreshes at most this often. */
const REFRESH_MS = 1_000

export interface LiveBills {
  /** Bills in the cache, null until counted. */
  total: number | null
  /** A fresh source after every change to the cached bills. */
  source: RowSource<CachedBill, BillFilters>
}

/**
 * The change signal of the Bills screen: the count of cached bills, whose live query Dexie runs
 * again after any write to the table (a bill's detail arriving changes no count, but still
 * signals). Each signal makes a new source, so the table refetches the count and the rows on
 * show, not the whole list.
 */
export function useLiveBills(db: TillDatabase): LiveBills {
  const [live, setLive] = useState<LiveBills>(() => ({ total: null, source: billRowSource(db) }))
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    let lastAt = 0
    let latest = 0
    const publish = (): void => {
      timer = null
      lastAt = Date.now()
      setLive({ total: latest, source: billRowSource(db) })
    }
    const subscription = liveQuery(() => db.bills.count()).subscribe({
      next: (total) => {
        latest = total
        if (timer === null)
          timer = setTimeout(publish, Math.max(0, lastAt + REFRESH_MS - Date.now()))
      },
    })
    return () => {
      subscription.unsubscribe()
      if (timer !== null) clearTimeout(timer)
    }
  }, [db])
  return live
}
