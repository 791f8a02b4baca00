import { useId } from 'react'
import { DIFFERENCE_WORDS } from '../../../deposits'
import type { MatchView, Waiting } from '../../../deposits'
import { formatMoney } from '../../../format/format-money'
import { methodLabel } from '../../../format/labels'
import { formatBusinessDate } from '../../../format/time'
import { depositName, KIND_WORDS, type Naming } from './deposit-words'

export function StillWaiting({
  waiting,
  naming,
}: {
  waiting: Waiting[]
  naming: Naming
}): React.JSX.Element {
  const money = (minor: number) => formatMoney(minor, naming.currency)
  return (
    <section aria-labelledby="waiting-title" className="panel">
      <h2 id="waiting-title">Still waiting for the bank</h2>
      <p className="muted">
        Takings still in each clearing account: no bank line has been matched to them yet. Ages
        count from the day of the takings.
      </p>
      {waiting.length === 0 ? (
        <p className="empty-state">
          Nothing is waiting: every day’s takings have reached the bank.
        </p>
      ) : (
        <table className="deposit-table" aria-label="Still waiting">
          <thead>
            <tr>
              <th scope="col">Clearing account</th>
              <th scope="col">Waiting since</th>
              <th scope="col" className="amount">
                Up to 3 days
              </th>
              <th scope="col" className="amount">
                4 to 7 days
              </th>
              <th scope="col" className="amount">
                Older
              </th>
              <th scope="col" className="amount">
                Total waiting
              </th>
            </tr>
          </thead>
          <tbody>
            {waiting.map((w) => (
              <tr key={w.method}>
                <th scope="row">{methodLabel(w.method)}</th>
                <td>{formatBusinessDate(w.since)}</td>
                <td className="amount">{money(w.upTo3)}</td>
                <td className="amount">{money(w.upTo7)}</td>
                <td className="amount">{money(w.older)}</td>
                <td className="amount">{money(w.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

export function MatchedDeposits({
  title,
  matches,
  naming,
  onUnmatch,
}: {
  title: string
  matches: MatchView[]
  naming: Naming
  onUnmatch?(id: string): void
}): React.JSX.Element {
  const money = (minor: number) => formatMoney(minor, naming.currency)
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="panel">
      <h2 id={titleId}>
        {title} ({matches.length})
      </h2>
      {matches.length === 0 ? (
        <p className="empty-state">
          {onUnmatch ? 'No bank line is matched yet.' : 'No match has been undone.'}
        </p>
      ) : (
        <table className="deposit-table" aria-label={title}>
          <thead>
            <tr>
              <th scope="col">Bank line</th>
              <th scope="col">Takings it covers</th>
              <th scope="col">How</th>
              <th scope="col" className="amount">
                Banked
              </th>
              <th scope="col" className="amount">
                Fee
              </th>
              <th scope="col" className="amount">
                Cash short (over)
              </th>
              <th scope="col">{onUnmatch ? 'Matched by' : 'Unmatched by'}</th>
              {onUnmatch && <th scope="col" aria-label="Actions" />}
            </tr>
          </thead>
          <tbody>
            {matches.map(({ match, lines, expected, banked, fee, shortfall }) => (
              <tr key={match.id}>
                <td>
                  {lines.map((l) => (
                    <div key={l.id}>
                      {formatBusinessDate(l.date)} · {l.text}
                    </div>
                  ))}
                </td>
                <td>
                  {expected.map((d) => (
                    <div key={d.id}>
                      {depositName(d, naming)}
                      <div className="muted">{d.sessionIds.map(naming.session).join('; ')}</div>
                    </div>
                  ))}
                </td>
                <td>
                  {KIND_WORDS[match.kind]}
                  {match.explained && (
                    <div className="muted">
                      A difference to explain: {DIFFERENCE_WORDS[match.explained]}
                    </div>
                  )}
                </td>
                <td className="amount">{money(banked)}</td>
                <td className="amount">{fee === 0 ? '' : money(fee)}</td>
                <td className="amount">{shortfall === 0 ? '' : money(shortfall)}</td>
                <td>{onUnmatch ? match.madeBy : (match.unmatchedBy ?? '')}</td>
                {onUnmatch && (
                  <td>
                    <button type="button" onClick={() => onUnmatch(match.id)}>
                      Unmatch
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
