import type { Migration } from './migration'
import { SCHEMA_V1 } from './v01'

/**
 * A session's bills in time order straight from an index, so a 5,000-bill session shows its
 * first rows without sorting them all in memory.
 */
export const v02: Migration = {
  version: 2,
  stores: { bills: `${SCHEMA_V1.bills}, [registerSessionId+createdAt]` },
}
