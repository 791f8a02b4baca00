import { z } from 'zod'
import type { TillDatabase } from '../../database/database'
import type { CountDraft, CountDraftFields } from '../../database/cached-records'

/**
 * A drawer count being typed, kept per session until it is confirmed (the confirm deletes it in
 * its own transaction) or discarded: navigating away, a reload or a crash loses none of it.
 * The fields are kept as typed, invalid ones too: a draft is what was on screen. A draft kept
 * while the count form still had an opening float field reads back without it (the float is a
 * cash movement now).
 */

const text = z.string().max(2_000)
const key = z.string().max(200)

const draftSchema = z.object({
  sessionId: z.string(),
  savedAt: z.number(),
  fields: z.object({
    countedCash: text,
    countedByMethod: z.record(key, text),
    countedBy: text,
    note: text,
    pieces: z.record(key, text),
  }),
}) satisfies z.ZodType<CountDraft>

export const NO_DRAFT_FIELDS: CountDraftFields = {
  countedCash: '',
  countedByMethod: {},
  countedBy: '',
  note: '',
  pieces: {},
}

const blank = (fields: CountDraftFields): boolean =>
  [fields.countedCash, fields.countedBy, fields.note]
    .concat(Object.values(fields.countedByMethod), Object.values(fields.pieces))
    .every((value) => value.trim() === '')

/** A session's draft; none when it has none, or when what is stored is not a draft Till wrote. */
export async function loadCountDraft(
  db: TillDatabase,
  sessionId: string,
): Promise<CountDraft | null> {
  const parsed = draftSchema.safeParse(await db.countDrafts.get(sessionId))
  return parsed.success ? parsed.data : null
}

/** Keeps what the fields hold now; fields all blank leave no draft behind. */
export async function saveCountDraft(
  db: TillDatabase,
  sessionId: string,
  fields: CountDraftFields,
  now: number,
): Promise<void> {
  if (blank(fields)) await db.countDrafts.delete(sessionId)
  else await db.countDrafts.put({ sessionId, savedAt: now, fields })
}

/** Lets a session's draft go: the manager discarded it, or its count was confirmed. */
export async function discardCountDraft(db: TillDatabase, sessionId: string): Promise<void> {
  await db.countDrafts.delete(sessionId)
}
