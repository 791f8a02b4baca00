import { afterEach, expect, it } from 'vitest'
import { billFacets } from '../../../../src-renderer/sessions/tables/bill-facets'
import { ownRecordProblem } from '../../../../src-renderer/backup/tables/own-record-rows'
import { restoreRecords } from '../../../../src-renderer/backup/jobs/records-backup'
import { exportBatches, recreateBatch } from '../../../../src-renderer/exports/jobs/run-export'
import { collectText } from '../../../support/exports/collect'
import { payment, sale } from '../../../support/exports/fixtures'
import { backupOf, closePcs, exportTo, pc } from '../../../support/backup/pcs'

/**
 * A beancount batch's opens (the accounts it opened, and those earlier batches had) are part of
 * its bytes: a backup carries them, so *Download again* on another PC writes the same file.
 */

afterEach(closePcs)

it('a restored beancount batch downloads again byte for byte, opens and all', async () => {
  const first = await pc([sale()])
  await exportTo(first, 'beancount', 'beancount')
  const qris = sale({ id: 'b2', number: '1024', payments: [payment('p3', 'qris', 1685)] })
  await first.bills.put({ ...qris, ...billFacets(qris) })
  await exportTo(first, 'beancount', 'beancount')
  const batches = await exportBatches(first)
  expect(batches.map((b) => b.accountsOpened?.length ?? 0).every((n) => n > 0)).toBe(true)

  const second = await pc([])
  await restoreRecords(second, await backupOf(first), 'store-1')
  expect(await exportBatches(second)).toEqual(batches)
  for (const batch of batches) {
    const again = await collectText(recreateBatch(second, batch.id))
    expect(again).toBe(await collectText(recreateBatch(first, batch.id)))
  }
  const later = await collectText(recreateBatch(second, batches[0]!.id))
  expect(later).toMatch(/ open Assets:QRIS-clearing\n/)
  expect(later).not.toMatch(/ open Assets:Cash-clearing\n/)
})

it('a backup row whose opens are not names is refused', async () => {
  const db = await pc([sale()])
  await exportTo(db, 'beancount', 'beancount')
  const [batch] = await exportBatches(db)
  expect(ownRecordProblem('exportBatches', batch)).toBeNull()
  expect(ownRecordProblem('exportBatches', { ...batch, accountsOpened: [5] })).toMatch(
    /^accountsOpened\.0: /,
  )
  if (batch?.target.format !== 'beancount') throw new Error('not a beancount batch')
  const target = { ...batch.target, options: { ...batch.target.options, opened: 'Assets:Cash' } }
  expect(ownRecordProblem('exportBatches', { ...batch, target })).toMatch(
    /^target\.options\.opened: /,
  )
})
