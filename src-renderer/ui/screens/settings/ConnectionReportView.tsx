import type { ConnectionReport } from '../../../../src-shared/bridge/contract'

export function ConnectionReportView({ report }: { report: ConnectionReport }): React.JSX.Element {
  return (
    <div className={report.ok ? 'report ok' : 'report error'} aria-label="Connection test result">
      <p>
        <strong>{report.summary}</strong>
      </p>
      <ul>
        <li>{report.areas.bills.message}</li>
        <li>{report.areas.expenses.message}</li>
      </ul>
    </div>
  )
}
