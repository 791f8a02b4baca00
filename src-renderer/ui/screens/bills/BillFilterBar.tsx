import { useLiveQuery } from 'dexie-react-hooks'
import { knownPaymentMethods } from '../../../sessions'
import type { TillDatabase } from '../../../database/database'
import type { RegisterSession } from '../../../database/cached-records'
import { Combobox } from '../../components/combobox/Combobox'
import { FilterChoice } from '../../components/filters/FilterChoice'
import { useLocationNames } from '../../../settings'
import { locationLabel } from '../../../format/location-label'
import { NO_FILTER, type BillFilterForm } from './bill-filter-form'
import { methodLabel } from '../../../format/labels'
import { PAYMENT_STATE_LABELS, TYPE_LABELS } from './bill-labels'

export function BillFilterBar({
  db,
  timeZone,
  sessions,
  sessionName,
  form,
  onChange,
}: {
  db: TillDatabase
  timeZone: string
  /** Newest first. */
  sessions: readonly Pick<RegisterSession, 'id' | 'locationId'>[] | undefined
  sessionName: (id: string) => string
  form: BillFilterForm
  onChange: (form: BillFilterForm) => void
}): React.JSX.Element {
  const methods = useLiveQuery(() => knownPaymentMethods(db), [db])
  const locations = [...new Set((sessions ?? []).map((s) => s.locationId))].sort()
  const names = useLocationNames(db)
  const set = (field: keyof BillFilterForm) => (value: string) => {
    const next = { ...form, [field]: value }
    // A session belongs to one location: choosing another location forgets the session.
    const session = sessions?.find((s) => s.id === form.session)
    if (field === 'location' && value !== '' && session && session.locationId !== value)
      next.session = ''
    onChange(next)
  }
  const choice = (
    field: keyof BillFilterForm,
    label: string,
    options: ReadonlyArray<readonly [string, string]>,
  ) => (
    <FilterChoice
      className="bill-filter"
      label={label}
      value={form[field]}
      options={options}
      onChange={set(field)}
    />
  )
  const sessionOptions = (sessions ?? [])
    .filter((s) => form.location === '' || s.locationId === form.location)
    .map((s): [string, string] => [s.id, sessionName(s.id)])

  return (
    <fieldset className="bill-filters">
      <legend>Filter bills</legend>
      <label className="bill-filter">
        <span>From</span>
        <input type="date" value={form.from} onChange={(e) => set('from')(e.target.value)} />
      </label>
      <label className="bill-filter">
        <span>To</span>
        <input type="date" value={form.to} onChange={(e) => set('to')(e.target.value)} />
      </label>
      {choice(
        'location',
        'Location',
        locations.map((id) => [id, locationLabel(id, names)]),
      )}
      <Combobox
        className="bill-filter"
        label="Session"
        value={form.session}
        options={sessionOptions}
        onChange={set('session')}
      />
      {choice('type', 'Type', Object.entries(TYPE_LABELS))}
      {choice(
        'method',
        'Payment method',
        (methods ?? []).map((m) => [String(m), methodLabel(String(m))]),
      )}
      {choice('state', 'Payment state', Object.entries(PAYMENT_STATE_LABELS))}
      <label className="bill-filter">
        <span>Bill number</span>
        <input
          type="search"
          value={form.number}
          placeholder="Starts with…"
          onChange={(e) => set('number')(e.target.value)}
        />
      </label>
      <p className="muted bill-filter-note">
        Dates are merchant dates ({timeZone}), both included.
      </p>
      <button type="button" onClick={() => onChange(NO_FILTER)}>
        Clear filters
      </button>
    </fieldset>
  )
}
