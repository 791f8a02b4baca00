import type { Destination, StoredBatch } from '../../../exports'
import { batchFileName } from '../../../exports'
import { locationLabel, type LocationNames } from '../../../format/location-label'
import { formatDateRange } from '../../../format/time'
import { TableHead } from '../../components/money-table/TableHead'
import { useFormatMoment } from '../../hooks/use-active-connection'
import { FORMAT_LABELS, count } from './export-labels'

/** The exports made, newest first, each with its file to download again. */
export function ExportLog({
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
