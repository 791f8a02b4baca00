import type { ShownPreview } from '../../../deposits'
import { formatMoney } from '../../../format/format-money'
import { formatBusinessDate } from '../../../format/time'

/** The first lines a statement would import, and whether its currency is the account's. */
export function StatementPreviewTable({
  preview,
  accountCurrency,
}: {
  preview: Extract<ShownPreview, { ok: true }>
  accountCurrency: string
}): React.JSX.Element {
  return (
    <table className="deposit-table" aria-label="Statement preview">
      <caption>
        The first {preview.lines.length} of {preview.total} lines
        {preview.currency !== accountCurrency &&
          ` — in ${preview.currency}, not ${accountCurrency}: it will be refused`}
      </caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Description</th>
          <th scope="col" className="amount">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {preview.lines.map((line) => (
          <tr key={line.id}>
            <td>{formatBusinessDate(line.date)}</td>
            <td>{line.text}</td>
            <td className="amount">{formatMoney(line.amount, line.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
