import { useLiveQuery } from 'dexie-react-hooks'
import { useId, useState, type FormEvent } from 'react'
import type { TillDatabase } from '../../../database/database'
import { markPaperClosed, paperClosedThrough } from '../../../sessions'
import { formatBusinessDate } from '../../../format/time'

/**
 * Days the shop closed on paper before it counted in Till: marked through a date, their sessions
 * are no longer listed to count, so "to count" shows what is truly left.
 */
export function PaperClosed({ db }: { db: TillDatabase }): React.JSX.Element | null {
  const through = useLiveQuery(() => paperClosedThrough(db), [db])
  const [date, setDate] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  if (through === undefined) return null
  const mark = (value: string | null) => (event?: FormEvent) => {
    event?.preventDefault()
    setProblem(null)
    markPaperClosed(db, value).then(
      () => setDate(''),
      (error: Error) => setProblem(error.message),
    )
  }
  return (
    <form className="paper-closed filters" onSubmit={mark(date)}>
      {through !== null && (
        <p className="muted">
          Days through {formatBusinessDate(through)} were closed on paper: their sessions are not
          listed to count.{' '}
          <button type="button" onClick={mark(null)}>
            List them again
          </button>
        </p>
      )}
      <span className="filter">
        <label htmlFor={`${id}-date`}>Closed on paper through</label>{' '}
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />{' '}
        <button type="submit" disabled={date === ''}>
          Mark closed on paper
        </button>
      </span>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
    </form>
  )
}
