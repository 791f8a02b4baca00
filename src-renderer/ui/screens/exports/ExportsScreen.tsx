import { useLiveQuery } from 'dexie-react-hooks'
import { useId, useState } from 'react'
import type { ActiveConnection } from '../../../settings'
import { listDestinations } from '../../../exports'
import type { ExportRange } from '../../../exports'
import { exportBatches, type CsvTable, type ExportWhat } from '../../../exports'
import { knownLocations } from '../../../database/locations'
import { useLocationNames } from '../../../settings'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { ConnectionGate } from '../ConnectionGate'
import { count } from './export-labels'
import { ExportLog } from './ExportLog'
import { ExportPlanNotes } from './ExportPlanNotes'
import { ExportRangeFields } from './ExportRangeFields'
import { ExportResult } from './ExportResult'
import { useExportForm } from './use-export-form'
import { useExportRun } from './use-export-run'

/**
 * The Exports screen: the form (what goes where, over which days: the range; what it would do:
 * the plan), the export's result, and the log of exports made.
 */
function Exports({ connection }: { connection: ActiveConnection }): React.JSX.Element {
  const { db, profile } = connection
  const currency = profile.currency
  const id = useId()
  const [includeOpen, setIncludeOpen] = useState(false)
  const locations = useLiveQuery(() => knownLocations(db), [db])
  const batches = useLiveQuery(() => exportBatches(db), [db])
  const destinations = useLiveQuery(() => listDestinations(db), [db])
  const timeZone = effectiveTimeZone(profile)
  const run = useExportRun(connection, timeZone)
  // A change of the form's choices takes away what an earlier export said.
  const form = useExportForm(db, destinations, timeZone, run.clearOutcome)
  const { choice, choices, from, to } = form
  const destination = destinations?.find((d) => d.id === choice)
  const names = useLocationNames(db)
  // A location the cache no longer knows is every location's choice.
  const locationId = locations && !locations.includes(choices.locationId) ? '' : choices.locationId

  const { progress } = run
  const running = progress !== null
  const what: ExportWhat = destination?.format ?? (choice as CsvTable)
  const range: ExportRange = { from, to, locationId }
  const rangeValid = from !== '' && to !== '' && from <= to

  return (
    <>
      <form
        className="panel"
        aria-label="New export"
        onSubmit={(event) => {
          event.preventDefault()
          if (!running && rangeValid) void run.start({ destination, what, range, includeOpen })
        }}
      >
        <ExportRangeFields
          id={id}
          db={db}
          form={form}
          destinations={destinations}
          destination={destination}
          locations={locations}
          locationId={locationId}
          names={names}
          disabled={running}
          onSwitchGranularity={run.clearOutcome}
        />
        <ExportPlanNotes
          db={db}
          destination={destination}
          range={range}
          rangeValid={rangeValid}
          names={names}
          timeZone={timeZone}
          currency={currency}
          includeOpen={includeOpen}
          onIncludeOpen={(include) => {
            setIncludeOpen(include)
            run.clearOutcome()
          }}
          running={running}
        />
        <div className="actions">
          <button type="submit" disabled={running || !rangeValid || currency === null}>
            Export
          </button>
          {running && (
            <button type="button" onClick={run.cancel}>
              Cancel
            </button>
          )}
        </div>
        {progress && (
          <div className="export-progress">
            <progress
              aria-label="Export progress"
              max={progress.total || undefined}
              value={progress.total ? progress.done : undefined}
            />{' '}
            <span>
              {count.format(progress.done)} of {count.format(progress.total)} records
            </span>
            {run.sending !== null && <p role="status">{run.sending}</p>}
          </div>
        )}
      </form>
      <ExportResult outcome={run.outcome} plannedAgain={run.plannedAgain} timeZone={timeZone} />
      <h2>Export log</h2>
      <ExportLog
        batches={batches}
        destinations={destinations}
        names={names}
        onDownload={(b) => void run.downloadAgain(b)}
      />
    </>
  )
}

export function ExportsScreen(): React.JSX.Element {
  return (
    <ConnectionGate title="Exports">
      {(connection) => <Exports connection={connection} />}
    </ConnectionGate>
  )
}
