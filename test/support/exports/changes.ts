import fc from 'fast-check'
import { METHODS, type Shop } from './shop'

/** Later changes to a generated shop's records: late payments, reversals, edits, refunds, expenses. */

export function withBill(
  shop: Shop,
  id: string,
  change: (b: Shop['bills'][number]) => Shop['bills'][number],
): Shop {
  return { ...shop, bills: shop.bills.map((b) => (b.id === id ? change(b) : b)) }
}

export type Change =
  | { kind: 'pay'; bill: number; method: string; amount: number; session: number }
  | { kind: 'reverse'; bill: number }
  | { kind: 'edit'; bill: number; delta: number }
  | { kind: 'refund'; bill: number }
  | { kind: 'expense'; amount: number }

export const changeArbitrary: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    bill: fc.nat(),
    method: fc.constantFrom(...METHODS),
    amount: fc.nat(50_000),
    session: fc.integer({ min: -1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('reverse' as const), bill: fc.nat() }),
  fc.record({
    kind: fc.constant('edit' as const),
    bill: fc.nat(),
    delta: fc.integer({ min: 1, max: 5_000 }),
  }),
  fc.record({ kind: fc.constant('refund' as const), bill: fc.nat() }),
  fc.record({ kind: fc.constant('expense' as const), amount: fc.nat(90_000) }),
)

export function applyChange(shop: Shop, change: Change, n: number): Shop {
  const sales = shop.bills.filter((b) => b.type === 'sale')
  const target = sales[('bill' in change ? change.bill : 0) % Math.max(sales.length, 1)]
  switch (change.kind) {
    case 'expense':
      return {
        ...shop,
        expenses: shop.expenses.map((e, i) => (i === 0 ? { ...e, amount: change.amount } : e)),
      }
    case 'refund':
      if (!target) return shop
      return {
        ...shop,
        bills: [
          ...shop.bills,
          {
            ...target,
            id: `${target.id}-late-${n}`,
            type: 'refund',
            parentBillId: target.id,
            payments: [],
          },
        ],
      }
    default:
      if (!target) return shop
      return withBill(shop, target.id, (b) => {
        if (change.kind === 'pay') {
          const session =
            change.session < 0
              ? null
              : (shop.sessions[change.session % shop.sessions.length]?.id ?? null)
          const payment = {
            id: `${b.id}-late-${n}`,
            method: change.method,
            amount: change.amount,
            ref: null,
            createdAt: b.createdAt + 86_400_000,
            registerSessionId: session,
            reversedAt: null,
          }
          return { ...b, payments: [...b.payments, payment] }
        }
        if (change.kind === 'reverse') {
          const live = b.payments.find((p) => p.reversedAt === null)
          return {
            ...b,
            payments: b.payments.map((p) =>
              p === live ? { ...p, reversedAt: p.createdAt + 3_600_000 } : p,
            ),
          }
        }
        const [head, ...rest] = b.lines
        if (!head) return b
        return {
          ...b,
          lines: [{ ...head, total: head.total + change.delta }, ...rest],
          total: b.total + change.delta,
        }
      })
  }
}
