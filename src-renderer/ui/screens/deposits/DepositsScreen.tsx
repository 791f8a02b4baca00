import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useMemo, useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import { useLocationNames } from '../../../settings'
import { businessDate } from '../../../../src-shared/domain/business-date'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { CURRENCY_UNKNOWN, formatMoney } from '../../../format/format-money'
import { methodLabel } from '../../../format/labels'
import { locationLabel } from '../../../format/location-label'
import type { ActiveConnection } from '../../../settings'
import { depositOverview, NO_DEPOSIT_FILTER, type DepositFilter } from '../../../deposits'
import { runDepositMatching } from '../../../deposits'
import { depositInputs } from '../../../deposits'
import { matchByHand, undoImport, unmatchDeposit } from '../../../deposits'
import { proposedRule, saveBankRule, type BankRule } from '../../../deposits'
import { ConnectionGate } from '../ConnectionGate'
import { BankRulesPanel } from './BankRulesPanel'
import { DepositSettingsPanel } from './DepositSettingsPanel'
import { MatchedDeposits, StillWaiting } from './DepositLists'
import type { HandChoice } from './HandMatch'
import { OffersToConfirm } from './OffersToConfirm'
import { RememberRule } from './RememberRule'
import { StatementBalances } from './StatementBalances'
import { UnmatchedLines } from './UnmatchedLines'
import { StatementsPanel } from './StatementsPanel'
import { DepositFilters } from './DepositFilters'
import { useDepositNaming } from './use-deposit-naming'
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
  const [proposal, setProposal] = useState<BankRule | null>(null)
  // Ages count to the day the screen opened; leaving and coming back counts them afresh.
  const [today] = useState(() => businessDate(Date.now(), timeZone))
  const locations = useLocationNames(db)
  const naming = useDepositNaming(db, inputs, currency, timeZone, locations)
  const act = useCallback(
    (work: (by: string) => Promise<unknown>) => {
      setProblem(null)
      if (person.trim() === '')
        return setProblem('Type your name first: matches say who made them.')
      work(person).catch((error: Error) => setProblem(error.message))
    },
    [person],
  )
  // Worked out again only when the lines, matches, takings or filter change, not on each key.
  const overview = useMemo(
    () => inputs && depositOverview(inputs, filter, today),
    [inputs, filter, today],
  )
  if (!inputs || !overview) return <p role="status">Reading the bank lines and the takings…</p>
  const methods = [...new Set(inputs.expected.map((e) => e.method))].sort()
  const locationIds = [...new Set(inputs.expected.map((e) => e.locationId))].sort()
  const money = (minor: number) => formatMoney(minor, currency)
  const methodNames = methods.map((m) => [m, methodLabel(m)] as const)
  const locationNames = locationIds.map((l) => [l, locationLabel(l, locations)] as const)
  // A match a person makes, then what made it sure offered as a rule to remember.
  const confirm = (choice: HandChoice) =>
    act(async (by) => {
      await matchByHand(db, choice, by, currency, Date.now())
      const line = inputs.lines.find(
        (l) => l.bankAccountId === choice.bankAccountId && l.id === choice.bankLineIds[0],
      )
      const takings = inputs.expected.filter((e) => choice.expectedIds.includes(e.id))
      if (line) setProposal(proposedRule(crypto.randomUUID(), line, takings))
    })
  return (
    <>
      <StatementsPanel
        db={db}
        accounts={inputs.settings.bankAccounts}
        currency={currency}
        timeZone={timeZone}
        onUndo={(batchId) => act((by) => undoImport(db, batchId, by, currency, Date.now()))}
      />
      <StatementBalances
        balances={overview.balances}
        accounts={inputs.settings.bankAccounts}
        currency={currency}
      />
      <DepositFilters
        filter={filter}
        onChange={setFilter}
        accounts={inputs.settings.bankAccounts}
        methods={methodNames}
        locations={locationNames}
      />
      <p className="deposit-totals" aria-label="Found in the matches">
        Fees found: <strong>{money(overview.fees)}</strong> · Cash short:{' '}
        <strong>{money(overview.shortfalls)}</strong> · Differences explained:{' '}
        <strong>{money(overview.differences)}</strong>
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
      {proposal && (
        <RememberRule
          key={proposal.id}
          proposal={proposal}
          methods={methodNames}
          locations={locationNames}
          onKeep={(rule) =>
            act(() => saveBankRule(db, currency, rule).then(() => setProposal(null)))
          }
          onLeave={() => setProposal(null)}
        />
      )}
      <OffersToConfirm
        offers={overview.offers}
        open={overview.open}
        naming={naming}
        methods={methodNames}
        locations={locationNames}
        onConfirm={confirm}
      />
      <UnmatchedLines
        lines={overview.unexplained}
        open={overview.open}
        naming={naming}
        methods={methodNames}
        locations={locationNames}
        onMatch={confirm}
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
        locations={locationNames}
      />
      <BankRulesPanel
        db={db}
        settings={inputs.settings}
        currency={currency}
        methods={methodNames}
        locations={locationNames}
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
