import { StatementReadError, type ParsedStatement } from '../bank-line'
import { withLineIds, type ReadLine } from './statement-line-ids'
import {
  bankCodes,
  calendarDate,
  checkChained,
  currencyCode,
  fullYear,
  machineAmount,
} from './statement-values'

/**
 * SWIFT MT940 customer statements, read by hand (the registry's MT940 readers turn amounts into
 * floats): :20: reference, :25: account, :60F:/:60M: opening balance, each :61: statement line
 * with the :86: that follows it, :62F:/:62M: closing balance. Several statements of one account
 * may follow each other in a file; each must add up from its opening balance to its closing one,
 * and each open where the one before closed. A statement the file holds twice is read once.
 * Two-digit years are read in a window around `thisYear` (./statement-values.ts `fullYear`).
 */

interface Field {
  tag: string
  value: string
  line: number
}

/** The fields of the file, each with the line it starts on; block wrappers ({1:…}{4:, -}) dropped. */
function fields(text: string): Field[] {
  const found: Field[] = []
  text.split(/\r?\n|\r/).forEach((raw, index) => {
    // Trailing spaces are kept: a wrapped :86: text may break a line at a space.
    const line = raw.replace(/^\{1:[^}]*\}(\{2:[^}]*\})?(\{3:(\{[^}]*\})*\})?\{4:/, '')
    const bare = line.trim()
    if (bare === '' || bare === '-' || bare === '-}' || bare === '$' || /^\{5:.*\}$/.test(bare))
      return
    const tagged = /^:(\d{2}[A-Z]?):(.*)$/.exec(line)
    if (tagged) found.push({ tag: tagged[1]!, value: tagged[2]!, line: index + 1 })
    else if (found.length > 0) found.at(-1)!.value += `\n${line}`
    else throw new StatementReadError('text before the first field (:20:)', `line ${index + 1}`)
  })
  return found
}

function yymmdd(text: string, where: string, thisYear: number): string {
  const date = calendarDate(
    fullYear(Number(text.slice(0, 2)), thisYear),
    Number(text.slice(2, 4)),
    Number(text.slice(4, 6)),
  )
  if (!/^\d{6}$/.test(text) || !date)
    throw new StatementReadError(`“${text}” is not a YYMMDD date`, where)
  return date
}

/** :60F:/:62F: "C261120IDR1500000,00": the signed balance and its currency. */
function readBalance(field: Field, thisYear: number): { amount: number; currency: string } {
  const where = `line ${field.line} (:${field.tag}:)`
  const match = /^([CD])(\d{6})([A-Z]{3})([\d,]+)$/.exec(field.value.trim())
  if (!match)
    throw new StatementReadError(
      `“${field.value}” is not a balance (C/D, YYMMDD, currency, amount)`,
      where,
    )
  const [, sign, date, ccy, amount] = match
  yymmdd(date!, where, thisYear)
  const currency = currencyCode(ccy!, where)
  const magnitude = machineAmount(amount!, currency, where)
  return { amount: sign === 'D' ? -magnitude : magnitude, currency }
}

/** The booking date of :61:'s optional MMDD, in the year that puts it nearest the value date. */
function entryDate(valueDate: string, mmdd: string, where: string): string {
  const year = Number(valueDate.slice(0, 4))
  const candidates = [year - 1, year, year + 1].map((y) =>
    calendarDate(y, Number(mmdd.slice(0, 2)), Number(mmdd.slice(2, 4))),
  )
  const distance = (date: string | null): number =>
    date ? Math.abs(Date.parse(date) - Date.parse(valueDate)) : Infinity
  const nearest = candidates.reduce((best, date) => (distance(date) < distance(best) ? date : best))
  if (!nearest) throw new StatementReadError(`“${mmdd}” is not an MMDD entry date`, where)
  return nearest
}

const STATEMENT_LINE =
  /^(\d{6})(\d{4})?(R?[CD])([A-Z])?([\d,]+)([NFS][A-Z0-9]{3})([^\n]*?)(?:\/\/([^\n]*))?(?:\n([\s\S]*))?$/

function statementLine(
  field: Field,
  info: string | undefined,
  currency: string,
  thisYear: number,
): ReadLine {
  const where = `line ${field.line} (:61:)`
  const match = STATEMENT_LINE.exec(field.value.trim())
  if (!match)
    throw new StatementReadError(`“${field.value.split('\n')[0]}” is not a statement line`, where)
  const [, value, mmdd, mark, , amount, kind, customerRef, bankRef, supplement] = match
  const valueDate = yymmdd(value!, where, thisYear)
  const date = mmdd ? entryDate(valueDate, mmdd, where) : valueDate
  const magnitude = machineAmount(amount!, currency, where)
  const text = [info?.replace(/\n/g, ''), supplement?.trim(), customerRef?.trim()]
    .filter((part) => part && part !== 'NONREF')
    .join(' · ')
  const fileId = bankRef?.trim()
  return {
    ...(fileId ? { fileId } : {}),
    date,
    ...(valueDate !== date ? { valueDate } : {}),
    amount: mark === 'C' || mark === 'RD' ? magnitude : -magnitude,
    currency,
    text,
    ...bankCodes(kind, customerRef),
    where,
  }
}

interface Mt940Part {
  account: string | undefined
  currency: string
  lines: ReadLine[]
  opening: number
  closing: number
  start: Field
}

function readParts(all: Field[], thisYear: number): Mt940Part[] {
  const parts: Mt940Part[] = []
  let current: Omit<Mt940Part, 'closing'> | null = null
  const close = (closing: Field): void => {
    if (!current)
      throw new StatementReadError(
        'a closing balance without an opening one',
        `line ${closing.line}`,
      )
    const { amount, currency } = readBalance(closing, thisYear)
    if (currency !== current.currency)
      throw new StatementReadError(
        `the closing balance is in ${currency}, the opening in ${current.currency}`,
        `line ${closing.line}`,
      )
    const moved = current.lines.reduce((sum, line) => sum + line.amount, 0)
    if (current.opening + moved !== amount)
      throw new StatementReadError(
        `the lines do not add up from the opening balance to the closing one (${moved} of ${amount - current.opening} minor units): the file is incomplete`,
        `line ${closing.line} (:${closing.tag}:)`,
      )
    parts.push({ ...current, closing: amount })
    current = null
  }
  let account: string | undefined
  all.forEach((field, index) => {
    if (field.tag === '25') account = field.value.trim()
    else if (field.tag === '60F' || field.tag === '60M') {
      const { amount, currency } = readBalance(field, thisYear)
      current = { account, currency, lines: [], opening: amount, start: field }
    } else if (field.tag === '61') {
      if (!current)
        throw new StatementReadError(
          'a statement line before the opening balance (:60F:)',
          `line ${field.line}`,
        )
      const next = all[index + 1]
      current.lines.push(
        statementLine(
          field,
          next?.tag === '86' ? next.value : undefined,
          current.currency,
          thisYear,
        ),
      )
    } else if (field.tag === '62F' || field.tag === '62M') close(field)
  })
  const unfinished = current as Omit<Mt940Part, 'closing'> | null
  if (unfinished)
    throw new StatementReadError(
      'the statement has no closing balance (:62F:)',
      `line ${unfinished.start.line}`,
    )
  return parts
}

/** What a statement says, all but where it stands in the file: the same twice is one statement. */
function sameness(part: Mt940Part): string {
  const lines = part.lines.map(({ where: _, ...line }) => line)
  return JSON.stringify([part.account, part.currency, part.opening, part.closing, lines])
}

/** The statements, each once, in the file's order; refused where one does not open at the
 *  balance the one before it closed at (a statement missing between them, or out of order). */
function chained(parts: readonly Mt940Part[]): Mt940Part[] {
  const seen = new Set<string>()
  const once = parts.filter((part) => !seen.has(sameness(part)) && seen.add(sameness(part)))
  once.forEach((part, index) =>
    checkChained(
      part.opening,
      once[index - 1]?.closing,
      `line ${part.start.line} (:${part.start.tag}:)`,
    ),
  )
  return once
}

export function readMt940Statement(
  text: string,
  thisYear = new Date().getUTCFullYear(),
): ParsedStatement {
  const parts = chained(readParts(fields(text), thisYear))
  const [first] = parts
  if (!first) throw new StatementReadError('the file holds no statement (:60F: … :62F:)', 'line 1')
  const other = parts.find(
    (part) => part.account !== first.account || part.currency !== first.currency,
  )
  if (other)
    throw new StatementReadError(
      'the file holds the statements of several accounts or currencies; export one account at a time',
      other.lines[0]?.where ?? 'line 1',
    )
  return {
    format: 'mt940',
    ...(first.account ? { accountRef: first.account } : {}),
    currency: first.currency,
    lines: withLineIds(parts.flatMap((part) => part.lines)),
  }
}
