import type { TillDatabase } from '../../database/database'
import { withAliases, withoutRule, withRule } from '../rules/bank-rules'
import {
  depositSettingsSchema,
  type BankRule,
  type DepositSettings,
} from '../rules/deposit-settings'
import { saveDepositSettings } from '../tables/deposit-settings-store'
import { depositSettingsOf } from './deposit-matching'

/** A rule or an alias refused, with what to change. */
class BankRuleError extends Error {
  override name = 'BankRuleError'
}

/** Saves settings changed by `change`, checked whole: nothing is kept that would not read back. */
async function changeSettings(
  db: TillDatabase,
  currency: string,
  change: (settings: DepositSettings) => DepositSettings,
): Promise<void> {
  const checked = depositSettingsSchema.safeParse(change(await depositSettingsOf(db, currency)))
  if (!checked.success) throw new BankRuleError(checked.error.issues[0]!.message)
  await saveDepositSettings(db, checked.data)
}

/** Keeps a rule (new, or in place of the one of its id); deposit settings carry it to backups
 *  and shared books. */
export function saveBankRule(db: TillDatabase, currency: string, rule: BankRule): Promise<void> {
  return changeSettings(db, currency, (settings) => withRule(settings, rule))
}

export function deleteBankRule(db: TillDatabase, currency: string, ruleId: string): Promise<void> {
  return changeSettings(db, currency, (settings) => withoutRule(settings, ruleId))
}

/** Keeps the other names the bank writes for a location. */
export function saveLocationAliases(
  db: TillDatabase,
  currency: string,
  locationId: string,
  aliases: readonly string[],
): Promise<void> {
  return changeSettings(db, currency, (settings) => withAliases(settings, locationId, aliases))
}
