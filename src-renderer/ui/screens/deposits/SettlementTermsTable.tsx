import type { DepositSettings } from '../../../deposits'
import { methodLabel } from '../../../format/labels'
import { SettingInput } from './SettingInput'
import type { SettingsDraft } from './settings-draft'

/** Which of the bank accounts a method's money is paid into. */
function BankAccountChoice({
  label,
  accounts,
  value,
  onChange,
}: {
  label: string
  accounts: DepositSettings['bankAccounts']
  value: string
  onChange: (bankAccountId: string) => void
}): React.JSX.Element {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </select>
  )
}

/**
 * The settlement terms, a row for cash and one for each method's settlement: the account it is
 * paid into, the business days until it arrives, and the processor's fees (none for cash).
 */
export function SettlementTermsTable({
  settings,
  draft,
  currency,
  onCash,
  onTerms,
}: {
  settings: DepositSettings
  draft: SettingsDraft
  currency: string
  onCash: (change: Partial<SettingsDraft['cash']>) => void
  /** A change to the terms of `settings.settlements[i]`. */
  onTerms: (i: number, change: Partial<SettingsDraft['terms'][number]>) => void
}): React.JSX.Element {
  return (
    <table className="deposit-table" aria-label="Settlement terms">
      <thead>
        <tr>
          <th scope="col">Takings</th>
          <th scope="col">Paid into</th>
          <th scope="col">Business days until it arrives</th>
          <th scope="col">Processor’s fee (%)</th>
          <th scope="col">Fee per payment ({currency})</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Cash</th>
          <td>
            <BankAccountChoice
              label="Cash: paid into"
              accounts={settings.bankAccounts}
              value={draft.cash.bankAccountId}
              onChange={(bankAccountId) => onCash({ bankAccountId })}
            />
          </td>
          <td>
            <SettingInput
              inTable
              label="Cash: business days until it arrives"
              inputMode="numeric"
              value={draft.cash.lag}
              onChange={(lag) => onCash({ lag })}
            />
          </td>
          <td>none</td>
          <td>none</td>
        </tr>
        {settings.settlements.map((t, i) => (
          <tr key={`${t.method}-${t.locationIds.join(',')}`}>
            <th scope="row">{methodLabel(t.method)}</th>
            <td>
              <BankAccountChoice
                label={`${methodLabel(t.method)}: paid into`}
                accounts={settings.bankAccounts}
                value={draft.terms[i]!.bankAccountId}
                onChange={(bankAccountId) => onTerms(i, { bankAccountId })}
              />
            </td>
            <td>
              <SettingInput
                inTable
                label={`${methodLabel(t.method)}: business days until it arrives`}
                inputMode="numeric"
                value={draft.terms[i]!.lag}
                onChange={(lag) => onTerms(i, { lag })}
              />
            </td>
            <td>
              <SettingInput
                inTable
                label={`${methodLabel(t.method)}: processor’s fee in percent`}
                inputMode="decimal"
                value={draft.terms[i]!.fee}
                onChange={(fee) => onTerms(i, { fee })}
              />
            </td>
            <td>
              <SettingInput
                inTable
                label={`${methodLabel(t.method)}: fee per payment`}
                inputMode="decimal"
                value={draft.terms[i]!.feePerPayment}
                onChange={(feePerPayment) => onTerms(i, { feePerPayment })}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
