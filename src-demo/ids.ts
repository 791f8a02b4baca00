/**
 * Identifiers as the API shows them. All are decimal strings of fixed width, so that ordering
 * them as text and as numbers agree; payments and lines are named after their bill.
 */

const BILL_BASE = 1_000_000_001
const SESSION_BASE = 30_000_001
const EXPENSE_BASE = 70_000_001

function parseFixed(id: string, base: number, width: number): number | null {
  if (id.length !== width || !/^\d+$/.test(id)) return null
  const index = Number(id) - base
  return index >= 0 ? index : null
}

export const billId = (row: number): string => String(BILL_BASE + row)
export const billRowOf = (id: string): number | null => parseFixed(id, BILL_BASE, 10)

export const sessionId = (index: number): string => String(SESSION_BASE + index)
export const sessionIndexOf = (id: string): number | null => parseFixed(id, SESSION_BASE, 8)

export const expenseId = (index: number): string => String(EXPENSE_BASE + index)
export const expenseIndexOf = (id: string): number | null => parseFixed(id, EXPENSE_BASE, 8)

export const lineId = (bill: string, position: number): string => `${bill}-L${position}`

export const paymentId = (row: number, seq: number): string => `${billId(row)}-P${seq}`

export function parsePaymentId(id: string): { row: number; seq: number } | null {
  const match = /^(\d{10})-P([1-9]\d*)$/.exec(id)
  const row = match ? billRowOf(match[1] as string) : null
  return row === null ? null : { row, seq: Number(match?.[2]) }
}
