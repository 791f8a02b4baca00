import { useEffect, useId, useState, type FormEvent } from 'react'
import { useActiveConnection } from '../../hooks/use-active-connection'
import { readSchedule, saveSchedule, SCHEDULE_LIMITS } from '../../../sync'
import { SaveFooter, type SaveMessage } from './SaveFooter'

/** How often the active connection is swept, and how far back the daily deep sweep reaches. */
export function SyncSchedulePanel(): React.JSX.Element | null {
  const state = useActiveConnection()
  const id = useId()
  const [form, setForm] = useState<{ sweepMinutes: string; deepSweepDays: string } | null>(null)
  const [message, setMessage] = useState<SaveMessage | null>(null)
  const connection = state.status === 'ready' ? state.connection : null

  useEffect(() => {
    if (!connection) return
    void readSchedule(connection.db).then((s) =>
      setForm({ sweepMinutes: String(s.sweepMinutes), deepSweepDays: String(s.deepSweepDays) }),
    )
  }, [connection])

  if (!connection || !form) return null
  const save = (event: FormEvent): void => {
    event.preventDefault()
    setMessage(null)
    saveSchedule(connection.db, {
      sweepMinutes: Number(form.sweepMinutes),
      deepSweepDays: Number(form.deepSweepDays),
    })
      .then(() => connection.sync.reschedule())
      .then((s) =>
        setMessage({
          ok: true,
          text: `Saved: a sweep every ${s.sweepMinutes} minutes; the daily deep sweep re-reads ${s.deepSweepDays} days.`,
        }),
      )
      .catch((error: Error) => setMessage({ ok: false, text: error.message }))
  }
  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>Sync schedule for “{connection.profile.name}”</h2>
      <form className="connection-form" onSubmit={save} noValidate>
        <label htmlFor={`${id}-sweep`}>Sweep every (minutes)</label>
        <input
          id={`${id}-sweep`}
          type="number"
          min={SCHEDULE_LIMITS.sweepMinutes[0]}
          max={SCHEDULE_LIMITS.sweepMinutes[1]}
          value={form.sweepMinutes}
          onChange={(e) => setForm({ ...form, sweepMinutes: e.target.value })}
        />
        <label htmlFor={`${id}-deep`}>Deep sweep covers (days)</label>
        <input
          id={`${id}-deep`}
          type="number"
          min={SCHEDULE_LIMITS.deepSweepDays[0]}
          max={SCHEDULE_LIMITS.deepSweepDays[1]}
          value={form.deepSweepDays}
          onChange={(e) => setForm({ ...form, deepSweepDays: e.target.value })}
        />
        <SaveFooter label="Save schedule" message={message} />
      </form>
    </section>
  )
}
