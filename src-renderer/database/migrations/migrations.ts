import type { Dexie } from 'dexie'
import type { Migration, UpgradeProgress } from './migration'
import { v01 } from './v01'
import { v02 } from './v02'
import { v03 } from './v03'
import { v04 } from './v04'
import { v05 } from './v05'
import { v06 } from './v06'
import { v07 } from './v07'
import { v08 } from './v08'
import { v09 } from './v09'
import { v10 } from './v10'
import { v11 } from './v11'
import { v12 } from './v12'
import { v13 } from './v13'
import { v14 } from './v14'
import { v15 } from './v15'
import { v16 } from './v16'
import { v17 } from './v17'
import { v18 } from './v18'
import { v19 } from './v19'
import { v20 } from './v20'
import { v21 } from './v21'
import { v22 } from './v22'
import { v23 } from './v23'
import { v24 } from './v24'

/** Every version of the cache's schema, oldest first: a new version is a new file added last. */
const MIGRATIONS: readonly Migration[] = [
  v01,
  v02,
  v03,
  v04,
  v05,
  v06,
  v07,
  v08,
  v09,
  v10,
  v11,
  v12,
  v13,
  v14,
  v15,
  v16,
  v17,
  v18,
  v19,
  v20,
  v21,
  v22,
  v23,
  v24,
]

/** Declares the versions up to `through` (every one unless told) on a database not yet open. */
export function declareVersions(db: Dexie, onUpgrade?: UpgradeProgress, through = Infinity): void {
  for (const { version, stores, upgrade } of MIGRATIONS.filter((m) => m.version <= through)) {
    const declared = db.version(version).stores(stores)
    if (upgrade) declared.upgrade((tx) => upgrade(tx, onUpgrade))
  }
}
