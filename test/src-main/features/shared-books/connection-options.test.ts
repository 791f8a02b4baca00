import { describe, expect, it } from 'vitest'
import {
  parseDatabaseAddress,
  poolConfig,
  serverOf,
} from '../../../../src-main/features/shared-books/connection-options'
import { ValidationError } from '../../../../src-main/till-errors'
import { Secret } from '../../../../src-main/logging/secret'
import { channels } from '../../../../src-shared/bridge/contract'

const sharedBooksUrl = channels['sharedBooks.settings.save'].input.shape.url

describe('the TLS rule', () => {
  it('reaches any host that is not loopback over TLS, checking the certificate and the host name', () => {
    const address = parseDatabaseAddress('postgres://till@db.example.com:6543/books')
    expect(address).toMatchObject({ host: 'db.example.com', port: 6543, database: 'books' })
    expect(address.tls).toEqual({ rejectUnauthorized: true, servername: 'db.example.com' })
    expect(parseDatabaseAddress('postgres://till@10.0.0.5/books').tls).toMatchObject({
      rejectUnauthorized: true,
    })
  })

  it('refuses an address asking for less than verify-full on such a host', () => {
    for (const mode of ['disable', 'prefer', 'require', 'verify-ca'])
      expect(() =>
        parseDatabaseAddress(`postgres://till@db.example.com/books?sslmode=${mode}`),
      ).toThrow(ValidationError)
  })

  it('goes without TLS on loopback, unless the address asks for verify-full', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', 'localhost', '[::1]'])
      expect(parseDatabaseAddress(`postgres://till@${host}:5432/books`).tls).toBe(false)
    expect(
      parseDatabaseAddress('postgres://till@127.0.0.1/books?sslmode=verify-full').tls,
    ).toMatchObject({ rejectUnauthorized: true })
    for (const host of ['127.example.com', '128.0.0.1', '10.127.0.1'])
      expect(parseDatabaseAddress(`postgres://till@${host}/books`).tls).not.toBe(false)
  })

  it('trusts a private authority named by sslrootcert, and says so when that file is unreadable', () => {
    const address = parseDatabaseAddress(
      'postgres://till@db.example.com/books?sslrootcert=/etc/ca.pem',
      (path) => `CA FROM ${path}`,
    )
    expect(address.tls).toMatchObject({ ca: 'CA FROM /etc/ca.pem', rejectUnauthorized: true })
    expect(() =>
      parseDatabaseAddress('postgres://till@db.example.com/books?sslrootcert=/nowhere.pem'),
    ).toThrow(/could not read the certificate file \/nowhere.pem/)
  })
})

describe('the address', () => {
  it('needs a user and a database', () => {
    expect(() => parseDatabaseAddress('postgres://db.example.com/books')).toThrow(/a user name/)
    expect(() => parseDatabaseAddress('postgres://till@db.example.com')).toThrow(/a database name/)
  })

  it('is refused with a password in it, which belongs in the password field', () => {
    const parsed = sharedBooksUrl.safeParse('postgres://till:hunter22@db.example.com/books')
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toMatch(/Password field/)
    expect(sharedBooksUrl.safeParse('https://db.example.com/books').success).toBe(false)
  })

  it('binds a password to host and port', () => {
    expect(serverOf('postgres://till@DB.example.com/books')).toBe('db.example.com:5432')
    expect(serverOf('postgres://till@db.example.com:6000/other')).toBe('db.example.com:6000')
  })

  it('hands the password to the driver only as it connects, never as a plain field', () => {
    const config = poolConfig(
      parseDatabaseAddress('postgres://till@127.0.0.1/books'),
      new Secret('s3cret-pass'),
    )
    expect(JSON.stringify(config)).not.toContain('s3cret-pass')
    expect(typeof config.password).toBe('function')
    expect((config.password as () => string)()).toBe('s3cret-pass')
  })
})
