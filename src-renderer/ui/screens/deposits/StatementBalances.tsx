import type { AccountBalance, BankAccount } from '../../../deposits'
import { formatMoney } from '../../../format/format-money'
import { formatBusinessDate } from '../../../format/time'

/**
 * The top of the screen, as Xero shows it: each bank account's statement balance (the last one
 * imported) against what the books hold (the statement's opening plus the lines matched), and
 * the lines not matched that make the difference.
 */
export function StatementBalances({
  balances,
  accounts,
  currency,
}: {
  balances: AccountBalance[]
  accounts: BankAccount[]
  currency: string
}): React.JSX.Element {
  const money = (minor: number) => formatMoney(minor, currency)
  const name = (id: string) => accounts.find((a) => a.id === id)?.name ?? id
  return (
    <table className="deposit-table" aria-label="Statement against the books">
      <thead>
        <tr>
          <th scope="col">Bank account</th>
          <th scope="col" className="amount">
            Statement balance
          </th>
          <th scope="col" className="amount">
            In the books
          </th>
          <th scope="col" className="amount">
            Not matched
          </th>
        </tr>
      </thead>
      <tbody>
        {balances.map((b) => (
          <tr key={b.bankAccountId}>
            <th scope="row">{name(b.bankAccountId)}</th>
            <td className="amount">
              {b.closing
                ? `${money(b.closing.amount)} on ${formatBusinessDate(b.closing.date)}`
                : 'No balance imported'}
            </td>
            <td className="amount">{money(b.books)}</td>
            <td className="amount">
              {money(b.notMatched.total)} ({b.notMatched.count} line
              {b.notMatched.count === 1 ? '' : 's'})
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
