import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useId, useRef, useState } from 'react'
import type { ActiveConnection } from '../../../settings'
import { useBridge } from '../../hooks/bridge-context'
import { readMapping } from '../../../exports'
import type { DefaultedAccount } from '../../../exports'
import type { JournalProblem } from '../../../exports'
import { listDestinations, mappingIdOf } from '../../../exports'
import { type Destination } from '../../../exports'
import {
  CSV_TABLES,
  ExportCancelledError,
  batchesHolding,
  exportBatches,
  nothingNew,
  recreateBatch,
  runExport,
  type CsvTable,
  type ExportProgress,
  type ExportWhat,
  type RunExportOptions,
} from '../../../exports'
import type { ExportRange, StoredBatch } from '../../../exports'
import { sessionDays } from '../../../sessions'
import { useExportForm } from './use-export-form'
import { RangeChoiceField } from './RangeChoiceField'
import { nextDate as dayAfter } from '../../../../src-shared/domain/business-date'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { ConnectionGate } from '../ConnectionGate'
import { UnmappedRolesNotice } from '../settings/AccountMappingNotice'
import { contentType } from '../../../exports'
import { batchFileName, journalExportFile, tableExportFile } from '../../../exports'
import { writeToSink } from '../../../exports'
import { openFileSink } from './open-file-sink'
import { FORMAT_LABELS, defaultedLabel, holdersLabel } from './export-labels'
import { GranularitySwitch } from './GranularitySwitch'
import { ExportPreview } from './ExportPreview'
import { OpenSessionsNotice } from './OpenSessionsNotice'
import { useFormatMoment } from '../../hooks/use-active-connection'
import { useLocationNames } from '../../../settings'
import { locationLabel, type LocationNames } from '../../../format/location-label'
import { knownLocations } from '../../../database/locations'
import { CURRENCY_UNKNOWN } from '../../../format/format-money'
import { TableHead } from '../../components/money-table/TableHead'
import { formatBusinessDate, formatDateRange } from '../../../format/time'

type Outcome =
  | {
      kind: 'done'
      files: string[]
      entries: number | null
      defaulted: DefaultedAccount[]
      taxExempt: TaxExemptEntry[]
      /** Entries dated the first open day after the destination's lock date. */
      movedOutOfLock: number
    }
  | { kind: 'nothing-new'; destination: string; holders: StoredBatch[]; heldBack: number }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string }

const count = new Intl.NumberFormat()

/** Where an export of `what` goes (see `openFileSink`). */
function openSink(
  bridge: ReturnType<typeof useBridge>,
  shell: 'electron' | 'browser',
  name: string,
  what: ExportWhat,
) {
  return openFileSink(bridge, shell, name, contentType(what))
}

/** Entries whose mapped Xero tax rates went unused, and which taxes (see exports/rules/formats/xero-tax.ts). */
interface TaxExemptEntry {
  entryId: string
  description: string
  taxes: string[]
}

function taxExemptEntries(problems: readonly JournalProblem[]): TaxExemptEntry[] {
  return problems.flatMap((p) => (p.kind === 'xero-tax-exempt' ? [p] : []))
}

function TaxExemptNotice({ entries }: { entries: TaxExemptEntry[] }): React.JSX.Element {
  if (entries.length === 0) return <></>
  return (
    <div className="notice" role="note" aria-label="Taxes sent Tax Exempt">
      <p>
        Taxes sent Tax Exempt: no tax-exclusive amount has Xero work out exactly these taxes (or the
        entry has no line they were charged on), so they went out on their own tax line, as without
        a Xero tax rate. The books are right; Xero’s tax reports leave them out.
      </p>
      <ul>
        {entries.map((e) => (
          <li key={e.entryId}>
            {e.description}: {e.taxes.join(', ')}
          </li>
        ))}
      </ul>
    </div>
  )
}

function DefaultedNotice({ defaulted }: { defaulted: DefaultedAccount[] }): React.JSX.Element {
  if (defaulted.length === 0) return <></>
  return (
    <div className="notice" role="note" aria-label="Accounts defaulted">
      <p>
        Accounts defaulted: nothing mapped these, so this file posts them to the default chart’s
        account. A mapping saved in Settings now applies to later exports; entries already exported
        stay as they are.
      </p>
      <ul>
        {defaulted.map((d) => (
          <li key={d.roleKey}>{defaultedLabel(d)}</li>
        ))}
      </ul>
    </div>
  )
}

function ExportLog({
  batches,
  destinations,
  names,
  onDownload,
}: {
  batches: StoredBatch[] | undefined
  destinations: Destination[] | undefined
  names: LocationNames
  onDownload(batch: StoredBatch): void
}): React.JSX.Element {
  const moment = useFormatMoment()
  if (!batches) return <p role="status">Loading the export log…</p>
  if (batches.length === 0)
    return <p className="empty-state">No journal exported yet. Exports you make appear here.</p>
  return (
    <table aria-label="Export log">
      <TableHead
        columns={['When', 'Destination', 'What', 'Range', { amount: 'Entries' }, 'File']}
      />
      <tbody>
        {batches.map((b) => (
          <tr key={b.id}>
            <td className="moment">{moment(b.createdAt)}</td>
            <td>{destinations?.find((d) => d.id === b.destinationId)?.name ?? b.destinationId}</td>
            <td>
              {FORMAT_LABELS[b.what]}, {b.granularity === 'bill' ? 'per bill' : 'per session'}
            </td>
            <td>
              {formatDateRange(b.range.from, b.range.to)}
              {b.range.locationId
                ? `, ${locationLabel(b.range.locationId, names)}`
                : ', all locations'}
            </td>
            <td className="amount">{count.format(b.entryCount)}</td>
            <td>
              {batchFileName(b)}{' '}
              <button type="button" onClick={() => onDownload(b)}>
                Download again
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Exports({ connection }: { connection: ActiveConnection }): React.JSX.Element {
  const { db, profile } = connection
  const currency = profile.currency
  const bridge = useBridge()
  const id = useId()
  const [shell, setShell] = useState<'electron' | 'browser'>('browser')
  const [includeOpen, setIncludeOpen] = useState(false)
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  /** Said when another PC committed to the shared books first and this export was planned again. */
  const [plannedAgain, setPlannedAgain] = useState<string | null>(null)
  const controller = useRef<AbortController | null>(null)
  const days = useLiveQuery(() => sessionDays(db), [db])
  const locations = useLiveQuery(() => knownLocations(db), [db])
  const batches = useLiveQuery(() => exportBatches(db), [db])
  const destinations = useLiveQuery(() => listDestinations(db), [db])
  const timeZone = effectiveTimeZone(profile)
  // A change of the form's choices takes away what an earlier export said.
  const form = useExportForm(db, destinations, timeZone, () => setOutcome(null))
  const { choice, choices, from, to } = form
  const destination = destinations?.find((d) => d.id === choice)
  const names = useLocationNames(db)
  // A location the cache no longer knows is every location's choice.
  const locationId = locations && !locations.includes(choices.locationId) ? '' : choices.locationId

  useEffect(() => () => controller.current?.abort(), [])
  useEffect(() => {
    bridge.call('app.info').then(
      (info) => setShell(info.shell),
      () => setShell('browser'),
    )
  }, [bridge])

  const running = progress !== null
  const journal = destination !== undefined
  const what: ExportWhat = destination?.format ?? (choice as CsvTable)
  const range: ExportRange = { from, to, locationId }

  const exportOptions = async (
    signal: AbortSignal,
    file: RunExportOptions['file'],
  ): Promise<RunExportOptions> => {
    if (currency === null) throw new Error(CURRENCY_UNKNOWN)
    return {
      db,
      what,
      destinationId: destination?.id,
      range,
      mapping: await readMapping(db, destination && mappingIdOf(destination)),
      file,
      timeZone,
      currency,
      includeOpen,
      signal,
      onProgress: setProgress,
    }
  }

  async function start(): Promise<void> {
    const abort = new AbortController()
    controller.current = abort
    setOutcome(null)
    setPlannedAgain(null)
    setProgress({ done: 0, total: 0 })
    try {
      // To shared books, a run another PC overtook is planned again: a new number, a new file.
      const written = await connection.sharedBooks.runExport(async () => {
        const file = destination ? await journalExportFile(db, destination, range) : undefined
        const name = file?.name ?? (await tableExportFile(db, what as CsvTable, range))
        const sink = await openSink(bridge, shell, name, what)
        if (!sink) return null
        const options = await exportOptions(abort.signal, file)
        const sharedCommit = journal ? connection.sharedBooks.exportCommit() : undefined
        return writeToSink(runExport({ ...options, sharedCommit }), sink, nothingNew(what))
      }, setPlannedAgain)
      if (!written) return
      const { result, files } = written
      setOutcome(
        files.length === 0
          ? {
              kind: 'nothing-new',
              destination: destination?.name ?? '',
              holders: batchesHolding(await exportBatches(db), destination?.id ?? '', range),
              heldBack: result.heldBack,
            }
          : {
              kind: 'done',
              files,
              entries: journal ? result.entryCount : null,
              defaulted: result.defaulted,
              taxExempt: taxExemptEntries(result.problems),
              movedOutOfLock: result.movedOutOfLock,
            },
      )
    } catch (error) {
      setOutcome(
        error instanceof ExportCancelledError
          ? { kind: 'cancelled' }
          : { kind: 'error', message: error instanceof Error ? error.message : String(error) },
      )
    } finally {
      controller.current = null
      setProgress(null)
    }
  }

  async function downloadAgain(batch: StoredBatch): Promise<void> {
    try {
      const sink = await openSink(bridge, shell, batchFileName(batch), batch.what)
      if (!sink) return
      const { files } = await writeToSink(recreateBatch(db, batch.id), sink)
      setOutcome({
        kind: 'done',
        files,
        entries: batch.entryCount,
        defaulted: [],
        taxExempt: [],
        movedOutOfLock: 0,
      })
    } catch (error) {
      setOutcome({ kind: 'error', message: error instanceof Error ? error.message : String(error) })
    }
  }

  const rangeValid = from !== '' && to !== '' && from <= to

  return (
    <>
      <form
        className="panel"
        aria-label="New export"
        onSubmit={(event) => {
          event.preventDefault()
          if (!running && rangeValid) void start()
        }}
      >
        <div className="filters" role="group" aria-label="Export range">
          <span className="filter">
            <label htmlFor={`${id}-format`}>Format</label>
            <select
              id={`${id}-format`}
              value={choice}
              // Chosen before the kept choice is read, the default would give way to it.
              disabled={running || !form.ready}
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
          <RangeChoiceField
            id={`${id}-dates`}
            range={choices.range}
            offeredLabel={destination ? `Not yet exported to ${destination.name}` : 'Default'}
            from={from}
            to={to}
            disabled={running}
            onChoose={(range) => form.choose({ ...choices, range })}
          />
          <span className="filter">
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              disabled={running}
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
              disabled={running}
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
              disabled={running}
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
              disabled={running}
              onSwitch={() => setOutcome(null)}
            />
          )}
        </div>
        {rangeValid && (
          <p className="muted" aria-label="Range chosen">
            {formatDateRange(from, to)}
            {locationId === '' ? ', all locations' : `, ${locationLabel(locationId, names)}`}
          </p>
        )}
        {days && days.length === 0 && (
          <p className="empty-state">
            The cache holds no register sessions yet: sync first, then export.
          </p>
        )}
        {!rangeValid && from !== '' && to !== '' && (
          <p className="error" role="alert">
            The range ends before it starts.
          </p>
        )}
        {destination && rangeValid && (
          <UnmappedRolesNotice db={db} destination={destination} range={{ from, to, locationId }} />
        )}
        {destination?.lockedThrough && rangeValid && from <= destination.lockedThrough && (
          <p className="notice" role="note" aria-label="Lock date">
            {destination.name} is locked through {formatBusinessDate(destination.lockedThrough)}:
            what this export posts for days up to it (a change to an entry its books hold, a record
            synced late) is dated {formatBusinessDate(dayAfter(destination.lockedThrough))}, the
            first open day.
          </p>
        )}
        {journal && rangeValid && (
          <OpenSessionsNotice
            db={db}
            range={range}
            timeZone={timeZone}
            names={names}
            include={includeOpen}
            onInclude={(include) => {
              setIncludeOpen(include)
              setOutcome(null)
            }}
            disabled={running}
          />
        )}
        {currency === null && <p className="empty-state">{CURRENCY_UNKNOWN}</p>}
        {destination && rangeValid && currency !== null && (
          <ExportPreview
            db={db}
            destination={destination}
            range={range}
            timeZone={timeZone}
            currency={currency}
            includeOpen={includeOpen}
            paused={running}
          />
        )}
        <div className="actions">
          <button type="submit" disabled={running || !rangeValid || currency === null}>
            Export
          </button>
          {running && (
            <button type="button" onClick={() => controller.current?.abort()}>
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
          </div>
        )}
      </form>
      <div aria-live="polite">
        {outcome?.kind === 'done' && (
          <p className="notice" role="status">
            {outcome.entries !== null
              ? `${count.format(outcome.entries)} ${outcome.entries === 1 ? 'entry' : 'entries'} exported`
              : 'Exported'}{' '}
            to {outcome.files.join(', ')}.
            {outcome.movedOutOfLock > 0 &&
              ` ${count.format(outcome.movedOutOfLock)} of them fell inside the lock date and are dated the first open day.`}
          </p>
        )}
        {outcome?.kind === 'nothing-new' && outcome.heldBack > 0 && (
          <p className="notice" role="status">
            Nothing new to export to {outcome.destination}: the rest of this range is already in its
            books, and{' '}
            {outcome.heldBack === 1
              ? 'its session still open waits for an export after it closes'
              : `its ${count.format(outcome.heldBack)} sessions still open wait for an export after they close`}
            .
          </p>
        )}
        {plannedAgain !== null && outcome !== null && (
          <p className="notice" role="status">
            {plannedAgain}
            {outcome.kind === 'nothing-new' && ' Everything in this range is already posted.'}
          </p>
        )}
        {outcome?.kind === 'nothing-new' && outcome.heldBack === 0 && (
          <p className="notice" role="status">
            Nothing new to export to {outcome.destination}: every entry in this range is already in{' '}
            {outcome.holders.length === 0
              ? 'its books'
              : `its export${outcome.holders.length === 1 ? '' : 's'} of ${holdersLabel(outcome.holders, timeZone)}`}
            .
          </p>
        )}
        {outcome?.kind === 'cancelled' && (
          <p className="notice" role="status">
            Export cancelled. No file was written and the export log is unchanged.
          </p>
        )}
        {outcome?.kind === 'error' && (
          <p className="error" role="alert">
            The export failed: {outcome.message}
          </p>
        )}
        {outcome?.kind === 'done' && (
          <>
            <DefaultedNotice defaulted={outcome.defaulted} />
            <TaxExemptNotice entries={outcome.taxExempt} />
          </>
        )}
      </div>
      <h2>Export log</h2>
      <ExportLog
        batches={batches}
        destinations={destinations}
        names={names}
        onDownload={(b) => void downloadAgain(b)}
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
