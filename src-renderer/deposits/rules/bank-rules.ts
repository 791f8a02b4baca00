import type { BankRule, DepositSettings } from './deposit-settings'

/**
 * Rules from decisions (docs/deposits.md#rules-from-decisions): when a person confirms a match,
 * Till proposes what made it sure, a piece of the line's text that will name such lines again,
 * with the match's methods and locations. The person edits it before it is kept.
 */

/** A terminal, merchant or slip id as banks write one: "TERMINAL 4411", "MID:88120", "TID 0042". */
const ID_WORDS = /\b(?:TERMINAL|TERM|TID|MID|MERCHANT(?:\s+ID)?)\s*[:#.]?\s*[A-Z0-9]*\d[A-Z0-9]*\b/i
/** The most words of a line's text a proposal keeps when it names no id. */
const MAX_WORDS = 4

/**
 * The part of a bank line's text a rule would look for: a terminal or merchant id when the text
 * has one, else its first words without figures (dates, amounts, references change from line
 * to line; the branch's words do not). Empty when the text has no such words.
 */
function proposedContains(text: string): string {
  const id = ID_WORDS.exec(text)
  if (id) return id[0].replace(/\s+/g, ' ').toUpperCase()
  return text
    .toUpperCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !/\d/.test(word))
    .slice(0, MAX_WORDS)
    .join(' ')
}

/** A rule proposed from a confirmed match: its line's words, its takings' methods and locations. */
export function proposedRule(
  id: string,
  line: { bankAccountId: string; text: string },
  takings: readonly { method: string; locationId: string }[],
): BankRule {
  return {
    id,
    bankAccountId: line.bankAccountId,
    contains: proposedContains(line.text),
    methods: [...new Set(takings.map((t) => t.method))].sort(),
    locationIds: [...new Set(takings.map((t) => t.locationId))].sort(),
  }
}

/** The settings with `rule` kept: in place of the rule of its id, else added. */
export function withRule(settings: DepositSettings, rule: BankRule): DepositSettings {
  const known = settings.bankRules.some((r) => r.id === rule.id)
  return {
    ...settings,
    bankRules: known
      ? settings.bankRules.map((r) => (r.id === rule.id ? rule : r))
      : [...settings.bankRules, rule],
  }
}

export function withoutRule(settings: DepositSettings, ruleId: string): DepositSettings {
  return { ...settings, bankRules: settings.bankRules.filter((r) => r.id !== ruleId) }
}

/** The settings with a location's aliases: trimmed, blanks and repeats (case ignored) dropped. */
export function withAliases(
  settings: DepositSettings,
  locationId: string,
  aliases: readonly string[],
): DepositSettings {
  const seen = new Set<string>()
  const kept = aliases
    .map((a) => a.trim())
    .filter((a) => {
      const key = a.toUpperCase()
      if (a === '' || seen.has(key)) return false
      seen.add(key)
      return true
    })
  const { [locationId]: _, ...others } = settings.locationAliases
  return {
    ...settings,
    locationAliases: kept.length === 0 ? others : { ...others, [locationId]: kept },
  }
}
