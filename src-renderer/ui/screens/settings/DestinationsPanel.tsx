import { useLiveQuery } from 'dexie-react-hooks'
import { formatBusinessDate } from '../../../format/time'
import { useId, useState, type FormEvent } from 'react'
import { useActiveConnection } from '../../hooks/use-active-connection'
import type { TillDatabase } from '../../../database/database'
import {
  addDestination,
  chooseMapping,
  currentGranularity,
  listDestinations,
  lockDestination,
  renameDestination,
} from '../../../exports'
import { type Destination } from '../../../exports'
import type { JournalFormat } from '../../../exports'
import { JOURNAL_FORMATS } from '../../../exports'
import { FORMAT_LABELS } from '../exports/export-labels'
import { TableHead } from '../../components/money-table/TableHead'
import { SaveFooter, type SaveMessage } from './SaveFooter'

function DestinationRow({
  db,
  destination,
  onError,
  onSaved,
}: {
  db: TillDatabase
  destination: Destination
  onError(message: string | null): void
  onSaved(message: string): void
}): React.JSX.Element {
  const [name, setName] = useState(destination.name)
  const rename = (event: FormEvent): void => {
    event.preventDefault()
    onError(null)
    renameDestination(db, destination.id, name).catch((e: Error) => onError(e.message))
  }
  const choose = (mapping: 'shared' | 'own'): void => {
    onError(null)
    chooseMapping(db, destination.id, mapping).then(
      (chosen) =>
        onSaved(
          mapping === 'own'
            ? `${chosen.name} posts with its own account mapping: edit it in Account mapping, under “Mapping for”. Entries already exported stay as they are.`
            : `${chosen.name} posts with the shared account mapping. Entries already exported stay as they are.`,
        ),
      (e: Error) => onError(e.message),
    )
  }
  const [lock, setLock] = useState(destination.lockedThrough ?? '')
  const unlocking = lock === '' && destination.lockedThrough !== undefined
  const saveLock = (event: FormEvent): void => {
    event.preventDefault()
    onError(null)
    lockDestination(db, destination.id, lock === '' ? null : lock).then(
      (locked) =>
        onSaved(
          locked.lockedThrough
            ? `${locked.name} is locked through ${formatBusinessDate(locked.lockedThrough)}: exports date nothing on or before it; what they post for those days is dated the day after.`
            : `${locked.name} is not locked.`,
        ),
      (e: Error) => onError(e.message),
    )
  }
  return (
    <tr>
      <td>
        <form onSubmit={rename} className="inline-form">
          <input
            aria-label={`Name of ${destination.name}`}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />{' '}
          <button type="submit" disabled={name.trim() === destination.name}>
            Rename
          </button>
        </form>
      </td>
      <td>{FORMAT_LABELS[destination.format]}</td>
      <td>{currentGranularity(destination) === 'bill' ? 'Per bill' : 'Per session summary'}</td>
      <td>
        {destination.postedThrough ? formatBusinessDate(destination.postedThrough) : 'Nothing yet'}
      </td>
      <td>
        <form onSubmit={saveLock} className="inline-form">
          <input
            type="date"
            aria-label={`Lock date of ${destination.name}`}
            value={lock}
            onChange={(e) => setLock(e.target.value)}
          />{' '}
          <button
            type="submit"
            aria-label={`${unlocking ? 'Unlock' : 'Lock'} ${destination.name}`}
            disabled={lock === (destination.lockedThrough ?? '')}
          >
            {unlocking ? 'Unlock' : 'Lock'}
          </button>
        </form>
      </td>
      <td>
        <select
          aria-label={`Account mapping of ${destination.name}`}
          value={destination.mapping === 'own' ? 'own' : 'shared'}
          onChange={(e) => choose(e.target.value as 'shared' | 'own')}
        >
          <option value="shared">Shared</option>
          <option value="own">Its own</option>
        </select>
      </td>
    </tr>
  )
}

/**
 * The sets of books Till posts into (docs/ledger.md#destinations). Each journal format is one out
 * of the box; a bookkeeper adds more (two Xero organisations, a test file) and names them. Each
 * keeps its own export log, and posts with the shared account mapping or one of its own; its
 * granularity is switched on the Exports screen.
 */
export function DestinationsPanel(): React.JSX.Element | null {
  const state = useActiveConnection()
  const connection = state.status === 'ready' ? state.connection : null
  const db = connection?.db
  const id = useId()
  const destinations = useLiveQuery(async () => (db ? listDestinations(db) : undefined), [db])
  const [name, setName] = useState('')
  const [format, setFormat] = useState<JournalFormat>('xero')
  const [message, setMessage] = useState<SaveMessage | null>(null)

  if (!db || !destinations) return null

  const add = (event: FormEvent): void => {
    event.preventDefault()
    setMessage(null)
    addDestination(db, name, format).then(
      (added) => {
        setName('')
        setMessage({ ok: true, text: `Added ${added.name}: it starts with an empty export log.` })
      },
      (e: Error) => setMessage({ ok: false, text: e.message }),
    )
  }

  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>Destinations</h2>
      <p className="muted">
        Each destination is one set of books with its own export log: an export posts to it only
        what it does not hold yet. Add one for a second organisation or a test file. A destination
        posts with the shared account mapping, or with its own when its books have another chart of
        accounts.
      </p>
      <table aria-label="Destinations">
        <TableHead
          columns={[
            'Name',
            'Format',
            'Granularity',
            'Posted through',
            'Locked through',
            'Account mapping',
          ]}
        />
        <tbody>
          {destinations.map((d) => (
            <DestinationRow
              key={`${d.id} ${d.name}`}
              db={db}
              destination={d}
              onError={(text) => setMessage(text === null ? null : { ok: false, text })}
              onSaved={(text) => setMessage({ ok: true, text })}
            />
          ))}
        </tbody>
      </table>
      <form className="connection-form" onSubmit={add} aria-label="Add a destination">
        <label htmlFor={`${id}-name`}>Destination name</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${id}-format`}>Destination format</label>
        <select
          id={`${id}-format`}
          value={format}
          onChange={(e) => setFormat(e.target.value as JournalFormat)}
        >
          {JOURNAL_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
        <SaveFooter label="Add destination" message={message} />
      </form>
    </section>
  )
}
