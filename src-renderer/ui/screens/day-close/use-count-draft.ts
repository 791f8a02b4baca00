import { useEffect, useRef, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import type { CountDraftFields } from '../../../database/cached-records'
import {
  discardCountDraft,
  loadCountDraft,
  NO_DRAFT_FIELDS,
  saveCountDraft,
} from '../../../day-close'

export interface CountDraftState {
  /** The session's draft has been read: until then the form is not shown, so nothing typed is lost. */
  loaded: boolean
  fields: CountDraftFields
  /** When the draft this form was restored from was last changed, and when it was read. */
  restored: { savedAt: number; readAt: number } | null
  /** No draft was kept, and the fields start from the count a reopen set aside. */
  fromReplaced: boolean
  /** Saving the draft failed: what typed since may be lost on a reload. */
  problem: string | null
  change: (update: (fields: CountDraftFields) => CountDraftFields) => void
  discard: () => void
}

/**
 * The count form's fields, kept in the cache as a draft of the session at every change. With no
 * draft kept they start from `start` (JSON of the fields: the count a recount replaces), if any,
 * as it was when the form opened.
 */
export function useCountDraft(
  db: TillDatabase,
  sessionId: string,
  start: string | null,
): CountDraftState {
  const [loaded, setLoaded] = useState(false)
  const [fromReplaced, setFromReplaced] = useState(false)
  // Taken once, as the form opens: a later render never resets what is being typed.
  const [startText] = useState(start)
  const [fields, setFields] = useState<CountDraftFields>(NO_DRAFT_FIELDS)
  const [restored, setRestored] = useState<CountDraftState['restored']>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const current = useRef(fields)

  useEffect(() => {
    let live = true
    const startFields = startText === null ? null : (JSON.parse(startText) as CountDraftFields)
    loadCountDraft(db, sessionId).then(
      (draft) => {
        if (!live) return
        current.current = draft?.fields ?? startFields ?? NO_DRAFT_FIELDS
        setFields(current.current)
        setFromReplaced(!draft && startFields !== null)
        setRestored(draft ? { savedAt: draft.savedAt, readAt: Date.now() } : null)
        setLoaded(true)
      },
      (error: Error) => {
        if (!live) return
        setProblem(`Till could not read the saved draft: ${error.message}`)
        setLoaded(true)
      },
    )
    return () => {
      live = false
    }
  }, [db, sessionId, startText])

  const keep = (next: CountDraftFields): void => {
    current.current = next
    setFields(next)
    saveCountDraft(db, sessionId, next, Date.now()).then(
      () => setProblem(null),
      (error: Error) => setProblem(`Till could not keep this draft: ${error.message}`),
    )
  }
  return {
    loaded,
    fields,
    restored,
    fromReplaced,
    problem,
    change: (update) => keep(update(current.current)),
    discard: () => {
      current.current = NO_DRAFT_FIELDS
      setFields(NO_DRAFT_FIELDS)
      setRestored(null)
      setFromReplaced(false)
      discardCountDraft(db, sessionId).catch((error: Error) =>
        setProblem(`Till could not discard the draft: ${error.message}`),
      )
    },
  }
}
