import type { Pool } from 'pg'
import type {
  SharedAppendResult,
  SharedPushResult,
  SharedRow,
} from '../../../src-shared/bridge/contract'
import { inTransaction } from './transaction'

/**
 * The store operations of the shared books (docs/shared-books.md), on a `pg` pool and nothing
 * else. A write is one call of a function of the schema (schema-migrations.ts), one round trip.
 * Every write takes the store's counter row before it gives out change numbers: writes of one
 * store commit one after the other, and a pull by change number can never miss a row that
 * commits late.
 */

/**
 * The channel every change is announced on (by till_publish_head in the schema); the payload is
 * `{"storeId":…,"change":…}`.
 */
export const CHANGES_CHANNEL = 'till_changes'

const EXPORT_BATCH_KIND = 'exportBatch'

type RowRecord = {
  kind: string
  key: string
  version: number
  change: string
  body: unknown
  deleted: boolean
  by_pc: string
  at_ms: string
}

const ROW_COLUMNS = `kind, key, version, change, body, deleted, by_pc,
  (extract(epoch FROM at) * 1000)::bigint AS at_ms`

function toSharedRow(record: RowRecord): SharedRow {
  return {
    kind: record.kind,
    key: record.key,
    version: record.version,
    change: Number(record.change),
    body: record.body ?? null,
    deleted: record.deleted,
    by: record.by_pc,
    at: Number(record.at_ms),
  }
}

/** JSON text for a `json` column: kept as sent, key order and all. */
function jsonText(value: unknown): string {
  return JSON.stringify(value ?? null)
}

/** Creates the store's counter row if it is new; harmless when it exists. */
export async function ensureStore(pool: Pool, storeId: string): Promise<void> {
  await pool.query('INSERT INTO till_stores (store_id) VALUES ($1) ON CONFLICT DO NOTHING', [
    storeId,
  ])
}

export interface PullAnswer {
  rows: SharedRow[]
  head: number
  more: boolean
}

/**
 * Rows changed after `since`, in change order, up to the store's counter (`head`) read in the
 * same snapshot: every change Till gives out is at most the head it publishes with it, so a row
 * numbered past it was written around Till and is not handed out.
 */
export async function pull(
  pool: Pool,
  storeId: string,
  since: number,
  limit: number,
): Promise<PullAnswer> {
  return inTransaction(
    pool,
    async (client) => {
      const head = await client.query<{ head: string }>(
        'SELECT head FROM till_stores WHERE store_id = $1',
        [storeId],
      )
      const counter = head.rows[0]?.head ?? '0'
      const { rows } = await client.query<RowRecord>(
        `SELECT ${ROW_COLUMNS} FROM till_rows
          WHERE store_id = $1 AND change > $2 AND change <= $3 ORDER BY change LIMIT $4`,
        [storeId, since, counter, limit + 1],
      )
      return {
        rows: rows.slice(0, limit).map(toSharedRow),
        head: Number(counter),
        more: rows.length > limit,
      }
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  )
}

export interface RowChange {
  kind: string
  key: string
  /** The version the change was made from; 0 for a new row. */
  baseVersion: number
  body: unknown
  deleted?: boolean | undefined
}

/**
 * Each change is compare-and-set on its row's version: applied (the version goes up by one) only
 * when the row is still at `baseVersion`, else answered with the row as it is (version 0 and
 * deleted when there is none). All in one transaction, one answer per change in order.
 */
export async function push(
  pool: Pool,
  storeId: string,
  by: string,
  changes: readonly RowChange[],
): Promise<SharedPushResult[]> {
  // One statement, one implicit transaction: till_push in schema-migrations.ts.
  const { rows } = await pool.query<RowRecord & { applied: boolean }>(
    'SELECT * FROM till_push($1, $2, $3, $4, $5, $6::json[], $7)',
    [
      storeId,
      by,
      changes.map((change) => change.kind),
      changes.map((change) => change.key),
      changes.map((change) => change.baseVersion),
      changes.map((change) => jsonText(change.body)),
      changes.map((change) => change.deleted ?? false),
    ],
  )
  return rows.map((row) =>
    row.applied
      ? { status: 'applied', version: row.version, change: Number(row.change) }
      : { status: 'conflict', current: toSharedRow(row) },
  )
}

export interface ExportAppend {
  destinationId: string
  /** The head seq the export was planned from; 0 when the destination's log was empty. */
  expectedSeq: number
  batchId: string
  by: string
  batch: unknown
}

/**
 * Compare-and-append (docs/shared-books.md#compare-and-append): the batch becomes entry
 * `expectedSeq + 1` of its destination's log only if `expectedSeq` is still the head. A batch id
 * already in the log (a retry after a lost answer) is answered with its seq and written nowhere.
 * The batch is also a shared row of kind `exportBatch`, keyed by its batch id, so other PCs pull it.
 */
export async function appendExport(
  pool: Pool,
  storeId: string,
  append: ExportAppend,
): Promise<SharedAppendResult> {
  // One statement, one implicit transaction: till_append_export in schema-migrations.ts.
  const { rows } = await pool.query<AppendRecord>(
    'SELECT * FROM till_append_export($1, $2, $3, $4, $5, $6::json)',
    [
      storeId,
      append.destinationId,
      append.expectedSeq,
      append.batchId,
      append.by,
      jsonText(append.batch),
    ],
  )
  const answer = rows[0]
  if (!answer) throw new Error('till_append_export gave no answer')
  return appendResult(answer)
}

type AppendRecord = { status: SharedAppendResult['status']; seq: number; change: string | null }

function appendResult(answer: AppendRecord): SharedAppendResult {
  switch (answer.status) {
    case 'committed':
      return { status: 'committed', seq: answer.seq, change: Number(answer.change) }
    case 'behind':
      return { status: 'behind', headSeq: answer.seq }
    case 'already-committed':
      return { status: 'already-committed', seq: answer.seq }
  }
}

/** Parts older than this are of uploads given up on: the next part staged clears them. */
const STALE_PARTS = '1 day'

/**
 * Keeps part `part` of an upload (docs/shared-books.md#any-size-commits): a piece of the JSON
 * text of its appends, read by no one until `appendStaged`. Staging a part again replaces it.
 */
export async function stagePart(
  pool: Pool,
  storeId: string,
  uploadId: string,
  part: number,
  text: string,
): Promise<void> {
  await pool.query(
    `WITH stale AS (
       DELETE FROM till_staged_parts WHERE store_id = $1 AND at < now() - interval '${STALE_PARTS}'
     )
     INSERT INTO till_staged_parts (store_id, upload_id, part, text) VALUES ($1, $2, $3, $4)
     ON CONFLICT (store_id, upload_id, part) DO UPDATE SET text = EXCLUDED.text, at = now()`,
    [storeId, uploadId, part, text],
  )
}

/**
 * Appends every batch of a staged upload (its parts joined make a JSON array of appends, each
 * compare-and-append as `appendExport`) in one statement: all of them, answered one by one in
 * order, or, should one be behind, none of them and that one's `behind` alone. An upload missing
 * a part is refused and nothing changes.
 */
export async function appendStaged(
  pool: Pool,
  storeId: string,
  uploadId: string,
  parts: number,
  by: string,
): Promise<SharedAppendResult[]> {
  const { rows } = await pool.query<AppendRecord>(
    'SELECT * FROM till_append_staged($1, $2, $3, $4)',
    [storeId, uploadId, parts, by],
  )
  return rows.map(appendResult)
}

export interface ExportLogEntry {
  seq: number
  batchId: string
  batch: unknown
  by: string
  at: number
}

/** The destination's log after `afterSeq`, in seq order. */
export async function exportLog(
  pool: Pool,
  storeId: string,
  destinationId: string,
  afterSeq: number,
): Promise<ExportLogEntry[]> {
  const { rows } = await pool.query<{
    seq: number
    batch_id: string
    body: { batch?: unknown } | null
    by_pc: string
    at_ms: string
  }>(
    `SELECT l.seq, l.batch_id, r.body, r.by_pc, (extract(epoch FROM r.at) * 1000)::bigint AS at_ms
       FROM till_export_log l
       JOIN till_rows r ON r.store_id = l.store_id AND r.kind = $4 AND r.key = l.batch_id
      WHERE l.store_id = $1 AND l.destination_id = $2 AND l.seq > $3
      ORDER BY l.seq`,
    [storeId, destinationId, afterSeq, EXPORT_BATCH_KIND],
  )
  return rows.map((row) => ({
    seq: row.seq,
    batchId: row.batch_id,
    batch: row.body?.batch ?? null,
    by: row.by_pc,
    at: Number(row.at_ms),
  }))
}

export interface HistoryItem {
  kind: string
  key: string
  version: number
  deleted: boolean
  by: string
  at: number
  /** For an export batch: its destination, place in the log and entries; else null. */
  batch: { destinationId: string; seq: number; entries: number } | null
  /** A movement that `corrected` or `cancelled` another, a count's last step; else null. */
  action: string | null
}

/**
 * The store's latest changes, newest first: each record as it last changed, who changed it and
 * when. An export batch gives its destination, seq and entry count, not its pages.
 */
export async function history(pool: Pool, storeId: string, limit: number): Promise<HistoryItem[]> {
  const { rows } = await pool.query<{
    kind: string
    key: string
    version: number
    deleted: boolean
    by_pc: string
    at_ms: string
    destination_id: string | null
    seq: string | null
    entries: string | null
    action: string | null
  }>(
    `SELECT kind, key, version, deleted, by_pc, (extract(epoch FROM at) * 1000)::bigint AS at_ms,
            CASE WHEN kind = $2 THEN body->>'destinationId' END AS destination_id,
            CASE WHEN kind = $2 THEN body->>'seq' END AS seq,
            CASE WHEN kind = $2 THEN body->'batch'->'batch'->>'entryCount' END AS entries,
            CASE kind
              WHEN 'cashMovement' THEN
                CASE WHEN body->>'replaces' IS NULL THEN NULL
                     WHEN body->>'kind' = 'cancel' THEN 'cancelled'
                     ELSE 'corrected' END
              WHEN 'reconciliation' THEN left(body->'log'->-1->>'action', 40)
            END AS action
       FROM till_rows WHERE store_id = $1 ORDER BY change DESC LIMIT $3`,
    [storeId, EXPORT_BATCH_KIND, limit],
  )
  return rows.map((row) => ({
    kind: row.kind,
    key: row.key,
    version: row.version,
    deleted: row.deleted,
    by: row.by_pc,
    at: Number(row.at_ms),
    batch:
      row.destination_id === null
        ? null
        : {
            destinationId: row.destination_id,
            seq: Number(row.seq),
            entries: Number(row.entries ?? 0),
          },
    action: row.action,
  }))
}

export interface StoreInfo {
  empty: boolean
  heads: { destinationId: string; seq: number; batchIds: string[] }[]
}

/** What the join rule compares a PC's records with: is the store empty, and each log's batches. */
export async function storeInfo(pool: Pool, storeId: string): Promise<StoreInfo> {
  return inTransaction(
    pool,
    async (client) => {
      const rows = await client.query('SELECT 1 FROM till_rows WHERE store_id = $1 LIMIT 1', [
        storeId,
      ])
      const logs = await client.query<{ destination_id: string; seq: number; batch_ids: string[] }>(
        `SELECT destination_id, max(seq) AS seq, array_agg(batch_id ORDER BY seq) AS batch_ids
           FROM till_export_log WHERE store_id = $1
          GROUP BY destination_id ORDER BY destination_id`,
        [storeId],
      )
      return {
        empty: rows.rowCount === 0,
        heads: logs.rows.map((log) => ({
          destinationId: log.destination_id,
          seq: log.seq,
          batchIds: log.batch_ids,
        })),
      }
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  )
}
