import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef } from 'react'
import type { LineTax } from '../../../../src-shared/domain/records'
import type { TillDatabase } from '../../../database/database'
import { useLocationNames } from '../../../settings'
import { locationLabel } from '../../../format/location-label'
import type { CachedBill } from '../../../database/cached-records'
import { formatMoney } from '../../../format/format-money'
import { formatDateTime } from '../../../format/time'
import { methodLabel, taxLabel } from '../../../format/labels'
import { billStateLabel, signedAmount, TYPE_LABELS } from './bill-labels'
import { billExports, type BillExport } from './bill-exports'
import { usePageTitle } from '../../hooks/page-title'
import { sessionLabel } from '../../../format/session-label'
import { batchFileName } from '../../../exports'
import { MoneyTable } from '../../components/money-table/MoneyTable'
import { readSession } from '../../../sessions'
import { loadShownSession } from '../../../sessions'
import { readBill, refundsAndVoidsOf } from '../../../sessions'
import { TableHead } from '../../components/money-table/TableHead'

interface DetailProps {
  db: TillDatabase
  billId: string
  timeZone: string
  onOpenBill: (id: string) => void
  onClose: () => void
}

function taxText(taxes: LineTax[], currency: string): string {
  return taxes.map((t) => `${taxLabel(t)}: ${formatMoney(t.amount, currency)}`).join('; ')
}

function BillLink({ bill, onOpenBill }: { bill: CachedBill; onOpenBill: (id: string) => void }) {
  return (
    <button type="button" className="link" onClick={() => onOpenBill(bill.id)}>
      {TYPE_LABELS[bill.type]} {bill.number}
    </button>
  )
}

/** The bill's parent (for a refund or void) or its refunds and voids, each opening here. */
function Relations({
  db,
  bill,
  onOpenBill,
}: { bill: CachedBill } & Omit<DetailProps, 'billId' | 'timeZone' | 'onClose'>) {
  const parentId = bill.parentBillId
  const parent = useLiveQuery(
    async () => (parentId === null ? null : ((await readBill(db, parentId)) ?? null)),
    [db, parentId],
  )
  const children = useLiveQuery(() => refundsAndVoidsOf(db, bill.id), [db, bill.id])
  return (
    <>
      {parentId !== null && (
        <p>
          {TYPE_LABELS[bill.type]} of{' '}
          {parent ? (
            <BillLink bill={parent} onOpenBill={onOpenBill} />
          ) : (
            <span>bill {parentId} (not synced yet)</span>
          )}
        </p>
      )}
      {children && children.length > 0 && (
        <section aria-label="Refunds and voids">
          <h3>Refunds and voids</h3>
          <ul className="bill-children">
            {children.map((child) => (
              <li key={child.id}>
                <BillLink bill={child} onOpenBill={onOpenBill} />{' '}
                <span className="muted">
                  {formatMoney(signedAmount(child, child.total), child.currency)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

function Lines({ bill }: { bill: CachedBill }) {
  const money = (minor: number): string => formatMoney(minor, bill.currency)
  return (
    <table aria-label="Lines">
      <TableHead
        columns={[
          'Item',
          { amount: 'Qty' },
          { amount: 'Unit price' },
          { amount: 'Total' },
          'Taxes included',
        ]}
      />
      <tbody>
        {bill.lines.map((line) => (
          <tr key={line.id}>
            <td>{line.name}</td>
            <td className="amount">{line.quantity}</td>
            <td className="amount">{money(line.unitPrice)}</td>
            <td className="amount">{money(line.total)}</td>
            <td>{taxText(line.taxes, bill.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A two-column table of named amounts (discounts, fees, taxes), left out when empty. */
/** A bill's named amounts (discounts, fees, taxes), each with a note where `note` gives one. */
function Amounts<Item extends { name: string; amount: number }>({
  title,
  items,
  name = (item) => item.name,
  note = () => undefined,
  currency,
}: {
  title: string
  items: readonly Item[]
  name?: (item: Item) => string
  note?: (item: Item) => string | undefined
  currency: string
}) {
  if (items.length === 0) return null
  return (
    <MoneyTable
      label={title}
      columns={[title, 'Amount']}
      currency={currency}
      rows={items.map((item, i) => {
        const noted = note(item)
        return {
          key: String(i),
          label: (
            <>
              {name(item)}
              {noted && <span className="muted"> · {noted}</span>}
            </>
          ),
          cells: [item.amount],
        }
      })}
    />
  )
}

function Payments({ bill, timeZone }: { bill: CachedBill; timeZone: string }) {
  if (bill.payments.length === 0) return <p className="muted">No payments.</p>
  return (
    <table aria-label="Payments">
      <TableHead
        columns={['Method', `Time (${timeZone})`, 'Session', 'Reference', { amount: 'Amount' }]}
      />
      <tbody>
        {bill.payments.map((payment) => {
          const amount = formatMoney(payment.amount, bill.currency)
          return (
            <tr key={payment.id} className={payment.reversedAt === null ? undefined : 'reversed'}>
              <td>
                {methodLabel(payment.method)}
                {payment.reversedAt !== null && (
                  <span className="reversed-note">
                    {' '}
                    reversed {formatDateTime(payment.reversedAt, timeZone)}
                  </span>
                )}
              </td>
              <td>{formatDateTime(payment.createdAt, timeZone)}</td>
              <td>{payment.registerSessionId ?? '—'}</td>
              <td>{payment.ref ?? '—'}</td>
              <td className="amount">
                {payment.reversedAt === null ? amount : <del>{amount}</del>}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** The file a batch wrote; a Xero export over 300 lines came in numbered parts of that name. */
function batchFile({ batch }: BillExport): string {
  const name = batchFileName(batch)
  return batch.what === 'xero' ? `${name} (or its numbered parts)` : name
}

/** Every journal export this bill's entries went into; the files are in the Exports log. */
function Exports({ db, bill, timeZone }: { db: TillDatabase; bill: CachedBill; timeZone: string }) {
  const rows = useLiveQuery(() => billExports(db, bill), [db, bill])
  return (
    <section aria-label="Exports">
      <h3>Exports</h3>
      {rows === undefined && <p role="status">Reading the export log…</p>}
      {rows?.length === 0 && <p className="muted">Not in any journal export yet.</p>}
      {rows && rows.length > 0 && (
        <>
          <table aria-label="Exports of this bill">
            <TableHead
              columns={[`Exported (${timeZone})`, 'Destination', 'File', 'Entry', 'Kind']}
            />
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.batch.id} ${row.entryId}`}>
                  <td>{formatDateTime(Date.parse(row.batch.createdAt), timeZone)}</td>
                  <td>
                    {row.destination},{' '}
                    {row.batch.granularity === 'bill' ? 'per bill' : 'per session'}
                  </td>
                  <td>{batchFile(row)}</td>
                  <td>
                    {row.entryId}
                    {row.carrier !== 'bill' && <span className="muted"> ({row.carrier})</span>}
                  </td>
                  <td>{row.revision}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <a href="#/exports">Open the export log</a> to download any of these files again.
          </p>
        </>
      )}
    </section>
  )
}

function Facts({ items }: { items: Array<[string, string]> }) {
  return (
    <dl className="bill-facts">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function BillBody({
  bill,
  ...props
}: { bill: CachedBill } & Omit<DetailProps, 'billId' | 'onClose'>) {
  const { timeZone, db } = props
  const names = useLocationNames(db)
  const money = (minor: number): string => formatMoney(minor, bill.currency)
  const sessionId = bill.registerSessionId
  const session = useLiveQuery(async () => {
    const session = sessionId === null ? undefined : await readSession(db, sessionId)
    return session && loadShownSession(db, session, Date.now())
  }, [db, sessionId])
  return (
    <>
      <Facts
        items={[
          ['Type', TYPE_LABELS[bill.type]],
          ['Status', bill.status],
          [`Time (${timeZone})`, formatDateTime(bill.createdAt, timeZone)],
          ['Location', locationLabel(bill.locationId, names)],
          [
            'Session',
            session
              ? sessionLabel(session, timeZone, locationLabel(session.locationId, names))
              : sessionId === null
                ? '—'
                : 'Not synced yet',
          ],
          ['Currency', bill.currency],
        ]}
      />
      <Relations bill={bill} {...props} />
      {!bill.hasDetail && (
        <p className="notice">
          Lines, taxes and payments of this bill arrive with its detail at the next sync.
        </p>
      )}
      {bill.hasDetail && (
        <>
          <Lines bill={bill} />
          <Amounts title="Discounts" currency={bill.currency} items={bill.discounts} />
          <Amounts
            title="Fees"
            currency={bill.currency}
            items={bill.fees}
            note={(f) =>
              f.taxes.length ? `includes ${taxText(f.taxes, bill.currency)}` : undefined
            }
          />
          <Amounts title="Taxes" currency={bill.currency} items={bill.taxes} name={taxLabel} />
          <h3>Payments</h3>
          <Payments bill={bill} timeZone={timeZone} />
        </>
      )}
      <Facts
        items={[
          ...(bill.subtotal === null
            ? []
            : [['Subtotal', money(bill.subtotal)] as [string, string]]),
          ['Total', money(signedAmount(bill, bill.total))],
          ['Tax included', money(signedAmount(bill, bill.totalTax))],
          ['Paid', money(signedAmount(bill, bill.amountPaid))],
          ['Due', money(signedAmount(bill, bill.amountDue))],
          ['State', billStateLabel(bill)],
        ]}
      />
      <Exports db={props.db} bill={bill} timeZone={timeZone} />
    </>
  )
}

/**
 * A bill in a side panel: everything about it, live from the cache. Escape or Close closes it;
 * a link to its parent or to a refund or void opens that bill here.
 */
export function BillDetail({ onClose, billId, ...props }: DetailProps): React.JSX.Element {
  const { db } = props
  const bill = useLiveQuery(async () => (await readBill(db, billId)) ?? null, [db, billId])
  const title = useRef<HTMLHeadingElement>(null)
  const loaded = bill !== undefined
  usePageTitle(bill ? `Bill ${bill.number}` : 'Bill', 2)

  useEffect(() => {
    if (loaded) title.current?.focus()
  }, [loaded, billId])
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onClose])

  return (
    // Not modal (the list stays usable beside it), so a plain element with the dialog role.
    <div className="bill-detail" role="dialog" aria-labelledby="bill-detail-title">
      <header className="bill-detail-head">
        <h2 id="bill-detail-title" tabIndex={-1} ref={title}>
          {bill ? `Bill ${bill.number}` : 'Bill'}
        </h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      {bill === undefined && <p role="status">Loading the bill…</p>}
      {bill === null && <p className="notice">This bill is no longer in the cache.</p>}
      {bill && <BillBody bill={bill} {...props} />}
    </div>
  )
}
