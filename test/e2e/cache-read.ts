import type { Page } from '@playwright/test'

/** Records of the demo shop's cache, read in the page from IndexedDB (undefined if absent). */
export function cachedRecords(
  page: Page,
  reads: [store: string, key: string][],
): Promise<(Record<string, unknown> | undefined)[]> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('till-demo-shop')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const get = (store: string, key: string) =>
      new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).get(key)
        request.onsuccess = () => resolve(request.result as Record<string, unknown> | undefined)
        request.onerror = () => reject(request.error)
      })
    const found = []
    for (const [store, key] of wanted) found.push(await get(store, key))
    db.close()
    return found
  }, reads)
}
