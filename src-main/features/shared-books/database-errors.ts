import { CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS } from './connection-options'
import { SchemaTooNewError } from './schema-migrations'
import { isGarbled } from './transaction'

/**
 * What went wrong reaching the shared books, in words a person can act on. `unreachable` errors
 * are the database not answering or refusing Till; `refused` ones, the database answering and
 * refusing the change whole (its disk is full); anything else is a fault of Till's own.
 */
export function describeDatabaseError(
  error: unknown,
  where: { host: string; port: number; database: string },
): { unreachable: boolean; refused?: true; message: string } {
  const server = `${where.host}:${where.port}`
  if (error instanceof SchemaTooNewError) return { unreachable: true, message: error.message }
  const code = String((error as { code?: unknown } | null)?.code ?? '')
  const text = error instanceof Error ? error.message : String(error)
  const unreachable = (message: string) => ({ unreachable: true, message })
  if (code === '28P01' || code === '28000')
    return unreachable(`The database at ${server} refused the user name or password.`)
  if (code === '3D000')
    return unreachable(`There is no database named “${where.database}” at ${server}.`)
  if (code === '42501')
    return unreachable(
      `The database user may not create or use Till's tables in “${where.database}” (${text}).`,
    )
  // The server's disk: the change is refused whole (a change of the outbox waits on this PC for room).
  if (code === '53100')
    return {
      unreachable: false,
      refused: true,
      message: `The database at ${server} is out of disk space and refused the change (${text}).`,
    }
  if (code === '53200' || code === '53300')
    return unreachable(`The database at ${server} is too busy to take the change now (${text}).`)
  if (code === 'ECONNREFUSED')
    return unreachable(`Nothing answers at ${server}: the connection was refused.`)
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return unreachable(`The host name ${where.host} was not found.`)
  if (['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN'].includes(code))
    return unreachable(`${server} cannot be reached from this PC (${code}).`)
  if (/Query read timeout/i.test(text))
    return unreachable(
      `The database at ${server} did not answer within ${QUERY_TIMEOUT_MS / 1000} seconds: Till dropped that connection and asks again over a new one.`,
    )
  if (/timeout/i.test(text))
    return unreachable(
      `The database at ${server} did not answer within ${CONNECT_TIMEOUT_MS / 1000} seconds when Till connected; Till asks again.`,
    )
  if (isGarbled(text))
    return unreachable(
      `The database at ${server} answered with something Till cannot read (${text}): Till dropped that connection and asks again over a new one.`,
    )
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/.test(code) || /certificate/i.test(text))
    return unreachable(
      `TLS refused: the certificate of ${where.host} could not be trusted (${code || text}).`,
    )
  if (/does not support SSL/i.test(text))
    return unreachable(
      `TLS refused: ${server} does not offer TLS, and Till needs it for that host.`,
    )
  if (
    code.startsWith('08') ||
    code.startsWith('57P') ||
    ['ECONNRESET', 'EPIPE'].includes(code) ||
    /Connection terminated|not queryable|Client was closed/i.test(text)
  )
    return unreachable(`The connection to ${server} was lost (${text}).`)
  return { unreachable: false, message: text }
}
