import type { BankAccount, DepositFilter } from '../../../deposits'
import { DateFilter } from '../../components/filters/DateFilter'
import { FilterChoice } from '../../components/filters/FilterChoice'

/** The Deposits screen's filters: bank account, method, location and dates. */
export function DepositFilters({
  filter,
  onChange,
  accounts,
  methods,
  locations,
}: {
  filter: DepositFilter
  onChange(filter: DepositFilter): void
  accounts: BankAccount[]
  methods: readonly (readonly [string, string])[]
  locations: readonly (readonly [string, string])[]
}): React.JSX.Element {
  const set = (change: Partial<DepositFilter>) => onChange({ ...filter, ...change })
  return (
    <div className="filters" role="group" aria-label="Filters">
      <FilterChoice
        label="Bank account"
        value={filter.bankAccountId}
        options={accounts.map((a) => [a.id, a.name])}
        onChange={(bankAccountId) => set({ bankAccountId })}
      />
      <FilterChoice
        label="Method"
        value={filter.method}
        options={methods}
        onChange={(method) => set({ method })}
      />
      <FilterChoice
        label="Location"
        value={filter.locationId}
        options={locations}
        onChange={(locationId) => set({ locationId })}
      />
      <DateFilter label="From" value={filter.from} onChange={(from) => set({ from })} />
      <DateFilter label="To" value={filter.to} onChange={(to) => set({ to })} />
    </div>
  )
}
