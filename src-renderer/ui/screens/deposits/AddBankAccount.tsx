import { useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import { saveDepositSettings } from '../../../deposits'
import { depositSettingsSchema, type DepositSettings } from '../../../deposits'
import { SettingInput } from './SettingInput'

/** Another bank account, by its name and currency, saved at once for statements to go into. */
export function AddBankAccount({
  db,
  settings,
  onSaid,
}: {
  db: TillDatabase
  settings: DepositSettings
  /** What adding it came to, to show under the settings. */
  onSaid: (said: { ok: boolean; text: string }) => void
}): React.JSX.Element {
  const [added, setAdded] = useState({
    name: '',
    currency: settings.bankAccounts[0]?.currency ?? '',
    number: '',
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
          ...(added.number.trim() ? { number: added.number.trim() } : {}),
        },
      ],
    }
    const checked = depositSettingsSchema.safeParse(next)
    if (!checked.success)
      return onSaid({ ok: false, text: checked.error.issues[0]?.message ?? 'Not added.' })
    await saveDepositSettings(db, checked.data)
    setAdded({ ...added, name: '', number: '' })
    onSaid({ ok: true, text: `${added.name} added: statements can be imported into it.` })
  }
  return (
    <fieldset>
      <legend>Another bank account</legend>
      <SettingInput
        label="New account’s name"
        value={added.name}
        onChange={(name) => setAdded({ ...added, name })}
      />
      <SettingInput
        label="Its account number"
        value={added.number}
        onChange={(number) => setAdded({ ...added, number })}
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
  )
}
