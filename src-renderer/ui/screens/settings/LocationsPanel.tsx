import { useEffect, useId, useState, type FormEvent } from 'react'
import { useActiveConnection } from '../../hooks/use-active-connection'
import { loadLocationNames, saveLocationName } from '../../../settings'
import { knownLocations } from '../../../database/locations'
import { SaveFooter, type SaveMessage } from './SaveFooter'

/**
 * Settings → Locations: a name for each location id the shop's data shows (the Apps API gives
 * none). Each field is "Location name", inside a group named after the id it names.
 */
export function LocationsPanel(): React.JSX.Element | null {
  const state = useActiveConnection()
  const id = useId()
  const [form, setForm] = useState<{ locationId: string; name: string }[] | null>(null)
  const [message, setMessage] = useState<SaveMessage | null>(null)
  const connection = state.status === 'ready' ? state.connection : null

  useEffect(() => {
    if (!connection) return
    const { db } = connection
    void Promise.all([knownLocations(db), loadLocationNames(db)]).then(([locations, names]) =>
      setForm(locations.map((locationId) => ({ locationId, name: names[locationId] ?? '' }))),
    )
  }, [connection])

  if (!connection || !form) return null
  const save = (event: FormEvent): void => {
    event.preventDefault()
    setMessage(null)
    Promise.all(form.map((row) => saveLocationName(connection.db, row.locationId, row.name)))
      .then(() => setMessage({ ok: true, text: 'Location names saved.' }))
      .catch((error: Error) => setMessage({ ok: false, text: error.message }))
  }
  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>Locations</h2>
      <p className="muted">
        The POS service knows your locations by number only. Name them once here: Till shows the
        name on every screen and in every export (Xero’s tracking option, QuickBooks’ Location, a
        tag in hledger/ledger and beancount, a column in the journal CSV).
      </p>
      {form.length === 0 ? (
        <p className="empty-state">No location in this connection’s data yet.</p>
      ) : (
        <form className="locations-form" onSubmit={save} noValidate>
          {form.map((row, i) => (
            <fieldset key={row.locationId}>
              <legend>Location {row.locationId}</legend>
              <input
                aria-label="Location name"
                value={row.name}
                maxLength={100}
                placeholder={`Location ${row.locationId}`}
                onChange={(e) =>
                  setForm(form.map((r, j) => (j === i ? { ...r, name: e.target.value } : r)))
                }
              />
            </fieldset>
          ))}
          <SaveFooter label="Save location names" message={message} />
        </form>
      )}
    </section>
  )
}
