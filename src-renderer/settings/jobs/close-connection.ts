import type { ActiveConnection } from './active-connection'

/**
 * Closes a connection that is no longer active: its scheduled exports and its sync stop first,
 * and its cache closes once nothing of the sync still reads or writes it.
 */
export async function closeConnection(connection: ActiveConnection): Promise<void> {
  connection.scheduledExports.stop()
  connection.sharedBooks.stop()
  await connection.depositMatching.stop()
  await connection.sync.stop()
  connection.db.close()
}
