/** Pages of an ordered sequence of rows, and the `meta` block of a list body. */

/** Rows in ascending order of the requested field (ties by id). */
export interface RowSequence {
  readonly length: number
  at(position: number): number
}

export function arrayRows(rows: Int32Array): RowSequence {
  return { length: rows.length, at: (position) => rows[position] as number }
}

export interface Page {
  rows: number[]
  meta: { page: number; limit: number; total: number; last_page: number }
}

export function pageOf(
  sequence: RowSequence,
  page: number,
  limit: number,
  descending: boolean,
): Page {
  const total = sequence.length
  const rows: number[] = []
  const end = Math.min(total, page * limit)
  for (let k = (page - 1) * limit; k < end; k++) {
    rows.push(sequence.at(descending ? total - 1 - k : k))
  }
  return { rows, meta: { page, limit, total, last_page: Math.max(1, Math.ceil(total / limit)) } }
}
