/**
 * How the shop's records look on the wire: bill summaries and details, expenses, register
 * sessions and webhook `data`. Amounts go out in major units, times in ISO 8601 with the
 * merchant's offset. Refund and void bills carry positive magnitudes; their type gives the
 * direction.
 */

import type { BillContent, BillLine, TaxAmount } from './bill-content'
import { BILL_TYPES, FLAG_FULLY_REFUNDED, FLAG_VOIDED, SALE, type BillType } from './bill-table'
import { billId, paymentId, sessionId } from './ids'
import type { Payment } from './payments'
import type { Expense, Session, Shop, ShopEvent } from './shop'

export type Json = Record<string, unknown>

export class Representation {
  constructor(private readonly shop: Shop) {}

  private money(minor: number): number {
    return this.shop.config.currency.toMajor(minor)
  }

  private time(instant: number): string {
    return this.shop.config.zone.formatIso(instant)
  }

  private billStatus(row: number): string {
    const { bills } = this.shop
    if (bills.kind[row] !== SALE) return 'completed'
    const flags = bills.flags[row] as number
    if (flags & FLAG_VOIDED) return 'voided'
    if (flags & FLAG_FULLY_REFUNDED) return 'refunded'
    if (this.shop.amountDue(row) === 0) return 'paid'
    return bills.amountPaid[row] === 0 ? 'unpaid' : 'partially_paid'
  }

  billSummary(row: number): Json {
    const { bills } = this.shop
    const parent = bills.parent[row] as number
    const origin = this.shop.onlineOrigin(row)
    return {
      id: billId(row),
      number: this.shop.billNumber(row),
      type: BILL_TYPES[bills.kind[row] as number] as BillType,
      status: this.billStatus(row),
      location_id: this.shop.locationOf(row).id,
      register_session_id: sessionId(bills.session[row] as number),
      parent_bill_id: parent < 0 ? null : billId(parent),
      currency: this.shop.config.currency.code,
      total: this.money(bills.total[row] as number),
      total_tax: this.money(bills.totalTax[row] as number),
      amount_paid: this.money(bills.amountPaid[row] as number),
      amount_due: this.money(this.shop.amountDue(row)),
      created_at: this.time(bills.createdAt[row] as number),
      updated_at: this.time(bills.updatedAt[row] as number),
      ...(origin && {
        online_order: {
          order_id: origin.orderId,
          online_location_id: origin.onlineLocationId,
          fulfilment_type: origin.fulfilmentType,
        },
      }),
    }
  }

  bill(row: number): Json {
    const content: BillContent = this.shop.content(row)
    return {
      ...this.billSummary(row),
      subtotal: this.money(content.subtotal),
      lines: content.lines.map((line) => this.line(line)),
      discounts: content.discounts.map((d) => ({ name: d.name, amount: this.money(d.amount) })),
      fees: content.fees.map((fee) => ({
        name: fee.name,
        amount: this.money(fee.amount),
        taxes: fee.taxes.map((tax) => this.tax(tax)),
      })),
      taxes: content.taxes.map((tax) => this.tax(tax)),
      payments: this.shop.payments(row).map((payment) => this.payment(row, payment)),
    }
  }

  private line(line: BillLine): Json {
    return {
      id: line.id,
      variant_id: line.variantId,
      name: line.name,
      quantity: line.quantity,
      unit_price: this.money(line.unitPrice),
      total: this.money(line.total),
      taxes: line.taxes.map((tax) => this.tax(tax)),
      ...(line.parentLineId === undefined ? {} : { parent_line_id: line.parentLineId }),
    }
  }

  private tax(tax: TaxAmount): Json {
    return { name: tax.name, rate: tax.rate, amount: this.money(tax.amount) }
  }

  payment(row: number, payment: Payment): Json {
    return {
      id: paymentId(row, payment.seq),
      method: payment.method,
      amount: this.money(payment.amount),
      ...(payment.ref === null ? {} : { ref: payment.ref }),
      created_at: this.time(payment.createdAt),
      register_session_id: sessionId(payment.session),
      reversed_at: payment.reversedAt === null ? null : this.time(payment.reversedAt),
    }
  }

  expense(expense: Expense): Json {
    return {
      id: expense.id,
      number: expense.number,
      location_id: expense.location.id,
      register_session_id: expense.session?.id ?? null,
      category: expense.category,
      description: expense.description,
      supplier: expense.supplier,
      amount: this.money(expense.amount),
      tax_amount: this.money(expense.taxAmount),
      payment_method: expense.paymentMethod,
      expense_date: expense.expenseDate,
      created_at: this.time(expense.createdAt),
      updated_at: this.time(expense.updatedAt),
    }
  }

  session(session: Session): Json {
    return {
      id: session.id,
      location_id: session.location.id,
      opened_at: this.time(session.openedAt),
      closed_at: session.closedAt === null ? null : this.time(session.closedAt),
      opening_cash: this.money(session.openingCash),
      bill_count: session.bills.length,
    }
  }

  /** The `data` of the webhook for a shop event (docs/service.md#events). */
  eventData(event: ShopEvent): Json {
    switch (event.type) {
      case 'bill.created':
        return {
          bill_id: billId(event.row),
          location_id: this.shop.locationOf(event.row).id,
          register_session_id: this.shop.sessionOf(event.row).id,
        }
      case 'bill.refunded':
      case 'bill.voided':
        return {
          bill_id: billId(event.row),
          parent_bill_id: billId(event.parent),
          location_id: this.shop.locationOf(event.row).id,
          register_session_id: this.shop.sessionOf(event.row).id,
        }
      case 'payment.created':
        return {
          payment_id: paymentId(event.row, event.payment.seq),
          bill_id: billId(event.row),
          amount: this.money(event.payment.amount),
          method: event.payment.method,
          settled_bill: event.settled,
        }
      case 'payment.reversed':
        return { payment_id: paymentId(event.row, event.payment.seq), bill_id: billId(event.row) }
      case 'expense.created':
      case 'expense.updated':
        return { expense_id: event.expense.id, location_id: event.expense.location.id }
      case 'register_session.closed': {
        const { session } = event
        return {
          register_session_id: session.id,
          location_id: session.location.id,
          opened_at: this.time(session.openedAt),
          closed_at: this.time(session.closedAt ?? event.at),
          opening_cash: this.money(session.openingCash),
        }
      }
    }
  }
}
