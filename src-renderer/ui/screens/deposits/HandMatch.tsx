import { useState } from 'react'
import {
  DIFFERENCE_REASONS,
  DIFFERENCE_WORDS,
  differenceToExplain,
  type DifferenceReason,
  type ExpectedDeposit,
  type StoredStatementLine,
} from '../../../deposits'
import { sumMinor } from '../../../../src-shared/domain/money'
import { formatMoney } from '../../../format/format-money'
import { DateFilter } from '../../components/filters/DateFilter'
import { FilterChoice } from '../../components/filters/FilterChoice'
import { depositName, differenceWords, type Naming } from './deposit-words'

/** The most takings listed at once: narrow the dates, method or location for the others. */
const SHOWN = 60
/** Days before a line the takings it pays are first looked for (a week's batch after a lag). */
const DAYS_BACK = 14

function dayMoved(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

export interface HandChoice {
  /** The bank account of the lines: an account's line ids are its own. */
  bankAccountId: string
  bankLineIds: string[]
  expectedIds: string[]
  explained?: DifferenceReason
}

/**
 * Bank lines matched by hand to takings still waiting in their account, filtered by the
 * takings' dates (the fortnight up to the line at first), method and location, with the running
 * total and the difference from the line. A fee below zero or above a sane share of the gross is
 * a difference to explain: recorded with the reason the person chooses, never as a fee.
 */
export function HandMatch({
  lines,
  open,
  naming,
  methods,
  locations,
  onMatch,
}: {
  lines: StoredStatementLine[]
  open: ExpectedDeposit[]
  naming: Naming
  methods: readonly (readonly [string, string])[]
  locations: readonly (readonly [string, string])[]
  onMatch(choice: HandChoice): void
}): React.JSX.Element {
  const last = lines.reduce((d, l) => (l.date > d ? l.date : d), lines[0]!.date)
  const [dates, setDates] = useState({ from: dayMoved(last, -DAYS_BACK), to: last })
  const [method, setMethod] = useState('')
  const [locationId, setLocationId] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const [reason, setReason] = useState<DifferenceReason | ''>('')
  const account = lines[0]!.bankAccountId
  const inAccount = open.filter((d) => d.bankAccountId === account)
  const picked = inAccount.filter((d) => chosen.includes(d.id))
  const shown = inAccount
    .filter(
      (d) =>
        chosen.includes(d.id) ||
        ((dates.from === '' || d.businessDate >= dates.from) &&
          (dates.to === '' || d.businessDate <= dates.to) &&
          (method === '' || d.method === method) &&
          (locationId === '' || d.locationId === locationId)),
    )
    .sort((a, b) => a.businessDate.localeCompare(b.businessDate) || a.id.localeCompare(b.id))
  const banked = sumMinor(lines, (l) => l.amount)
  const total = sumMinor(picked, (d) => d.amount)
  const toExplain = picked.length > 0 ? differenceToExplain(picked, banked) : null
  const money = (minor: number) => formatMoney(minor, naming.currency)
  return (
    <fieldset className="hand-match">
      <legend>Takings this line pays</legend>
      <div className="filters" role="group" aria-label="Takings shown">
        <DateFilter
          label="Takings from"
          value={dates.from}
          onChange={(from) => setDates({ ...dates, from })}
        />
        <DateFilter
          label="Takings to"
          value={dates.to}
          onChange={(to) => setDates({ ...dates, to })}
        />
        <FilterChoice
          label="Takings method"
          value={method}
          options={methods}
          onChange={setMethod}
        />
        <FilterChoice
          label="Takings location"
          value={locationId}
          options={locations}
          onChange={setLocationId}
        />
      </div>
      {inAccount.length === 0 && <p>No takings are waiting in this bank account.</p>}
      {shown.slice(0, SHOWN).map((d) => (
        <label key={d.id} className="choice">
          <input
            type="checkbox"
            checked={chosen.includes(d.id)}
            onChange={(e) =>
              setChosen(e.target.checked ? [...chosen, d.id] : chosen.filter((c) => c !== d.id))
            }
          />
          {depositName(d, naming)} ({money(d.amount)})
        </label>
      ))}
      {shown.length > SHOWN && (
        <p className="muted">{shown.length - SHOWN} more: narrow the dates, method or location.</p>
      )}
      <p aria-label="Running total" aria-live="polite">
        Chosen: {picked.length} · total {money(total)} · the line {money(banked)} ·{' '}
        <strong>
          {picked.length === 0
            ? 'nothing chosen'
            : differenceWords(banked - total, naming.currency)}
        </strong>
      </p>
      {toExplain !== null && (
        <label className="field">
          A difference to explain: the bank paid {money(Math.abs(toExplain))}{' '}
          {toExplain < 0 ? 'more than' : 'less than'} the takings’ gross, too far off to be a fee.
          Why?
          <select
            value={reason}
            onChange={(e) => setReason(e.target.value as DifferenceReason | '')}
          >
            <option value="">Choose…</option>
            {DIFFERENCE_REASONS.map((r) => (
              <option key={r} value={r}>
                {DIFFERENCE_WORDS[r]}
              </option>
            ))}
          </select>
        </label>
      )}
      <button
        type="button"
        disabled={chosen.length === 0 || (toExplain !== null && reason === '')}
        onClick={() =>
          onMatch({
            bankAccountId: account,
            bankLineIds: lines.map((l) => l.id),
            expectedIds: chosen,
            ...(toExplain !== null && reason !== '' ? { explained: reason } : {}),
          })
        }
      >
        {toExplain === null ? 'Match' : 'Record the difference'}
      </button>
    </fieldset>
  )
}
