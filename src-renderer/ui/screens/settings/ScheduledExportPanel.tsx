import { useEffect, useId, useState, type FormEvent } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import type {
  ScheduledExportSettings,
  ScheduledExportState,
} from '../../../../src-shared/bridge/contract'
import { useActiveConnection, useFormatMoment } from '../../hooks/use-active-connection'
import { useBridge } from '../../hooks/bridge-context'
import { latestSessionClose } from '../../../sessions'
import { nextNightly, startingWatermark } from '../../../exports'
import { listDestinations } from '../../../exports'
import { SaveFooter, type SaveMessage } from './SaveFooter'
import { ScheduleTriggerField } from './ScheduleTriggerField'

const DEFAULTS: ScheduledExportSettings = {
  enabled: false,
  trigger: { kind: 'session-close' },
  what: 'journal-csv',
  folder: '',
}

function LastRun({ state }: { state: ScheduledExportState }): React.JSX.Element {
  const moment = useFormatMoment()
  const run = state.lastRun
  if (!run) return <p className="muted">No scheduled export has run yet.</p>
  const when = moment(run.at)
  if (run.ok)
    return (
      <p role="status" aria-label="Last scheduled export">
        Last run {when}: {run.message}
      </p>
    )
  return (
    <p role="alert" className="error" aria-label="Last scheduled export">
      Last run {when} failed: {run.message} Till tries again at the next trigger; nothing is
      exported twice.
    </p>
  )
}

/** The active connection's scheduled export: when, what, into which folder, and its last run. */
export function ScheduledExportPanel(): React.JSX.Element | null {
  const bridge = useBridge()
  const state = useActiveConnection()
  const moment = useFormatMoment()
  const connection = state.status === 'ready' ? state.connection : null
  const id = useId()
  const [schedule, setSchedule] = useState<ScheduledExportState | null>(null)
  const [form, setForm] = useState<ScheduledExportSettings>(DEFAULTS)
  const [canChoose, setCanChoose] = useState(false)
  const [message, setMessage] = useState<SaveMessage | null>(null)
  const profileId = connection?.profile.id
  const db = connection?.db
  const scheduledExports = connection?.scheduledExports
  const destinations = useLiveQuery(async () => (db ? listDestinations(db) : []), [db])

  useEffect(() => {
    if (!profileId) return
    bridge.call('exports.schedule.get', { profileId }).then(
      (loaded) => {
        setSchedule(loaded)
        setForm(loaded.settings ?? DEFAULTS)
      },
      (error: Error) => setMessage({ ok: false, text: error.message }),
    )
    bridge.call('app.info').then(
      (info) => setCanChoose(info.shell === 'electron'),
      () => setCanChoose(false),
    )
    return scheduledExports?.onRun(setSchedule)
  }, [bridge, profileId, scheduledExports])

  if (!connection || !schedule) return null

  const save = (event: FormEvent): void => {
    event.preventDefault()
    setMessage(null)
    void (async () => {
      const watermark = startingWatermark(new Date(), await latestSessionClose(connection.db))
      const saved = await bridge.call('exports.schedule.save', {
        profileId: connection.profile.id,
        settings: form,
        watermark,
      })
      setSchedule(saved)
      setForm(saved.settings ?? form)
      setMessage({
        ok: true,
        text: saved.settings?.enabled
          ? `Saved: new entries go to ${saved.settings.folder}.`
          : 'Saved: the scheduled export is off.',
      })
    })().catch((error: Error) => setMessage({ ok: false, text: error.message }))
  }

  const chooseFolder = (): void => {
    bridge.call('exports.schedule.chooseFolder').then(
      ({ folder }) => folder && setForm({ ...form, folder }),
      (error: Error) => setMessage({ ok: false, text: error.message }),
    )
  }

  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>Scheduled export for “{connection.profile.name}”</h2>
      <p className="muted">
        Writes the journal entries that are new since the last export into a folder, after each
        register session closes or every night, while Till is open.
      </p>
      <form className="connection-form" onSubmit={save} noValidate>
        <label>
          <input
            type="checkbox"
            checked={form.enabled}
            onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
          />{' '}
          Export on a schedule
        </label>
        <ScheduleTriggerField
          id={id}
          trigger={form.trigger}
          onChange={(trigger) => setForm({ ...form, trigger })}
        />
        <label htmlFor={`${id}-destination`}>Scheduled destination</label>
        <select
          id={`${id}-destination`}
          value={form.destinationId ?? form.what}
          onChange={(e) => {
            const chosen = destinations?.find((d) => d.id === e.target.value)
            if (chosen) setForm({ ...form, what: chosen.format, destinationId: chosen.id })
          }}
        >
          {(destinations ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-folder`}>Export folder</label>
        <input
          id={`${id}-folder`}
          value={form.folder}
          placeholder={
            canChoose ? 'Choose the folder' : 'The full path of a folder inside your home folder'
          }
          readOnly={canChoose}
          onChange={(e) => setForm({ ...form, folder: e.target.value })}
        />
        {canChoose && (
          <button type="button" onClick={chooseFolder}>
            Choose folder…
          </button>
        )}
        <SaveFooter label="Save scheduled export" message={message} />
      </form>
      {schedule.settings?.enabled && schedule.settings.trigger.kind === 'nightly' && (
        <p className="muted">
          Next run: {moment(nextNightly(new Date(), schedule.settings.trigger.time).getTime())}.
        </p>
      )}
      <LastRun state={schedule} />
    </section>
  )
}
