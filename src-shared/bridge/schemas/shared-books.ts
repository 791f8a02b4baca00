import { z } from 'zod'
import { profileId } from './connections'

/**
 * Shared books (docs/shared-books.md): Till's own records of one store shared by several PCs
 * through a PostgreSQL database that main connects to. The renderer reaches it only through these
 * channels; bodies and batches cross as JSON the renderer validates itself.
 */

/** `postgres://user@host:port/database`, never with a password in it (that goes to the keychain). */
const sharedBooksUrl = z
  .string()
  .trim()
  .min(1, 'Enter the address of the database, such as postgres://till@db.example.com/till')
  .max(2048)
  .superRefine((text, ctx) => {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a full address such as postgres://till@db.example.com:5432/till',
      })
      return
    }
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
      ctx.addIssue({ code: 'custom', message: 'The address must start with postgres://' })
    else if (url.password !== '')
      ctx.addIssue({
        code: 'custom',
        message: 'The address holds a password: put it in the Password field instead',
      })
    else if (url.hostname === '')
      ctx.addIssue({ code: 'custom', message: 'The address needs a host name' })
  })

const password = z.string().min(1).max(1024)

/** The shared store: the profile's Store ID, so several stores can share one database. */
const sharedStoreId = z.string().trim().min(1).max(200)

export const sharedBooksSettingsView = z.object({
  /** postgres://user@host:port/db, never the password. Null when shared books are off. */
  url: z.string().nullable(),
  hasPassword: z.boolean(),
  /** The store joined; null until `sharedBooks.join`. */
  storeId: sharedStoreId.nullable(),
  joined: z.boolean(),
  /** This PC's name as a person gave it (the host name until then). */
  pcName: z.string(),
  /** Tells this PC from another of the same name (`by` carries both); null until saved. */
  pcId: z.string().nullable(),
})
export type SharedBooksSettingsView = z.infer<typeof sharedBooksSettingsView>

export const saveSharedBooksInput = z.object({
  profileId,
  url: sharedBooksUrl,
  /** Absent: keep the password kept for this host, if any. */
  password: password.optional(),
})

export const testSharedBooksInput = saveSharedBooksInput

export const sharedBooksTestReport = z.object({
  ok: z.boolean(),
  message: z.string(),
  serverVersion: z.string().optional(),
})

/** A PC's name as a person gives it; the renderer adds its id to it in `by` (shared-books/rules/pc-names.ts). */
export const renameSharedPcInput = z.object({
  profileId,
  pcName: z.string().trim().min(1, 'Give this PC a name').max(80),
})

export const joinSharedBooksInput = z.object({ profileId, storeId: sharedStoreId })

export const sharedBooksStatus = z.object({
  /** `refusing`: the database answers but refused the last change (a full disk), until one goes through. */
  state: z.enum(['off', 'connected', 'unreachable', 'refusing']),
  /** When the database last answered (epoch milliseconds), on this run of Till or an earlier one. */
  lastReachedAt: z.number().nullable(),
  message: z.string().optional(),
})
export type SharedBooksStatus = z.infer<typeof sharedBooksStatus>

export const sharedBooksStoreInput = z.object({ profileId, storeId: sharedStoreId })

const destinationId = z.string().min(1).max(100)
const batchId = z.string().min(1).max(100)
const pcName = z.string().trim().min(1).max(100)
const seq = z.number().int().nonnegative()
const change = z.number().int().nonnegative()

const sharedRowKind = z
  .string()
  .regex(/^[a-zA-Z][\w.-]{0,63}$/, 'A kind of letters, digits, dots, dashes and underscores')
/**
 * Long enough for a statement line's bank account and id (200 characters each) and a deposit
 * match named by its lines; short enough for PostgreSQL's index on (store_id, kind, key).
 */
const rowKey = z.string().min(1).max(1_000)

/** A row as the database holds it: only loosely typed, the renderer checks each body itself. */
const sharedRow = z.object({
  kind: z.string(),
  key: z.string(),
  /** 0 only in a conflict over a row that does not exist (anymore): push it as new. */
  version: z.number().int().nonnegative(),
  /**
   * The store-wide change number: rows become visible in this order (docs/shared-books.md).
   * Any number here: one the books could not have given out (past exact integers, past the head)
   * is the renderer's to set aside with its row, not a reason to refuse the whole answer.
   */
  change: z.number().nonnegative(),
  body: z.unknown(),
  deleted: z.boolean(),
  by: z.string(),
  at: z.number(),
})
export type SharedRow = z.infer<typeof sharedRow>

export const sharedBooksInfoOutput = z.object({
  empty: z.boolean(),
  heads: z.array(
    z.object({ destinationId: z.string(), seq: z.number().int(), batchIds: z.array(z.string()) }),
  ),
})

export const sharedBooksPullInput = sharedBooksStoreInput.extend({
  since: change,
  limit: z.number().int().min(1).max(1000),
})
export const sharedBooksPullOutput = z.object({
  rows: z.array(sharedRow),
  /** The store's latest change number when pulled. */
  head: change,
  more: z.boolean(),
})

export const MAX_SHARED_PUSH_CHANGES = 500

export const sharedBooksPushInput = sharedBooksStoreInput.extend({
  by: pcName,
  changes: z
    .array(
      z.object({
        kind: sharedRowKind,
        key: rowKey,
        /** The version this change was made from; 0 for a new row. */
        baseVersion: z.number().int().nonnegative(),
        body: z.unknown(),
        deleted: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(MAX_SHARED_PUSH_CHANGES),
})
const sharedPushResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('applied'), version: z.number().int().positive(), change }),
  z.object({ status: z.literal('conflict'), current: sharedRow }),
])
export type SharedPushResult = z.infer<typeof sharedPushResult>
export const sharedBooksPushOutput = z.object({ results: z.array(sharedPushResult) })

export const sharedBooksAppendExportInput = sharedBooksStoreInput.extend({
  destinationId,
  /** The head seq the export was planned from; 0 when the destination's log was empty. */
  expectedSeq: seq,
  batchId,
  by: pcName,
  /** The batch and its pages, JSON. */
  batch: z.unknown(),
})
export const sharedAppendResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('committed'), seq: seq, change }),
  z.object({ status: z.literal('behind'), headSeq: seq }),
  z.object({ status: z.literal('already-committed'), seq: seq }),
])
export type SharedAppendResult = z.infer<typeof sharedAppendResult>

/**
 * The most UTF-16 units of JSON text one staged part carries: even at six bytes a unit (a control
 * character written as \u0000) the call stays under the browser shell's 1 MiB.
 */
export const SHARED_PART_CHARS = 100_000

const uploadId = z.string().min(1).max(100)

export const sharedBooksStagePartInput = sharedBooksStoreInput.extend({
  uploadId,
  part: z.number().int().nonnegative(),
  text: z.string().max(SHARED_PART_CHARS),
})

export const sharedBooksAppendStagedInput = sharedBooksStoreInput.extend({
  uploadId,
  /** How many parts were staged, numbered from 0. */
  parts: z.number().int().positive(),
  by: pcName,
})
export const sharedBooksAppendStagedOutput = z.object({ results: z.array(sharedAppendResult) })

export const sharedBooksHistoryInput = sharedBooksStoreInput.extend({
  limit: z.number().int().min(1).max(200),
})
const historyItem = z.object({
  kind: z.string(),
  key: z.string(),
  version: z.number().int(),
  deleted: z.boolean(),
  by: z.string(),
  at: z.number(),
  batch: z.object({ destinationId: z.string(), seq: z.number(), entries: z.number() }).nullable(),
  /**
   * What the change did where its kind alone does not say: a cash movement that `corrected` or
   * `cancelled` another, a count's last step (`reconciled`, `reopened`); else null.
   */
  action: z.string().max(40).nullable(),
})
export type SharedHistoryItem = z.infer<typeof historyItem>
export const sharedBooksHistoryOutput = z.object({ items: z.array(historyItem) })

export const sharedBooksExportLogInput = sharedBooksStoreInput.extend({
  destinationId,
  afterSeq: seq,
})
export const sharedBooksExportLogOutput = z.object({
  entries: z.array(
    z.object({ seq: seq, batchId: z.string(), batch: z.unknown(), by: z.string(), at: z.number() }),
  ),
})

export const sharedBooksChangedEvent = z.object({ profileId, storeId: z.string(), change })
export const sharedBooksStatusEvent = sharedBooksStatus.extend({ profileId })
