import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useMemo, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import { useLocationNames } from '../../../settings'
import { readSessions } from '../../../sessions'
import { businessDate } from '../../../../src-shared/domain/business-date'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { CURRENCY_UNKNOWN, formatMoney } from '../../../format/format-money'
import { methodLabel } from '../../../format/labels'
import { locationLabel } from '../../../format/location-label'
import { sessionLabel } from '../../../format/session-label'
import { loadShownSessions } from '../../../sessions'
import type { ActiveConnection } from '../../../settings'
import { depositOverview, NO_DEPOSIT_FILTER, type DepositFilter } from '../../../deposits'
import { runDepositMatching } from '../../../deposits'
import { depositInputs } from '../../../deposits'
import { matchByHand, undoImport, unmatchDeposit } from '../../../deposits'
import { DateFilter } from '../../components/filters/DateFilter'
import { FilterChoice } from '../../components/filters/FilterChoice'
import { ConnectionGate } from '../ConnectionGate'
import { DepositSettingsPanel } from './DepositSettingsPanel'
import {
  MatchedDeposits,
  OffersToConfirm,
  StillWaiting,
  UnmatchedLines,
  type Naming,
} from './DepositLists'
import { StatementsPanel } from './StatementsPanel'
import './deposits.css'

function Deposits({
  db,
  currency,
  timeZone,
}: {
  db: TillDatabase
  currency: string
  timeZone: string
}): React.JSX.Element {
  const inputs = useLiveQuery(() => depositInputs(db, currency), [db, currency])
  const [filter, setFilter] = useState<DepositFilter>(NO_DEPOSIT_FILTER)
  const [person, setPerson] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  // Ages count to the day the screen opened; leaving and coming back counts them afresh.
  const [today] = useState(() => businessDate(Date.now(), timeZone))
  const locations = useLocationNames(db)
  const sessionIds = useMemo(
    () => [...new Set(inputs?.expected.flatMap((e) => e.sessionIds) ?? [])],
    [inputs],
  )
  // Named with the status each is shown with, as on every other screen: over, with no close
  // event, reads "–close not recorded", never "–open".
  const sessions = useLiveQuery(
    async () =>
      loadShownSessions(
        db,
        (await readSessions(db, sessionIds)).filter((s) => s !== undefined),
        Date.now(),
      ),
    [db, sessionIds],
  )
  const naming = useMemo((): Naming => {
    const names = new Map(
      (sessions ?? []).map((s) => [
        s.id,
        sessionLabel(s, timeZone, locationLabel(s.locationId, locations)),
      ]),
    )
    return {
      currency,
      location: (id) => locationLabel(id, locations),
      session: (id) => names.get(id) ?? `Session ${id}`,
    }
  }, [sessions, timeZone, locations, currency])
  const act = useCallback(
    (work: (by: string) => Promise<unknown>) => {
      setProblem(null)
      if (person.trim() === '')
        return setProblem('Type your name first: matches say who made them.')
      work(person).catch((error: Error) => setProblem(error.message))
    },
    [person],
  )
  if (!inputs) return <p role="status">Reading the bank lines and the takings…</p>
  const overview = depositOverview(inputs, filter, today)
  const set = (change: Partial<DepositFilter>) => setFilter({ ...filter, ...change })
  const methods = [...new Set(inputs.expected.map((e) => e.method))].sort()
  const locationIds = [...new Set(inputs.expected.map((e) => e.locationId))].sort()
  const money = (minor: number) => formatMoney(minor, currency)
  return (
    <>
      <StatementsPanel
        db={db}
        accounts={inputs.settings.bankAccounts}
        currency={currency}
        timeZone={timeZone}
        onUndo={(batchId) => act((by) => undoImport(db, batchId, by, currency, Date.now()))}
      />
      <div className="filters" role="group" aria-label="Filters">
        <FilterChoice
          label="Bank account"
          value={filter.bankAccountId}
          options={inputs.settings.bankAccounts.map((a) => [a.id, a.name])}
          onChange={(bankAccountId) => set({ bankAccountId })}
        />
        <FilterChoice
          label="Method"
          value={filter.method}
          options={methods.map((m) => [m, methodLabel(m)])}
          onChange={(method) => set({ method })}
        />
        <FilterChoice
          label="Location"
          value={filter.locationId}
          options={locationIds.map((l) => [l, locationLabel(l, locations)])}
          onChange={(locationId) => set({ locationId })}
        />
        <DateFilter label="From" value={filter.from} onChange={(from) => set({ from })} />
        <DateFilter label="To" value={filter.to} onChange={(to) => set({ to })} />
      </div>
      <p className="deposit-totals" aria-label="Found in the matches">
        Fees found: <strong>{money(overview.fees)}</strong> · Cash short:{' '}
        <strong>{money(overview.shortfalls)}</strong>
      </p>
      <StillWaiting waiting={overview.waiting} naming={naming} />
      <div className="filters">
        <label className="field">
          Your name{' '}
          <input value={person} onChange={(e) => setPerson(e.target.value)} autoComplete="name" />
        </label>
        <button
          type="button"
          onClick={() => act(() => runDepositMatching(db, currency, Date.now()))}
        >
          Match again
        </button>
      </div>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <OffersToConfirm
        offers={overview.offers}
        naming={naming}
        onConfirm={(bankLineIds, expectedIds) =>
          act((by) => matchByHand(db, { bankLineIds, expectedIds }, by, currency, Date.now()))
        }
      />
      <UnmatchedLines
        lines={overview.unexplained}
        open={overview.open}
        naming={naming}
        onMatch={(bankLineIds, expectedIds) =>
          act((by) => matchByHand(db, { bankLineIds, expectedIds }, by, currency, Date.now()))
        }
      />
      <MatchedDeposits
        title="Matched"
        matches={overview.matched}
        naming={naming}
        onUnmatch={(id) => act((by) => unmatchDeposit(db, id, by, Date.now()))}
      />
      {overview.unmatched.length > 0 && (
        <MatchedDeposits
          title="Unmatched by a person"
          matches={overview.unmatched}
          naming={naming}
        />
      )}
      <DepositSettingsPanel
        db={db}
        settings={inputs.settings}
        currency={currency}
        locations={locationIds.map((l) => [l, locationLabel(l, locations)] as const)}
      />
    </>
  )
}

/**
 * The Deposits screen (docs/deposits.md#the-deposits-screen): bank statements in, matched to the
 * takings the sessions leave in the clearing accounts, what still waits and since when.
 */
export function DepositsScreen(): React.JSX.Element {
  return (
    <ConnectionGate title="Deposits">
      {({ db, profile }: ActiveConnection) =>
        profile.currency ? (
          <Deposits db={db} currency={profile.currency} timeZone={effectiveTimeZone(profile)} />
        ) : (
          <p className="empty-state">{CURRENCY_UNKNOWN}</p>
        )
      }
    </ConnectionGate>
  )
}
