import { z } from 'zod'

/**
 * The kinds of failure that cross the bridge as values. Each one maps to a named error class in
 * main (src-main/till-errors.ts) and to a sentence the renderer can show.
 */
const bridgeErrorKind = z.enum([
  'validation',
  'unknown_channel',
  'auth',
  'scope',
  'install_inactive',
  'network',
  'service',
  'keychain',
  'not_found',
  /** The shared books' database did not answer; the error carries `lastReachedAt`. */
  'shared_books_unreachable',
  /** The shared books' database answered but refused the change (its disk is full). */
  'shared_books_refused',
  'internal',
])
export type BridgeErrorKind = z.infer<typeof bridgeErrorKind>

const bridgeError = z.object({
  kind: bridgeErrorKind,
  message: z.string(),
  /** Field paths and reasons for `validation`; the missing scope for `scope`. */
  details: z.array(z.string()).optional(),
  /** For `shared_books_unreachable`: when the database last answered (epoch ms), if ever. */
  lastReachedAt: z.number().nullable().optional(),
})
export type BridgeError = z.infer<typeof bridgeError>

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError }

export const bridgeResult = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: bridgeError }),
])
