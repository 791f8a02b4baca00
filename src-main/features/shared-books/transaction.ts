import type { Pool, PoolClient } from 'pg'

/**
 * Runs `work` in one transaction on one connection of the pool: committed when it returns,
 * rolled back when it throws. A connection that failed mid-way is thrown away, never reused.
 */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  // A connection lost while checked out says so as an event too; unheard, it would crash main.
  const onError = (error: Error) => (broken ??= error)
  client.on('error', onError)
  try {
    await client.query(begin)
    try {
      const result = await work(client)
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))
      })
      throw error
    }
  } catch (error) {
    broken ??= isConnectionLoss(error) ? (error as Error) : undefined
    throw error
  } finally {
    client.off('error', onError)
    client.release(broken)
  }
}

/**
 * Errors after which the connection cannot be trusted: it is gone, the server went away, or it
 * answered bytes that are not PostgreSQL's (what follows on it cannot be read either).
 */
function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P'))) return true
  const message = error instanceof Error ? error.message : ''
  return (
    /Connection terminated|timeout|ECONNRESET|EPIPE|not queryable/i.test(message) ||
    isGarbled(message)
  )
}

/** pg's words for bytes that are not PostgreSQL's protocol (an answer garbled on the way). */
export function isGarbled(text: string): boolean {
  return /received invalid response|Unknown \w+ message|unexpected \w+ message/i.test(text)
}
