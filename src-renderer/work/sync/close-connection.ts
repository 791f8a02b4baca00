import type { TillDatabase } from '../../cache/database'
import type { SyncController } from './sync-controller'

/**
 * Closes a connection that is no longer active: its sync stops first, and its cache closes once
 * nothing of the sync still reads or writes it.
 */
export async function closeConnection(connection: {
  db: TillDatabase
  sync: SyncController
}): Promise<void> {
  await connection.sync.stop()
  connection.db.close()
}
