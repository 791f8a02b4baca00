import { useEffect, useId, useState } from 'react'
import { useActiveConnection } from '../../hooks/use-active-connection'
import { useBridge } from '../../hooks/bridge-context'
import { backupRecords, restoreRecords } from '../../../jobs/exports/records-backup'
import { writeToSink } from '../../../jobs/exports/file-sinks'
import { openFileSink } from '../exports/open-file-sink'

/**
 * Settings → Till's records: the export log, destinations, reconciliations and account mapping
 * live in this PC's cache alone. A backup carries them to another PC, restored there before its
 * first export (see exports/records-backup.ts).
 */
export function RecordsBackupPanel(): React.JSX.Element | null {
  const bridge = useBridge()
  const state = useActiveConnection()
  const connection = state.status === 'ready' ? state.connection : null
  const id = useId()
  const [shell, setShell] = useState<'electron' | 'browser'>('browser')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)

  useEffect(() => {
    bridge.call('app.info').then(
      (info) => setShell(info.shell),
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
      const { files } = await writeToSink(backupRecords(db, profile.storeId), sink)
      return `Till’s records backed up to ${files.join(', ')}. No key is in the file.`
    })

  const restore = (file: File): void =>
    run(async () => {
      const restored = await restoreRecords(db, await file.text(), profile.storeId)
      return `Restored ${restored.rows} records from the backup of ${new Date(restored.createdAt).toLocaleString()}: exports carry on from that PC’s log.`
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
      <label htmlFor={`${id}-restore`}>Restore Till’s records from a backup</label>{' '}
      <input
        id={`${id}-restore`}
        type="file"
        accept=".jsonl"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) restore(file)
        }}
      />
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'notice' : 'error'}>
          {message.text}
        </p>
      )}
    </section>
  )
}
