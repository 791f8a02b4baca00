import { useId, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import { reopenSession, ReconcileError } from '../../../day-close'

const FIELDS = [
  { name: 'by', label: 'Reopened by (name or initials)', maxLength: 80 },
  { name: 'reason', label: 'Why reopen', maxLength: 200 },
] as const

/**
 * Undoes a confirm, saying who and why. Reopen is never disabled: what the job refuses (no
 * name, no reason) is said beside the form and describes its fields.
 */
export function ReopenForm({
  db,
  sessionId,
  label,
}: {
  db: TillDatabase
  sessionId: string
  /** The session's name (`sessionLabel`), in the form's name. */
  label: string
}): React.JSX.Element {
  const [values, setValues] = useState({ by: '', reason: '' })
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  const problemId = `${id}-problem`
  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault()
    setProblem(null)
    try {
      await reopenSession(db, { sessionId, ...values })
    } catch (error) {
      setProblem(error instanceof ReconcileError ? error.message : String(error))
    }
  }
  return (
    <form
      className="reopen-form"
      aria-label={`Reopen session ${label}`}
      onSubmit={(e) => void submit(e)}
    >
      {FIELDS.map((field) => (
        <span key={field.name} className="reopen-field">
          <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
          <input
            id={`${id}-${field.name}`}
            autoComplete="off"
            maxLength={field.maxLength}
            value={values[field.name]}
            aria-describedby={problem ? problemId : undefined}
            onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
          />
        </span>
      ))}
      <button type="submit" className="danger">
        Reopen
      </button>
      {problem && (
        <p role="alert" className="error" id={problemId}>
          {problem}
        </p>
      )}
    </form>
  )
}
