import { MoneyError } from '../../../../src-shared/domain/money'
import { formatMoney } from '../../../format/format-money'
import {
  denominationKey,
  denominationTotal,
  MAX_PIECES,
  type CountedDenomination,
  type Denomination,
} from '../../../day-close'

/** A field of pieces as typed: a whole number ≥ 0 (blank is none), or why it is not one. */
type Pieces = { ok: true; pieces: number } | { ok: false; message: string }

const MAX_TEXT = new Intl.NumberFormat('en-US').format(MAX_PIECES)

function readPieces(text: string): Pieces {
  const typed = text.trim()
  if (typed === '') return { ok: true, pieces: 0 }
  if (/^\d+$/.test(typed)) {
    const pieces = Number(typed)
    return pieces <= MAX_PIECES
      ? { ok: true, pieces }
      : {
          ok: false,
          message: `“${typed}” is more pieces than a drawer holds (${MAX_TEXT} at most).`,
        }
  }
  if (/^[-−]\s*\d/.test(typed))
    return { ok: false, message: `“${typed}” is negative: pieces are 0 or more.` }
  if (/^\d[\d.,\s]*$/.test(typed))
    return {
      ok: false,
      message: `“${typed}” is not a whole number of pieces: type digits only, without a decimal or thousands mark.`,
    }
  return { ok: false, message: `“${typed}” is not a number of pieces: type digits only.` }
}

interface PieceRow {
  denomination: Denomination
  key: string
  /** "IDR 100,000 notes": the field's name. */
  label: string
  text: string
  pieces: Pieces
  /** Its value times its pieces; null while the field is not a number of pieces. */
  amount: number | null
}

export interface PieceCount {
  rows: PieceRow[]
  /** Some field holds something: the drawer is being counted by notes and coins. */
  used: boolean
  /** The sum of the rows as they are on screen; null while a field is not a number of pieces. */
  total: number | null
  /** Each field that is not a number of pieces: "IDR 100,000 notes: “2.5” is not …". */
  problems: string[]
  /** The notes and coins with pieces, for the record of the count. */
  breakdown: CountedDenomination[]
}

/** The drawer as counted by its notes and coins, from the pieces typed by denomination key. */
export function countByPieces(
  denominations: readonly Denomination[],
  typed: Readonly<Record<string, string>>,
  currency: string,
): PieceCount {
  const rows = denominations.map((denomination): PieceRow => {
    const key = denominationKey(denomination)
    const text = typed[key] ?? ''
    const pieces = readPieces(text)
    return {
      denomination,
      key,
      label: `${formatMoney(denomination.value, currency)} ${denomination.kind}s`,
      text,
      pieces,
      amount: pieces.ok ? denomination.value * pieces.pieces : null,
    }
  })
  const problems = rows.flatMap((r) => (r.pieces.ok ? [] : [`${r.label}: ${r.pieces.message}`]))
  const counted = rows.flatMap((r) =>
    r.pieces.ok && r.pieces.pieces > 0 ? [{ ...r.denomination, pieces: r.pieces.pieces }] : [],
  )
  let total: number | null = null
  if (problems.length === 0) {
    try {
      total = denominationTotal(
        counted,
        counted.map((d) => d.pieces),
      )
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error
      problems.push('The notes and coins add up to more than Till can count exactly.')
    }
  }
  return {
    rows,
    used: rows.some((r) => r.text.trim() !== ''),
    total,
    problems,
    breakdown: counted,
  }
}
