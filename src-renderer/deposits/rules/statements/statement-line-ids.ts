import { fnv1a64 } from '../../../exports/rules/content-hash'
import { StatementReadError, type StatementLine } from '../bank-line'
import { boundedFileId, boundedLineText } from './line-bounds'

/**
 * The ids that let an overlapping statement add only its new lines (see
 * docs/deposits.md#line-ids-and-overlaps): the file's own id where it has one, else a hash.
 */

type UnnamedLine = Omit<StatementLine, 'id'>

/**
 * For each line without a file id, 'h:' + a hash of date, amount, text and running balance. Two lines alike in all four (two
 * equal card settlements on one day, in a file without balances) are told apart by their order
 * that day: the second gets '#2'. An overlapping statement lists them in the same order, so both
 * keep their ids.
 */
function hashedIds(lines: readonly ReadLine[]): (string | undefined)[] {
  const seen = new Map<string, number>()
  return lines.map((line) => {
    if (line.fileId !== undefined) return undefined
    const hash = fnv1a64(
      JSON.stringify([line.date, line.amount, line.currency, line.text, line.balance ?? null]),
    )
    const count = (seen.get(hash) ?? 0) + 1
    seen.set(hash, count)
    return count === 1 ? `h:${hash}` : `h:${hash}#${count}`
  })
}

/** A line read, with the file's own id if it gave one and where in the file it stood. */
export interface ReadLine extends UnnamedLine {
  fileId?: string
  where: string
}

/**
 * The lines with their ids, each field within its bound (./line-bounds.ts). A file id used twice
 * in one statement would make one of its lines vanish on import, so the file is refused there
 * instead.
 */
export function withLineIds(lines: readonly ReadLine[]): StatementLine[] {
  const hashes = hashedIds(lines)
  const fileIds = new Set<string>()
  return lines.map(({ fileId, where, ...line }, index) => {
    if (fileId !== undefined) {
      if (fileIds.has(fileId))
        throw new StatementReadError(`the id “${fileId}” is given to two lines`, where)
      fileIds.add(fileId)
    }
    const id = fileId === undefined ? hashes[index]! : boundedFileId(fileId)
    return { id, ...line, text: boundedLineText(line.text) }
  })
}

/** Which lines of a statement are not kept yet (by id), and how many already are. */
export function newStatementLines(
  keptIds: ReadonlySet<string>,
  statement: { lines: readonly StatementLine[] },
): { fresh: StatementLine[]; known: number } {
  const fresh = statement.lines.filter((line) => !keptIds.has(line.id))
  return { fresh, known: statement.lines.length - fresh.length }
}
