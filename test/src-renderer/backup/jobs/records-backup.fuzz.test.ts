import fc from 'fast-check'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { saveLocationName } from '../../../../src-renderer/settings/tables/location-names'
import { restoreRecords } from '../../../../src-renderer/backup/jobs/records-backup'
import { dump, seal } from '../../../support/backup/seal'
import { backupOf, bills, closePcs, firstPc, pc } from '../../../support/backup/pcs'
import { checkProperty } from '../../../support/fuzz-settings'

/**
 * Random damage to a real backup: cut anywhere, lines dropped or doubled, numbers, dates and
 * ids changed. Each damaged file is refused whole, naming a line of it, with the cache as it was;
 * or it is the backup itself.
 */

afterEach(closePcs)

/** A refused restore's error: the line of the file that fails (null for none) and why. */
type RefusedBackup = Error & { line: number | null }

let backup = ''
beforeAll(async () => {
  backup = await backupOf((await firstPc()).db)
  closePcs()
})

/** The `index`-th match of `pattern` in `text` replaced by `by`. */
function replaceMatch(text: string, pattern: RegExp, index: number, by: string): string {
  const matches = [...text.matchAll(pattern)]
  if (matches.length === 0) return text
  const match = matches[index % matches.length]!
  return text.slice(0, match.index) + by + text.slice(match.index + match[0].length)
}

const ID = /"(?:id|destinationId|batchId|entryId|key|liveEntryId|locationId|billId)":"[^"]*"/g

function damage(text: string): fc.Arbitrary<string> {
  const lines = text.split('\n').slice(0, -1)
  const line = fc.nat({ max: lines.length - 1 })
  const withLines = (edit: (copy: string[], i: number) => void) =>
    line.map((i) => {
      const copy = [...lines]
      edit(copy, i)
      return copy.map((l) => `${l}\n`).join('')
    })
  return fc.oneof(
    fc.nat({ max: text.length - 1 }).map((end) => text.slice(0, end)),
    withLines((copy, i) => copy.splice(i, 1)),
    withLines((copy, i) => copy.splice(i, 0, copy[i]!)),
    fc
      .tuple(fc.nat(), fc.oneof(fc.integer(), fc.constantFrom('1e400', '-0', '0.5', '"12"')))
      .map(([i, n]) => replaceMatch(text, /(?<=[:,[])-?\d+(?=[,\]}])/g, i, String(n))),
    fc
      .tuple(
        fc.nat(),
        fc.oneof(
          fc
            .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
          fc.constantFrom('2026-02-30', 'not-a-date', '2026-13-01', ''),
        ),
      )
      .map(([i, date]) => replaceMatch(text, /\d{4}-\d{2}-\d{2}/g, i, date)),
    fc
      .tuple(fc.nat(), fc.constantFrom('xero', 'journal-csv', 'b1', 'b2', 'loc1', '', 'x'))
      .map(([i, id]) => {
        const [match] = [...text.matchAll(ID)].slice(i % [...text.matchAll(ID)].length)
        return replaceMatch(text, ID, i, match![0].replace(/:"[^"]*"$/, `:${JSON.stringify(id)}`))
      }),
  )
}

/** Restores `text` into a PC with records of its own; what it did, and the cache before. */
async function attempt(text: string) {
  const db = await pc(bills())
  await saveLocationName(db, 'loc2', 'Senopati')
  const before = await dump(db)
  const outcome = await restoreRecords(db, text, 'store-1').then(
    () => null,
    (error: unknown) => error,
  )
  return { db, before, outcome }
}

describe('a damaged backup', () => {
  it('is refused whole, naming its line, and changes nothing; or it is the backup itself', async () => {
    await checkProperty(
      fc.asyncProperty(
        fc.constant(0).chain(() => damage(backup)),
        async (damaged) => {
          const { db, before, outcome } = await attempt(damaged)
          if (outcome === null) expect(damaged).toBe(backup)
          else {
            expect((outcome as Error).name).toBe('BackupError')
            const { line } = outcome as RefusedBackup
            expect(line).toBeGreaterThanOrEqual(1)
            expect(line).toBeLessThanOrEqual(damaged.split('\n').length)
            expect(await dump(db)).toEqual(before)
          }
          closePcs()
        },
      ),
      80,
    )
  })

  it('sealed again by someone who knows the format, is refused with its line or leaves a log Till backs up and restores again', async () => {
    await checkProperty(
      fc.asyncProperty(
        fc.constant(0).chain(() => damage(backup)),
        async (damaged) => {
          const body = damaged.split('\n').filter((line) => line !== '')
          let resealed: string
          try {
            resealed = seal(body.slice(0, body.at(-1)?.includes('backup-end') ? -1 : undefined))
          } catch {
            return // A line that is not JSON any more: the first property covers it.
          }
          const { db, before, outcome } = await attempt(resealed)
          if (outcome === null) {
            const again = await backupOf(db)
            const { outcome: second } = await attempt(again)
            expect(second).toBeNull()
          } else {
            expect((outcome as Error).name).toBe('BackupError')
            expect((outcome as RefusedBackup).line).toBeGreaterThanOrEqual(1)
            expect(await dump(db)).toEqual(before)
          }
          closePcs()
        },
      ),
      60,
    )
  })
})
