import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import type { ConnectionOptions } from 'node:tls'
import type { PoolConfig } from 'pg'
import { ValidationError } from '../../till-errors'
import type { Secret } from '../../logging/secret'

/** Where the shared books live, read from a `postgres://user@host:port/database` address. */
export interface DatabaseAddress {
  host: string
  port: number
  database: string
  user: string
  /** The TLS options, or false for a loopback host without TLS (docs/shared-books.md#tls). */
  tls: false | ConnectionOptions
}

const DEFAULT_PORT = 5432

/** 127.0.0.0/8, ::1 and `localhost`: the only hosts Till talks to without TLS. */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (bare === 'localhost' || bare === '::1') return true
  return isIP(bare) === 4 && bare.startsWith('127.')
}

/** Host and port as a password is bound to them: sent to that server only. */
export function serverOf(url: string): string {
  const parsed = new URL(url)
  return `${parsed.hostname.toLowerCase()}:${parsed.port || DEFAULT_PORT}`
}

/** Without the password, whatever was typed: what may be shown and stored. */
export function urlWithoutPassword(url: string): string {
  const parsed = new URL(url.trim())
  parsed.password = ''
  return parsed.href
}

const WEAKER_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca']

/**
 * The TLS rule: any host that is not loopback is reached over TLS with the certificate checked
 * against trusted authorities and the host name (`verify-full`); an address asking for less is
 * refused. Loopback goes without TLS unless the address asks for `verify-full`. `sslrootcert`
 * names a file of authorities to trust besides the system's (a private CA).
 */
function tlsFor(url: URL, readFile: (path: string) => string): false | ConnectionOptions {
  const mode = url.searchParams.get('sslmode')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isLoopbackHost(host) && mode !== 'verify-full') return false
  if (mode !== null && WEAKER_MODES.includes(mode))
    throw new ValidationError(
      `Till reaches ${host} only over TLS with its certificate checked (sslmode=verify-full), not sslmode=${mode}.`,
      ['url: sslmode weaker than verify-full for a host that is not this PC'],
    )
  if (mode !== null && mode !== 'verify-full')
    throw new ValidationError(`sslmode=${mode} is not a TLS mode Till knows.`, ['url: sslmode'])
  const rootCert = url.searchParams.get('sslrootcert')
  const options: ConnectionOptions = { rejectUnauthorized: true, servername: host }
  if (rootCert === null) return options
  try {
    return { ...options, ca: readFile(rootCert) }
  } catch (error) {
    throw new ValidationError(`Till could not read the certificate file ${rootCert}.`, [
      `url: sslrootcert: ${error instanceof Error ? error.message : String(error)}`,
    ])
  }
}

export function parseDatabaseAddress(
  url: string,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): DatabaseAddress {
  const parsed = new URL(url.trim())
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''))
  const user = decodeURIComponent(parsed.username)
  const missing = [!user && 'a user name', !database && 'a database name'].filter(Boolean)
  if (missing.length > 0)
    throw new ValidationError(
      `The address needs ${missing.join(' and ')}: postgres://user@host:port/database.`,
      ['url: user and database required'],
    )
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : DEFAULT_PORT,
    database,
    user,
    tls: tlsFor(parsed, readFile),
  }
}

/** Seconds Till waits for a connection, and for any one statement, before calling it unreachable. */
export const CONNECT_TIMEOUT_MS = 5_000
export const QUERY_TIMEOUT_MS = 15_000

/** The `pg` settings for an address; the password is revealed only as the driver connects. */
export function poolConfig(address: DatabaseAddress, password: Secret | null): PoolConfig {
  return {
    host: address.host,
    port: address.port,
    database: address.database,
    user: address.user,
    password: () => password?.reveal() ?? '',
    ssl: address.tls,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'Till',
  }
}
