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
  // 2: a commit is one call, so one round trip, and the store's counter row is held only while
  // the server works, never across a round trip. Change numbers still go out under that row's
  // lock, taken as late as possible; compare-and-append is serialised per destination first by
  // an advisory lock, so an export that is behind or already committed never takes the store's.
  `
  CREATE FUNCTION till_lock_store(p_store text) RETURNS bigint LANGUAGE plpgsql AS $$
  DECLARE
    v_head bigint;
  BEGIN
    SELECT head INTO v_head FROM till_stores WHERE store_id = p_store FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      INSERT INTO till_stores (store_id) VALUES (p_store) ON CONFLICT DO NOTHING;
      SELECT head INTO STRICT v_head FROM till_stores WHERE store_id = p_store FOR NO KEY UPDATE;
    END IF;
    RETURN v_head;
  END
  $$;

  CREATE FUNCTION till_publish_head(p_store text, p_head bigint) RETURNS void LANGUAGE sql AS $$
    UPDATE till_stores SET head = p_head WHERE store_id = p_store;
    SELECT pg_notify('till_changes', json_build_object('storeId', p_store, 'change', p_head)::text);
  $$;

  CREATE FUNCTION till_push(
    p_store text, p_by text, p_kinds text[], p_keys text[], p_base_versions integer[],
    p_bodies json[], p_deleted boolean[]
  ) RETURNS TABLE (
    applied boolean, kind text, key text, version integer, change bigint, body json,
    deleted boolean, by_pc text, at_ms bigint
  ) LANGUAGE plpgsql AS $$
  #variable_conflict use_column
  DECLARE
    v_first bigint := till_lock_store(p_store);
    v_head bigint := v_first;
    v_version integer;
  BEGIN
    FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
      SELECT r.version INTO v_version FROM till_rows r
       WHERE r.store_id = p_store AND r.kind = p_kinds[i] AND r.key = p_keys[i];
      IF coalesce(v_version, 0) <> p_base_versions[i] THEN
        RETURN QUERY SELECT false, r.kind, r.key, r.version, r.change, r.body, r.deleted, r.by_pc,
                            (extract(epoch FROM r.at) * 1000)::bigint
                       FROM till_rows r
                      WHERE r.store_id = p_store AND r.kind = p_kinds[i] AND r.key = p_keys[i];
        IF NOT FOUND THEN
          RETURN QUERY SELECT false, p_kinds[i], p_keys[i], 0, 0::bigint, NULL::json, true, '',
                              0::bigint;
        END IF;
        CONTINUE;
      END IF;
      v_head := v_head + 1;
      INSERT INTO till_rows (store_id, kind, key, version, change, body, deleted, by_pc)
      VALUES (p_store, p_kinds[i], p_keys[i], p_base_versions[i] + 1, v_head, p_bodies[i],
              p_deleted[i], p_by)
      ON CONFLICT (store_id, kind, key) DO UPDATE SET version = EXCLUDED.version,
        change = EXCLUDED.change, body = EXCLUDED.body, deleted = EXCLUDED.deleted,
        by_pc = EXCLUDED.by_pc, at = now();
      RETURN QUERY SELECT true, p_kinds[i], p_keys[i], p_base_versions[i] + 1, v_head, NULL::json,
                          p_deleted[i], p_by, NULL::bigint;
    END LOOP;
    IF v_head > v_first THEN
      PERFORM till_publish_head(p_store, v_head);
    END IF;
  END
  $$;

  CREATE FUNCTION till_append_export(
    p_store text, p_destination text, p_expected_seq integer, p_batch_id text, p_by text,
    p_batch json
  ) RETURNS TABLE (status text, seq integer, change bigint) LANGUAGE plpgsql AS $$
  #variable_conflict use_column
  DECLARE
    v_seq integer;
    v_change bigint;
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext(p_store), hashtext(p_destination));
    SELECT l.seq INTO v_seq FROM till_export_log l
     WHERE l.store_id = p_store AND l.batch_id = p_batch_id;
    IF FOUND THEN
      RETURN QUERY SELECT 'already-committed', v_seq, NULL::bigint;
      RETURN;
    END IF;
    SELECT coalesce(max(l.seq), 0) INTO v_seq FROM till_export_log l
     WHERE l.store_id = p_store AND l.destination_id = p_destination;
    IF v_seq <> p_expected_seq THEN
      RETURN QUERY SELECT 'behind', v_seq, NULL::bigint;
      RETURN;
    END IF;
    v_seq := v_seq + 1;
    v_change := till_lock_store(p_store) + 1;
    INSERT INTO till_export_log (store_id, destination_id, seq, batch_id)
    VALUES (p_store, p_destination, v_seq, p_batch_id);
    INSERT INTO till_rows (store_id, kind, key, version, change, body, by_pc)
    VALUES (p_store, 'exportBatch', p_batch_id, 1, v_change,
            json_build_object('destinationId', p_destination, 'seq', v_seq,
                              'batchId', p_batch_id, 'batch', p_batch),
            p_by);
    PERFORM till_publish_head(p_store, v_change);
    RETURN QUERY SELECT 'committed', v_seq, v_change;
  END
  $$;
  `,
  // 3: any size commits. A call from the renderer is bounded (the browser shell takes 1 MiB), so
  // a large batch, or a joining PC's whole export log, is staged part by part as JSON text no PC
  // reads, then published by one statement: every batch in it is appended or none is.
  `
  CREATE TABLE till_staged_parts (
    store_id  text NOT NULL,
    upload_id text NOT NULL,
    part      integer NOT NULL CHECK (part >= 0),
    text      text NOT NULL,
    at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (store_id, upload_id, part)
  );

  CREATE FUNCTION till_append_staged(p_store text, p_upload text, p_parts integer, p_by text)
  RETURNS TABLE (status text, seq integer, change bigint) LANGUAGE plpgsql AS $$
  #variable_conflict use_column
  DECLARE
    v_count integer;
    v_text text;
    v_append json;
    v_answer record;
    v_behind integer;
    v_status text[] := '{}';
    v_seq integer[] := '{}';
    v_change bigint[] := '{}';
  BEGIN
    SELECT count(*), string_agg(s.text, '' ORDER BY s.part) INTO v_count, v_text
      FROM till_staged_parts s
     WHERE s.store_id = p_store AND s.upload_id = p_upload AND s.part < p_parts;
    IF v_count <> p_parts THEN
      RAISE EXCEPTION 'upload % holds % of its % parts', p_upload, v_count, p_parts
        USING ERRCODE = 'T1001';
    END IF;
    DELETE FROM till_staged_parts s WHERE s.store_id = p_store AND s.upload_id = p_upload;
    BEGIN
      FOR v_append IN SELECT value FROM json_array_elements(v_text::json) LOOP
        SELECT * INTO v_answer FROM till_append_export(p_store, v_append->>'destinationId',
          (v_append->>'expectedSeq')::integer, v_append->>'batchId', p_by, v_append->'batch');
        IF v_answer.status = 'behind' THEN
          v_behind := v_answer.seq;
          -- Undoes this block: no batch of the upload stays appended.
          RAISE EXCEPTION USING ERRCODE = 'T1000';
        END IF;
        v_status := v_status || v_answer.status;
        v_seq := v_seq || v_answer.seq;
        v_change := v_change || v_answer.change;
      END LOOP;
    EXCEPTION WHEN SQLSTATE 'T1000' THEN
      RETURN QUERY SELECT 'behind'::text, v_behind, NULL::bigint;
      RETURN;
    END;
    RETURN QUERY SELECT * FROM unnest(v_status, v_seq, v_change);
  END
  $$;
  `,
  // 4: change numbers within what a PC counts exactly (up to 2^53 - 1): a number past it would
  // reach the PCs rounded, and a pull going on from it would pass every later change. Rows
  // written before are not checked again (NOT VALID); every later write is.
  `
  ALTER TABLE till_stores ADD CONSTRAINT till_stores_head_exact
    CHECK (head BETWEEN 0 AND 9007199254740991) NOT VALID;
  ALTER TABLE till_rows ADD CONSTRAINT till_rows_change_exact
    CHECK (change BETWEEN 1 AND 9007199254740991) NOT VALID;
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
