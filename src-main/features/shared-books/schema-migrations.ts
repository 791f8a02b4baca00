import type { Pool } from 'pg'
import { inTransaction } from './transaction'

/**
 * Till's own schema in the shop's database (docs/shared-books.md#the-schema): one migration per
 * version, applied in order and recorded in `till_schema_version`. Several stores share one
 * database, keyed by `store_id`. Never edit a migration that has shipped: add the next one.
 */
const MIGRATIONS: readonly string[] = [
  // 1: stores with their change counter, shared rows, the export log per destination.
  `
  CREATE TABLE till_stores (
    store_id   text PRIMARY KEY,
    -- The last change number given out; taken and raised under this row's lock, in the same
    -- transaction as the change, so change numbers become visible in commit order.
    head       bigint NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE till_rows (
    store_id text NOT NULL REFERENCES till_stores (store_id),
    kind     text NOT NULL,
    key      text NOT NULL,
    version  integer NOT NULL CHECK (version > 0),
    change   bigint NOT NULL,
    body     json,
    deleted  boolean NOT NULL DEFAULT false,
    by_pc    text NOT NULL,
    at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (store_id, kind, key),
    UNIQUE (store_id, change)
  );
  CREATE TABLE till_export_log (
    store_id       text NOT NULL REFERENCES till_stores (store_id),
    destination_id text NOT NULL,
    seq            integer NOT NULL CHECK (seq > 0),
    batch_id       text NOT NULL,
    PRIMARY KEY (store_id, destination_id, seq),
    UNIQUE (store_id, batch_id)
  );
  `,
]

/** The schema version this Till writes; a database at a later one was migrated by a newer Till. */
const SCHEMA_VERSION = MIGRATIONS.length

export class SchemaTooNewError extends Error {
  constructor(readonly found: number) {
    super(
      `The shared books were set up by a newer Till (schema version ${found}; this Till knows up to ${SCHEMA_VERSION}). Update Till on this PC.`,
    )
    this.name = 'SchemaTooNewError'
  }
}

/** Any number, the same on every PC: migrations of one database never run side by side. */
const MIGRATION_LOCK = 0x7111_0001

/**
 * Brings the schema up to SCHEMA_VERSION, creating it on an empty database. Safe to run from
 * several PCs at once (an advisory lock) and again and again (each version applies once).
 */
export async function migrate(pool: Pool): Promise<{ from: number; to: number }> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await client.query(
      `CREATE TABLE IF NOT EXISTS till_schema_version (
         version    integer PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    )
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM till_schema_version',
    )
    const from = rows[0]?.version ?? 0
    if (from > SCHEMA_VERSION) throw new SchemaTooNewError(from)
    for (let version = from + 1; version <= SCHEMA_VERSION; version++) {
      await client.query(MIGRATIONS[version - 1] as string)
      await client.query('INSERT INTO till_schema_version (version) VALUES ($1)', [version])
    }
    return { from, to: SCHEMA_VERSION }
  })
}
