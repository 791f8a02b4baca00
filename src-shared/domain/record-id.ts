import { z } from 'zod'

// C0 controls, DEL and C1 controls: never part of an id a person could read.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/**
 * Why a service record id cannot be used in a request path, or null when it can: `.` and `..`
 * are dot-segments that URL normalisation resolves (`/sales/bills/..` is `/sales/`), and a
 * control character (a NUL, a newline) has no place in an id.
 */
export function recordIdProblem(id: string): string | null {
  if (id === '.' || id === '..') return `“${id}” is a path dot-segment, not an id`
  if (CONTROL.test(id)) return 'an id may not contain control characters'
  return null
}

/** A record id as the bridge accepts it, to be placed in a request path. */
export const recordId = z
  .string()
  .min(1)
  .max(200)
  .superRefine((id, ctx) => {
    const problem = recordIdProblem(id)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
