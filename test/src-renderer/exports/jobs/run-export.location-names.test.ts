import { afterEach, describe, expect, it } from 'vitest'
import { saveLocationName } from '../../../../src-renderer/settings/tables/location-names'
import { ownRecordProblem } from '../../../../src-renderer/backup/tables/own-record-rows'
import { restoreRecords } from '../../../../src-renderer/backup/jobs/records-backup'
import { exportBatches, recreateBatch } from '../../../../src-renderer/exports/jobs/run-export'
import { collectText } from '../../../support/exports/collect'
import { backupOf, bills, closePcs, exportTo, pc } from '../../../support/backup/pcs'

/**
 * An export writes each location's name as it is when it runs, and the batch keeps those names:
 * *Download again* writes the same bytes after the location is renamed, and on another PC that
 * restored the backup.
 */

afterEach(closePcs)

describe('location names in an export batch', () => {
  for (const format of ['ledger', 'beancount', 'journal-csv'] as const)
    it(`${format}: the name of the export's day, again after a rename and a restore`, async () => {
      const db = await pc(bills())
      await saveLocationName(db, 'loc1', 'Kemang Raya')
      await exportTo(db, format, format)
      const [batch] = await exportBatches(db)
      const file = await collectText(recreateBatch(db, batch!.id))
      expect(file).toContain('Kemang Raya')

      await saveLocationName(db, 'loc1', 'Harbour')
      expect(await collectText(recreateBatch(db, batch!.id))).toBe(file)

      const other = await pc([])
      await restoreRecords(other, await backupOf(db), 'store-1')
      expect(await collectText(recreateBatch(other, batch!.id))).toBe(file)
    })

  for (const format of ['ledger', 'beancount', 'journal-csv'] as const)
    it(`${format}: a backup row whose names are not names is refused`, async () => {
      const db = await pc(bills())
      await exportTo(db, format, format)
      const [batch] = await exportBatches(db)
      expect(ownRecordProblem('exportBatches', batch)).toBeNull()
      const { options } = batch!.target as { options: object }
      const target = { ...batch!.target, options: { ...options, locationLabels: { loc1: 5 } } }
      expect(ownRecordProblem('exportBatches', { ...batch, target })).toMatch(
        /^target\.options\.locationLabels\.loc1: /,
      )
    })
})
