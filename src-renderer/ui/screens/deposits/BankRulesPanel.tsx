import { useState } from 'react'
import type { TillDatabase } from '../../../database/database'
import { deleteBankRule, saveBankRule, saveLocationAliases } from '../../../deposits'
import type { BankRule, DepositSettings } from '../../../deposits'
import { RuleFields } from './RuleFields'

/** Aliases as typed: one name per line. */
const aliasLines = (settings: DepositSettings, locationId: string) =>
  (settings.locationAliases[locationId] ?? []).join('\n')

/**
 * What Till was taught about the bank's words (docs/deposits.md#rules-from-decisions): the rules
 * kept from decisions, to edit or delete, and the other names the bank writes for each location.
 * Kept in the deposit settings, so backups and shared books carry them.
 */
export function BankRulesPanel({
  db,
  settings,
  currency,
  methods,
  locations,
}: {
  db: TillDatabase
  settings: DepositSettings
  currency: string
  methods: readonly (readonly [string, string])[]
  locations: readonly (readonly [string, string])[]
}): React.JSX.Element {
  const [editing, setEditing] = useState<BankRule | null>(null)
  const [aliases, setAliases] = useState<Record<string, string>>({})
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)
  const run = (work: Promise<void>, done: string) =>
    work.then(
      () => setSaid({ ok: true, text: done }),
      (error: Error) => setSaid({ ok: false, text: error.message }),
    )
  const account = (id: string) => settings.bankAccounts.find((a) => a.id === id)?.name ?? id
  const named = (ids: string[], options: readonly (readonly [string, string])[]) =>
    ids.length === 0
      ? 'any'
      : ids.map((id) => options.find(([o]) => o === id)?.[1] ?? id).join(', ')
  return (
    <details className="panel">
      <summary>Bank rules and location names ({settings.bankRules.length} rules)</summary>
      {settings.bankRules.length === 0 ? (
        <p className="empty-state">No rules yet: confirm a match and Till offers to remember it.</p>
      ) : (
        <ul className="deposit-list" aria-label="Bank rules">
          {settings.bankRules.map((rule) => (
            <li key={rule.id}>
              {editing?.id === rule.id ? (
                <fieldset>
                  <legend>Edit the rule</legend>
                  <RuleFields
                    rule={editing}
                    methods={methods}
                    locations={locations}
                    onChange={setEditing}
                  />
                  <button
                    type="button"
                    onClick={() =>
                      void run(
                        saveBankRule(db, currency, editing).then(() => setEditing(null)),
                        'Rule saved.',
                      )
                    }
                  >
                    Save the rule
                  </button>{' '}
                  <button type="button" onClick={() => setEditing(null)}>
                    Cancel
                  </button>
                </fieldset>
              ) : (
                <>
                  {account(rule.bankAccountId)}: lines containing <strong>{rule.contains}</strong>{' '}
                  pay {named(rule.methods, methods)} takings at {named(rule.locationIds, locations)}{' '}
                  <button type="button" onClick={() => setEditing(rule)}>
                    Edit
                  </button>{' '}
                  <button
                    type="button"
                    onClick={() => void run(deleteBankRule(db, currency, rule.id), 'Rule deleted.')}
                  >
                    Delete
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <fieldset>
        <legend>Other names the bank writes for each location (one a line)</legend>
        {locations.map(([id, name]) => (
          <label key={id} className="field">
            {name}
            <textarea
              rows={2}
              value={aliases[id] ?? aliasLines(settings, id)}
              onChange={(e) => setAliases({ ...aliases, [id]: e.target.value })}
              onBlur={() => {
                const typed = aliases[id]
                if (typed === undefined || typed === aliasLines(settings, id)) return
                void run(
                  saveLocationAliases(db, currency, id, typed.split('\n')),
                  `Names of ${name} saved.`,
                )
              }}
            />
          </label>
        ))}
      </fieldset>
      {said && (
        <p role={said.ok ? 'status' : 'alert'} className={said.ok ? '' : 'error'}>
          {said.text}
        </p>
      )}
    </details>
  )
}
