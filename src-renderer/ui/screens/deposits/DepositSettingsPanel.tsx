import { useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import { saveDepositSettings } from '../../../deposits'
import { depositSettingsSchema, type DepositSettings } from '../../../deposits'
import { methodLabel } from '../../../format/labels'
import { useNumberMarks } from '../../hooks/use-number-marks'
import { SettingInput } from './SettingInput'
import { draftOf, settingsFromDraft, type SettingsDraft } from './settings-draft'

/**
 * Where each method's money settles and on what terms, in words a bookkeeper uses: the bank
 * account, days until it arrives, and the processor's fee.
 */
export function DepositSettingsPanel({
  db,
  settings,
  currency,
  locations,
}: {
  db: TillDatabase
  settings: DepositSettings
  currency: string
  /** The locations with takings, as [id, name], for their floats. */
  locations: readonly (readonly [string, string])[]
}): React.JSX.Element {
  const marks = useNumberMarks()
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings, currency, marks))
  // Settings saved here or pulled from shared books start the form again; what was said stays.
  const [shown, setShown] = useState(() => JSON.stringify(settings))
  if (shown !== JSON.stringify(settings)) {
    setShown(JSON.stringify(settings))
    setDraft(draftOf(settings, currency, marks))
  }
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)
  const locationName = (id: string) => locations.find(([l]) => l === id)?.[1] ?? id
  const save = async () => {
    const read = settingsFromDraft(settings, draft, currency, marks, locationName)
    if (!read.ok) return setSaid({ ok: false, text: read.message })
    await saveDepositSettings(db, read.settings)
    setSaid({ ok: true, text: 'Saved. Expected deposits follow the new terms.' })
  }
  const setPart = <Part extends 'cash' | 'window' | 'tolerance'>(
    part: Part,
    change: Partial<SettingsDraft[Part]>,
  ) => setDraft({ ...draft, [part]: { ...draft[part], ...change } })
  const setTerms = (i: number, change: Partial<SettingsDraft['terms'][number]>) =>
    setDraft({
      ...draft,
      terms: draft.terms.map((d, j) => (j === i ? { ...d, ...change } : d)),
    })
  const accountChoice = (label: string, value: string, onChange: (id: string) => void) => (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {settings.bankAccounts.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </select>
  )
  const [added, setAdded] = useState({
    name: '',
    currency: settings.bankAccounts[0]?.currency ?? '',
  })
  const addAccount = async () => {
    const next: DepositSettings = {
      ...settings,
      bankAccounts: [
        ...settings.bankAccounts,
        {
          id: `bank-${settings.bankAccounts.length + 1}-${Date.now().toString(36)}`,
          name: added.name,
          currency: added.currency,
        },
      ],
    }
    const checked = depositSettingsSchema.safeParse(next)
    if (!checked.success)
      return setSaid({ ok: false, text: checked.error.issues[0]?.message ?? 'Not added.' })
    await saveDepositSettings(db, checked.data)
    setAdded({ ...added, name: '' })
    setSaid({ ok: true, text: `${added.name} added: statements can be imported into it.` })
  }
  return (
    <details className="panel">
      <summary>Bank accounts, days and fees</summary>
      <SettingInput
        label="Bank account name"
        value={draft.accountName}
        onChange={(accountName) => setDraft({ ...draft, accountName })}
      />
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
              {accountChoice('Cash: paid into', draft.cash.bankAccountId, (bankAccountId) =>
                setPart('cash', { bankAccountId }),
              )}
            </td>
            <td>
              <SettingInput
                inTable
                label="Cash: business days until it arrives"
                inputMode="numeric"
                value={draft.cash.lag}
                onChange={(lag) => setPart('cash', { lag })}
              />
            </td>
            <td>none</td>
            <td>none</td>
          </tr>
          {settings.settlements.map((t, i) => (
            <tr key={`${t.method}-${t.locationIds.join(',')}`}>
              <th scope="row">{methodLabel(t.method)}</th>
              <td>
                {accountChoice(
                  `${methodLabel(t.method)}: paid into`,
                  draft.terms[i]!.bankAccountId,
                  (bankAccountId) => setTerms(i, { bankAccountId }),
                )}
              </td>
              <td>
                <SettingInput
                  inTable
                  label={`${methodLabel(t.method)}: business days until it arrives`}
                  inputMode="numeric"
                  value={draft.terms[i]!.lag}
                  onChange={(lag) => setTerms(i, { lag })}
                />
              </td>
              <td>
                <SettingInput
                  inTable
                  label={`${methodLabel(t.method)}: processor’s fee in percent`}
                  inputMode="decimal"
                  value={draft.terms[i]!.fee}
                  onChange={(fee) => setTerms(i, { fee })}
                />
              </td>
              <td>
                <SettingInput
                  inTable
                  label={`${methodLabel(t.method)}: fee per payment`}
                  inputMode="decimal"
                  value={draft.terms[i]!.feePerPayment}
                  onChange={(feePerPayment) => setTerms(i, { feePerPayment })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset>
        <legend>Cash float kept in the drawer ({currency})</legend>
        <SettingInput
          label="Every location"
          inputMode="decimal"
          value={draft.cash.defaultFloat}
          onChange={(defaultFloat) => setPart('cash', { defaultFloat })}
        />
        {locations.map(([id, name]) => (
          <SettingInput
            key={id}
            label={`At ${name} (blank: as every location)`}
            inputMode="decimal"
            value={draft.cash.floats[id] ?? ''}
            onChange={(float) => setPart('cash', { floats: { ...draft.cash.floats, [id]: float } })}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>How far matching looks</legend>
        <SettingInput
          label="Days before the due date"
          inputMode="numeric"
          value={draft.window.before}
          onChange={(before) => setPart('window', { before })}
        />
        <SettingInput
          label="Days after the due date"
          inputMode="numeric"
          value={draft.window.after}
          onChange={(after) => setPart('window', { after })}
        />
        <SettingInput
          label="Tolerance (% of the takings)"
          inputMode="decimal"
          value={draft.tolerance.percent}
          onChange={(percent) => setPart('tolerance', { percent })}
        />
        <SettingInput
          label={`Tolerance, plus (${currency})`}
          inputMode="decimal"
          value={draft.tolerance.fixed}
          onChange={(fixed) => setPart('tolerance', { fixed })}
        />
      </fieldset>
      <button type="button" onClick={() => void save()}>
        Save deposit settings
      </button>
      <fieldset>
        <legend>Another bank account</legend>
        <SettingInput
          label="New account’s name"
          value={added.name}
          onChange={(name) => setAdded({ ...added, name })}
        />
        <SettingInput
          label="Currency"
          value={added.currency}
          onChange={(currency) => setAdded({ ...added, currency })}
        />
        <button type="button" onClick={() => void addAccount()}>
          Add bank account
        </button>
      </fieldset>
      {said && (
        <p role={said.ok ? 'status' : 'alert'} className={said.ok ? '' : 'error'}>
          {said.text}
        </p>
      )}
    </details>
  )
}
