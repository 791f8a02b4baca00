import { useEffect, useRef, useState } from 'react'
import type { ActiveConnection } from '../../../settings'
import { readMapping } from '../../../exports'
import { mappingIdOf } from '../../../exports'
import type { Destination, ExportRange, StoredBatch } from '../../../exports'
import {
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
import { contentType } from '../../../exports'
import { batchFileName, journalExportFile, tableExportFile } from '../../../exports'
import { writeToSink } from '../../../exports'
import { CURRENCY_UNKNOWN } from '../../../format/format-money'
import { useBridge } from '../../hooks/bridge-context'
import { openFileSink } from './open-file-sink'
import { taxExemptEntries, type Outcome } from './ExportResult'

/** What the form has planned: a journal to `destination` or a CSV table, over `range`. */
interface ExportPlan {
  destination: Destination | undefined
  what: ExportWhat
  range: ExportRange
  /** Sessions still open go into the journal too. */
  includeOpen: boolean
}

interface ExportRun {
  /** While an export runs, how far it is; null otherwise. */
  progress: ExportProgress | null
  /** While a large batch goes to the shared books in parts, how far it is, in words. */
  sending: string | null
  outcome: Outcome | null
  /** Said when another PC committed to the shared books first and this export was planned again. */
  plannedAgain: string | null
  /** A change of the form's choices takes away what an earlier export said. */
  clearOutcome(): void
  start(plan: ExportPlan): Promise<void>
  downloadAgain(batch: StoredBatch): Promise<void>
  cancel(): void
}

/** The error's words, whatever was thrown. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Running an export from the form, or a logged one again, into a file the shell opens (a save
 * dialog in Electron, a download in the browser); leaving the screen cancels a run.
 */
export function useExportRun(connection: ActiveConnection, timeZone: string): ExportRun {
  const { db, profile } = connection
  const bridge = useBridge()
  const [shell, setShell] = useState<'electron' | 'browser'>('browser')
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const [sending, setSending] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [plannedAgain, setPlannedAgain] = useState<string | null>(null)
  const controller = useRef<AbortController | null>(null)

  useEffect(() => () => controller.current?.abort(), [])
  useEffect(() => {
    bridge.call('app.info').then(
      (info) => setShell(info.shell),
      () => setShell('browser'),
    )
  }, [bridge])

  /** Where an export of `what` goes (see `openFileSink`). */
  const openSink = (name: string, what: ExportWhat) =>
    openFileSink(bridge, shell, name, contentType(what))

  const exportOptions = async (
    { destination, what, range, includeOpen }: ExportPlan,
    signal: AbortSignal,
    file: RunExportOptions['file'],
  ): Promise<RunExportOptions> => {
    if (profile.currency === null) throw new Error(CURRENCY_UNKNOWN)
    return {
      db,
      what,
      destinationId: destination?.id,
      range,
      mapping: await readMapping(db, destination && mappingIdOf(destination)),
      file,
      timeZone,
      currency: profile.currency,
      includeOpen,
      signal,
      onProgress: setProgress,
    }
  }

  async function start(plan: ExportPlan): Promise<void> {
    const { destination, what, range } = plan
    const abort = new AbortController()
    controller.current = abort
    setOutcome(null)
    setPlannedAgain(null)
    setProgress({ done: 0, total: 0 })
    try {
      // To shared books, a run another PC overtook is planned again: a new number, a new file.
      const written = await connection.sharedBooks.runExport(
        async () => {
          const file = destination ? await journalExportFile(db, destination, range) : undefined
          const name = file?.name ?? (await tableExportFile(db, what as CsvTable, range))
          const sink = await openSink(name, what)
          if (!sink) return null
          const options = await exportOptions(plan, abort.signal, file)
          const sharedCommit = destination
            ? connection.sharedBooks.exportCommit(({ sent, parts }) =>
                setSending(`Sending the batch to the shared books: part ${sent} of ${parts}`),
              )
            : undefined
          return writeToSink(runExport({ ...options, sharedCommit }), sink, nothingNew(what))
        },
        setPlannedAgain,
        destination !== undefined,
      )
      if (!written) return
      const { result, files } = written
      setOutcome(
        files.length === 0
          ? {
              kind: 'nothing-new',
              destination: destination?.name ?? '',
              holders: batchesHolding(await exportBatches(db), destination?.id ?? '', range),
              heldBack: result.heldBack,
              variancesHeld: result.variancesHeld,
            }
          : {
              kind: 'done',
              files,
              entries: destination ? result.entryCount : null,
              defaulted: result.defaulted,
              taxExempt: taxExemptEntries(result.problems),
              movedOutOfLock: result.movedOutOfLock,
              variancesHeld: result.variancesHeld,
            },
      )
    } catch (error) {
      setOutcome(
        error instanceof ExportCancelledError
          ? { kind: 'cancelled' }
          : { kind: 'error', message: messageOf(error) },
      )
    } finally {
      controller.current = null
      setProgress(null)
      setSending(null)
    }
  }

  async function downloadAgain(batch: StoredBatch): Promise<void> {
    try {
      const sink = await openSink(batchFileName(batch), batch.what)
      if (!sink) return
      const { files } = await writeToSink(recreateBatch(db, batch.id), sink)
      setOutcome({
        kind: 'done',
        files,
        entries: batch.entryCount,
        defaulted: [],
        taxExempt: [],
        movedOutOfLock: 0,
        variancesHeld: 0,
      })
    } catch (error) {
      setOutcome({ kind: 'error', message: messageOf(error) })
    }
  }

  return {
    progress,
    sending,
    outcome,
    plannedAgain,
    clearOutcome: () => setOutcome(null),
    start,
    downloadAgain,
    cancel: () => controller.current?.abort(),
  }
}
