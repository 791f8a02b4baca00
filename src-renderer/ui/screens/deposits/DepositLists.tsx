import { useId, useState } from 'react'
import type { StoredStatementLine } from '../../../deposits'
import type { ExpectedDeposit } from '../../../deposits'
import type { MatchKind } from '../../../deposits'
import { formatMoney } from '../../../format/format-money'
import { methodLabel } from '../../../format/labels'
import { formatBusinessDate } from '../../../format/time'
import type { MatchView, OfferView, Waiting } from '../../../deposits'

/** What the lists need to name things as a bookkeeper reads them. */
export interface Naming {
  currency: string
  location(id: string): string
  session(id: string): string
}

const KIND_WORDS: Record<MatchKind, string> = {
  exact: 'Exact amount',
  'within-fee': 'Within the fee',
  'several-days': 'Several days in one deposit',
  split: 'One day in two deposits',
  'by-hand': 'Matched by hand',
}

/** "Card · Kemang · Fri 20 Nov 2026". */
function depositName(deposit: ExpectedDeposit, naming: Naming): string {
  return `${methodLabel(deposit.method)} · ${naming.location(deposit.locationId)} · ${formatBusinessDate(deposit.businessDate)}`
}

function lineWords(line: StoredStatementLine): string {
  return `${formatBusinessDate(line.date)} · ${line.text} · ${formatMoney(line.amount, line.currency)}`
}

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

export function OffersToConfirm({
  offers,
  naming,
  onConfirm,
}: {
  offers: OfferView[]
  naming: Naming
  onConfirm(bankLineIds: string[], expectedIds: string[]): void
}): React.JSX.Element | null {
  if (offers.length === 0) return null
  return (
    <section aria-labelledby="offers-title" className="panel">
      <h2 id="offers-title">To decide ({offers.length})</h2>
      <p className="muted">
        These bank lines fit more than one way, so Till did not choose. Confirm the one that is
        right, or match the line by hand below.
      </p>
      <ul className="deposit-list" aria-label="To decide">
        {offers.map(({ offer, lines, candidates }) => (
          <li key={offer.id}>
            <strong>{lines.map(lineWords).join(' + ')}</strong>
            <p className="muted">{offer.reason}</p>
            <ul>
              {candidates.map((candidate, i) => (
                <li key={offer.candidates[i]!.join('+')}>
                  {candidate
                    .map((d) => `${depositName(d, naming)} (${formatMoney(d.amount, d.currency)})`)
                    .join(', ')}{' '}
                  <button
                    type="button"
                    onClick={() =>
                      onConfirm(
                        offer.candidateLineIds[i] ?? offer.bankLineIds,
                        offer.candidates[i]!,
                      )
                    }
                  >
                    Confirm this match
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
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
            {matches.map(({ match, lines, expected, banked }) => (
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
                <td>{KIND_WORDS[match.kind]}</td>
                <td className="amount">{money(banked)}</td>
                <td className="amount">{match.fee === 0 ? '' : money(match.fee)}</td>
                <td className="amount">{match.shortfall === 0 ? '' : money(match.shortfall)}</td>
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

/** Money in that nothing explains yet, each matched by hand to deposits still waiting. */
export function UnmatchedLines({
  lines,
  open,
  naming,
  onMatch,
}: {
  lines: StoredStatementLine[]
  open: ExpectedDeposit[]
  naming: Naming
  onMatch(bankLineIds: string[], expectedIds: string[]): void
}): React.JSX.Element {
  const [line, setLine] = useState<string>('')
  const [chosen, setChosen] = useState<string[]>([])
  const picked = lines.find((l) => l.id === line)
  const candidates = picked ? open.filter((d) => d.bankAccountId === picked.bankAccountId) : []
  return (
    <section aria-labelledby="unmatched-title" className="panel">
      <h2 id="unmatched-title">Bank lines not matched ({lines.length})</h2>
      {lines.length === 0 ? (
        <p className="empty-state">Every amount paid in is matched or waiting for your decision.</p>
      ) : (
        <ul className="deposit-list" aria-label="Bank lines not matched">
          {lines.map((l) => (
            <li key={`${l.bankAccountId}/${l.id}`}>
              {lineWords(l)}{' '}
              <button
                type="button"
                onClick={() => {
                  setLine(l.id)
                  setChosen([])
                }}
              >
                Match by hand
              </button>
              {picked?.id === l.id && (
                <fieldset>
                  <legend>Takings this line pays</legend>
                  {candidates.length === 0 && <p>No takings are waiting in this bank account.</p>}
                  {candidates.map((d) => (
                    <label key={d.id} className="choice">
                      <input
                        type="checkbox"
                        checked={chosen.includes(d.id)}
                        onChange={(e) =>
                          setChosen(
                            e.target.checked ? [...chosen, d.id] : chosen.filter((c) => c !== d.id),
                          )
                        }
                      />
                      {depositName(d, naming)} ({formatMoney(d.amount, d.currency)})
                    </label>
                  ))}
                  <button
                    type="button"
                    disabled={chosen.length === 0}
                    onClick={() => {
                      onMatch([l.id], chosen)
                      setLine('')
                    }}
                  >
                    Match
                  </button>
                </fieldset>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
