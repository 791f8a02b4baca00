import type { TillDatabase } from '../../database/database'
import type { Destination, ExportRange, StoredBatch } from '../tables/export-rows'
import { batchFileNames, nextBatchNumber } from '../tables/export-batches'
import { loadLocationNames } from '../../settings/tables/location-names'
import { takeTableExportNumber } from '../tables/table-exports'
import { locationLabel } from '../../format/location-label'
import { exportFileName, fileExtension } from './download'
import type { CsvTable } from './export-options'

/**
 * What an export's file is called: a journal's batch by its destination, range, location and
 * number in the destination's log; a CSV table's file by a count of that table's files. Chosen
 * before the file opens (a save dialog suggests it); a batch keeps its name, for Download again.
 */

async function locationOf(db: TillDatabase, range: ExportRange): Promise<string | null> {
  return range.locationId === ''
    ? null
    : locationLabel(range.locationId, await loadLocationNames(db))
}

/** The number and name of the destination's next batch. */
export async function journalExportFile(
  db: TillDatabase,
  destination: Pick<Destination, 'id' | 'name' | 'format'>,
  range: ExportRange,
): Promise<{ number: number; name: string }> {
  const number = await nextBatchNumber(db, destination.id)
  const naming = {
    what: destination.format,
    range,
    location: await locationOf(db, range),
    batch: number,
  }
  const name = exportFileName({ ...naming, destination: destination.name })
  // Another destination whose name reads alike in a file name: this one's id tells them apart.
  return (await batchFileNames(db)).has(name)
    ? {
        number,
        name: exportFileName({ ...naming, destination: `${destination.name} ${destination.id}` }),
      }
    : { number, name }
}

/** The name of a CSV table's next file; its number is taken whether or not the file is made. */
export async function tableExportFile(
  db: TillDatabase,
  table: CsvTable,
  range: ExportRange,
): Promise<string> {
  return exportFileName({
    what: table,
    destination: table,
    range,
    location: await locationOf(db, range),
    export: await takeTableExportNumber(db, table),
  })
}

/** The name a batch's file was given; a batch from before Till named them, as it was then. */
export function batchFileName(batch: Pick<StoredBatch, 'fileName' | 'what' | 'range'>): string {
  if (batch.fileName !== undefined) return batch.fileName
  const { from, to } = batch.range
  return `till-${batch.what}-${from === to ? from : `${from}_${to}`}.${fileExtension(batch.what)}`
}
