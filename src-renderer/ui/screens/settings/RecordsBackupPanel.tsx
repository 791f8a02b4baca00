import { useEffect, useId, useState } from 'react'
import { useActiveConnection } from '../../hooks/use-active-connection'
import { useBridge } from '../../hooks/bridge-context'
import { backupRecords, restoreRecords, type RestoreResult } from '../../../backup'
import { writeToSink } from '../../../exports'
import { openFileSink } from '../exports/open-file-sink'

/**
 * Settings → Till's records: the export log, destinations, reconciliations and account mapping
 * live in this PC's cache alone. A backup carries them to another PC, restored there before its
 * first export (docs/backup.md). A restore checks the whole file first and says which line fails;
 * *Check only* says what a restore would change without writing.
 */
export function RecordsBackupPanel(): React.JSX.Element | null {
  const bridge = useBridge()
  const state = useActiveConnection()
  const connection = state.status === 'ready' ? state.connection : null
  const id = useId()
  const [shell, setShell] = useState<'electron' | 'browser'>('browser')
  const [till, setTill] = useState('unknown')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)

  useEffect(() => {
    bridge.call('app.info').then(
      (info) => {
        setShell(info.shell)
        setTill(info.version)
      },
      () => setShell('browser'),
    )
  }, [bridge])

  if (!connection) return null
  const { db, profile } = connection

  const run = (work: () => Promise<string | null>): void => {
    setBusy(true)
    setMessage(null)
    work()
      .then(
        (text) => text && setMessage({ ok: true, text }),
        (error: Error) => setMessage({ ok: false, text: error.message }),
      )
      .finally(() => setBusy(false))
  }

  const backUp = (): void =>
    run(async () => {
      const day = new Date().toISOString().slice(0, 10)
      const name = `till-records-${profile.storeId.replace(/[^\w.-]/g, '_')}-${day}.jsonl`
      const sink = await openFileSink(bridge, shell, name, 'application/jsonl;charset=utf-8')
      if (!sink) return null
      const { files } = await writeToSink(backupRecords(db, profile.storeId, till), sink)
      return `Till’s records backed up to ${files.join(', ')}. No key is in the file.`
    })

  const restore = (file: File, dryRun: boolean): void =>
    run(async () => {
      const restored = await restoreRecords(db, await file.text(), profile.storeId, {
        dryRun,
      }).catch((error: Error) => {
        throw new Error(`${file.name} was not restored, and nothing changed. ${error.message}`)
      })
      const made = `the backup of ${new Date(restored.createdAt).toLocaleString()} (Till ${restored.till})`
      return dryRun
        ? `${file.name} is whole. Restoring ${made} would change: ${changeList(restored)}. Nothing was written.`
        : `Restored ${restored.rows} records from ${made}: ${changeList(restored)}. Exports carry on from that PC’s log.`
    })

  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>Till’s records</h2>
      <p className="muted">
        The export log, destinations, reconciliations and account mapping are kept on this PC only.
        A new PC would post everything again: back them up here and restore them there before its
        first export. Two PCs exporting to the same destination must share one log this way.
      </p>
      <div className="actions">
        <button type="button" disabled={busy} onClick={backUp}>
          Back up Till’s records
        </button>
      </div>
      <FilePicker
        id={`${id}-check`}
        label="Check a backup (dry run): what a restore would change, writing nothing"
        disabled={busy}
        onFile={(file) => restore(file, true)}
      />
      <FilePicker
        id={`${id}-restore`}
        label="Restore Till’s records from a backup"
        disabled={busy}
        onFile={(file) => restore(file, false)}
      />
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'notice' : 'error'}>
          {message.text}
        </p>
      )}
    </section>
  )
}

function FilePicker(props: {
  id: string
  label: string
  disabled: boolean
  onFile: (file: File) => void
}): React.JSX.Element {
  return (
    <p>
      <label htmlFor={props.id}>{props.label}</label>{' '}
      <input
        id={props.id}
        type="file"
        accept=".jsonl"
        disabled={props.disabled}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) props.onFile(file)
        }}
      />
    </p>
  )
}

/** "destinations: 2 added; location names: 1 replaced", the tables a restore touches. */
function changeList({ changes, setAside }: RestoreResult): string {
  const parts = changes.flatMap(({ table, added, replaced }) => {
    const counts = [
      ...(added > 0 ? [`${added} added`] : []),
      ...(replaced > 0 ? [`${replaced} replaced`] : []),
    ]
    return counts.length === 0 ? [] : [`${TABLE_NAMES[table]}: ${counts.join(', ')}`]
  })
  const aside = setAside > 0 ? [`${setAside} set aside, each with its reason, on Problems`] : []
  return parts.length + aside.length === 0 ? 'nothing' : [...parts, ...aside].join('; ')
}

const TABLE_NAMES: Record<RestoreResult['changes'][number]['table'], string> = {
  destinations: 'destinations',
  exportBatches: 'export batches',
  logPages: 'export log pages',
  reconciliations: 'reconciliations',
  accountMapping: 'account mappings',
  accountRoles: 'account roles',
  locationNames: 'location names',
  cashMovements: 'cash movements',
  statementLines: 'bank statement lines',
  depositMatches: 'deposit matches',
  depositSettings: 'deposit settings',
}
