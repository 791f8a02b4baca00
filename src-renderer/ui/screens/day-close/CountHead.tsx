import { formatClock, formatDateTime } from '../../../format/time'
import type { CountDraftState } from './use-count-draft'

function DraftNotice({
  savedAt,
  readAt,
  timeZone,
  onDiscard,
}: {
  savedAt: number
  /** When the draft was read: a draft of an earlier day says its date. */
  readAt: number
  timeZone: string
  onDiscard: () => void
}): React.JSX.Element {
  const day = (at: number): string => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at)
  const when =
    day(savedAt) === day(readAt)
      ? formatClock(savedAt, timeZone)
      : formatDateTime(savedAt, timeZone)
  return (
    <p className="draft-notice notice">
      Draft from {when}, kept.{' '}
      <button type="button" onClick={onDiscard}>
        Discard draft
      </button>
    </p>
  )
}

/**
 * The count's title, with the draft it was restored from (to discard), the count a recount starts
 * from (to count from blank instead), or why the draft failed.
 */
export function CountHead({
  draft,
  timeZone,
}: {
  draft: CountDraftState
  timeZone: string
}): React.JSX.Element {
  return (
    <div className="count-head">
      <h3>Count the drawer</h3>
      {draft.restored && (
        <DraftNotice {...draft.restored} timeZone={timeZone} onDiscard={draft.discard} />
      )}
      {draft.fromReplaced && (
        <p className="notice recount-start">
          Starts from the count it replaces: correct what differs.{' '}
          <button type="button" onClick={draft.discard}>
            Count from blank
          </button>
        </p>
      )}
      {draft.problem && (
        <p role="alert" className="error">
          {draft.problem}
        </p>
      )}
    </div>
  )
}
