import { fnv1a64 } from '../../../exports/rules/content-hash'
import { StatementReadError, type StatementFormat, type StatementLine } from '../bank-line'
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

/** A line the account keeps, with the format of the file it came from when that is known. */
export type KeptLineFacts = Pick<StatementLine, 'id' | 'date' | 'amount' | 'text'> & {
  format?: StatementFormat
}

/** The words of a bank text, as two formats of one bank both write them. */
function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .normalize('NFKC')
      .toUpperCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  )
}

/** Whether every word of one text is in the other ("SETORAN TUNAI" and "SETORAN TUNAI 19/11"). */
function sameWords(a: string, b: string): boolean {
  const [fewer, more] = [wordsOf(a), wordsOf(b)].sort((x, y) => x.size - y.size)
  return [...fewer!].every((word) => more!.has(word))
}

/**
 * Which lines of a statement are not kept yet, and how many already are: by id within a format
 * (the file's own ids, or the hash), and across formats (a bank's CSV and its CAMT give one line
 * different ids) by booking date, amount and words, each kept line standing for one line of the
 * statement. A kept line of the statement's own format is the same line only by its id.
 */
export function newStatementLines(
  kept: readonly KeptLineFacts[],
  statement: { format?: StatementFormat; lines: readonly StatementLine[] },
): { fresh: StatementLine[]; known: number } {
  const ids = new Set(statement.lines.map((line) => line.id))
  const keptIds = new Set(kept.map((line) => line.id))
  const elsewhere = new Map<string, KeptLineFacts[]>()
  if (statement.format !== undefined)
    for (const line of kept)
      if (line.format !== statement.format && !ids.has(line.id)) {
        const key = `${line.date}\u0000${line.amount}`
        elsewhere.set(key, [...(elsewhere.get(key) ?? []), line])
      }
  const fresh = statement.lines.filter((line) => {
    if (keptIds.has(line.id)) return false
    const same = elsewhere.get(`${line.date}\u0000${line.amount}`) ?? []
    const at = same.findIndex((other) => sameWords(other.text, line.text))
    if (at < 0) return true
    same.splice(at, 1)
    return false
  })
  return { fresh, known: statement.lines.length - fresh.length }
}
