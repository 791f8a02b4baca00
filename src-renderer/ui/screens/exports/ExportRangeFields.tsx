import type { TillDatabase } from '../../../database/database'
import type { Destination } from '../../../exports'
import { CSV_TABLES } from '../../../exports'
import { locationLabel, type LocationNames } from '../../../format/location-label'
import { FORMAT_LABELS } from './export-labels'
import { GranularitySwitch } from './GranularitySwitch'
import { RangeChoiceField } from './RangeChoiceField'
import type { ExportForm } from './use-export-form'

/** Where the export goes: a journal destination, by name, or one of the CSV tables. */
function DestinationField({
  id,
  form,
  destinations,
  disabled,
}: {
  id: string
  form: ExportForm
  destinations: Destination[] | undefined
  disabled: boolean
}): React.JSX.Element {
  return (
    <span className="filter">
      <label htmlFor={id}>Format</label>
      <select
        id={id}
        value={form.choice}
        // Chosen before the kept choice is read, the default would give way to it.
        disabled={disabled || !form.ready}
        onChange={(e) => form.chooseDestination(e.target.value)}
      >
        <optgroup label="Journals, by destination">
          {(destinations ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {d.name} ({FORMAT_LABELS[d.format]})
            </option>
          ))}
        </optgroup>
        <optgroup label="CSV tables">
          {CSV_TABLES.map((t) => (
            <option key={t} value={t}>
              {FORMAT_LABELS[t]}
            </option>
          ))}
        </optgroup>
      </select>
    </span>
  )
}

/**
 * The Exports form's choices: the destination, how the range is chosen and its dates, the
 * location, and for a journal its granularity. Each choice is kept per destination (`form`).
 */
export function ExportRangeFields({
  id,
  db,
  form,
  destinations,
  destination,
  locations,
  locationId,
  names,
  disabled,
  onSwitchGranularity,
}: {
  id: string
  db: TillDatabase
  form: ExportForm
  destinations: Destination[] | undefined
  /** The destination chosen; none for a CSV table. */
  destination: Destination | undefined
  locations: string[] | undefined
  /** The location chosen, '' for every location. */
  locationId: string
  names: LocationNames
  disabled: boolean
  onSwitchGranularity(): void
}): React.JSX.Element {
  const { choices, from, to } = form
  return (
    <div className="filters" role="group" aria-label="Export range">
      <DestinationField
        id={`${id}-format`}
        form={form}
        destinations={destinations}
        disabled={disabled}
      />
      <RangeChoiceField
        id={`${id}-dates`}
        range={choices.range}
        offeredLabel={destination ? `Not yet exported to ${destination.name}` : 'Default'}
        from={from}
        to={to}
        disabled={disabled}
        onChoose={(range) => form.choose({ ...choices, range })}
      />
      <span className="filter">
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="date"
          value={from}
          disabled={disabled}
          onChange={(e) =>
            form.choose({ ...choices, range: { mode: 'custom', from: e.target.value, to } })
          }
        />
      </span>
      <span className="filter">
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="date"
          value={to}
          disabled={disabled}
          onChange={(e) =>
            form.choose({ ...choices, range: { mode: 'custom', from, to: e.target.value } })
          }
        />
      </span>
      <span className="filter">
        <label htmlFor={`${id}-location`}>Location</label>
        <select
          id={`${id}-location`}
          value={locationId}
          disabled={disabled}
          onChange={(e) => form.choose({ ...choices, locationId: e.target.value })}
        >
          <option value="">All locations</option>
          {(locations ?? []).map((l) => (
            <option key={l} value={l}>
              {locationLabel(l, names)}
            </option>
          ))}
        </select>
      </span>
      {destination && (
        <GranularitySwitch
          key={destination.id}
          db={db}
          destination={destination}
          disabled={disabled}
          onSwitch={onSwitchGranularity}
        />
      )}
    </div>
  )
}
