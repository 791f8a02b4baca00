import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import { exportInputsMark } from '../../../database/records-written'
import { readDestinationMapping } from '../../../exports'
import type { Destination } from '../../../exports'
import type { EntryRevision } from '../../../exports'
import { ExportCancelledError, previewExport } from '../../../exports'
import type { ExportRange } from '../../../exports'

/** A preview, with the request (`asked`) it answers. */
type Preview = { asked: string } & (
  | { state: 'working' }
  | { state: 'ready'; revisions: Record<EntryRevision, number> }
  | { state: 'failed'; message: string }
)

const count = new Intl.NumberFormat()
/** How long the form rests before a preview is worked out (typing a date changes it often). */
const SETTLE_MS = 500

function plural(n: number, one: string, many: string): string {
  return `${count.format(n)} ${n === 1 ? one : many}`
}

/** “12 new entries, 1 reversal and 1 adjustment” */
function revisionsLabel(revisions: Record<EntryRevision, number>): string {
  return `${plural(revisions.original, 'new entry', 'new entries')}, ${plural(revisions.reversal, 'reversal', 'reversals')} and ${plural(revisions.adjustment, 'adjustment', 'adjustments')}`
}

/**
 * What exporting the range to the destination would write, worked out before anyone presses
 * Export (a dry run: nothing is written or logged), again whenever the range, the destination,
 * its log or the records change. Stops while an export runs.
 */
export function ExportPreview({
  db,
  destination,
  range,
  timeZone,
  currency,
  includeOpen,
  paused,
}: {
  db: TillDatabase
  destination: Destination
  range: ExportRange
  timeZone: string
  currency: string
  includeOpen: boolean
  paused: boolean
}): React.JSX.Element | null {
  const [preview, setPreview] = useState<Preview | null>(null)
  // Changes whenever a bill, an expense or a batch is written: the preview is then out of date.
  const records = useLiveQuery(() => exportInputsMark(db), [db])
  const { from, to, locationId } = range
  const periods = JSON.stringify(destination.periods)
  // What a preview answers: one that answers anything else is out of date and not shown.
  const asked = JSON.stringify([
    destination.id,
    periods,
    from,
    to,
    locationId,
    includeOpen,
    records,
  ])

  useEffect(() => {
    if (paused || records === undefined) return
    const abort = new AbortController()
    const timer = setTimeout(() => {
      setPreview({ asked, state: 'working' })
      void (async () => {
        try {
          const result = await previewExport({
            db,
            what: destination.format,
            destinationId: destination.id,
            range: { from, to, locationId },
            mapping: await readDestinationMapping(db, destination.id),
            timeZone,
            currency,
            includeOpen,
            signal: abort.signal,
          })
          if (!abort.signal.aborted)
            setPreview({ asked, state: 'ready', revisions: result.revisions })
        } catch (error) {
          if (abort.signal.aborted || error instanceof ExportCancelledError) return
          setPreview({
            asked,
            state: 'failed',
            message: error instanceof Error ? error.message : String(error),
          })
        }
      })()
    }, SETTLE_MS)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [
    asked,
    db,
    destination.id,
    destination.format,
    periods,
    from,
    to,
    locationId,
    timeZone,
    currency,
    includeOpen,
    paused,
    records,
  ])

  if (!preview || preview.asked !== asked || paused) return null
  const { name } = destination
  const text =
    preview.state === 'working'
      ? `Working out what this export would write to ${name}…`
      : preview.state === 'failed'
        ? `What this export would write to ${name} could not be worked out: ${preview.message}`
        : Object.values(preview.revisions).every((n) => n === 0)
          ? `This range holds nothing new for ${name}.`
          : `Exporting this range to ${name} writes ${revisionsLabel(preview.revisions)}.`
  return (
    <p className="muted" role="status" aria-label="Export preview">
      {text}
    </p>
  )
}
