import { depositSettingsSchema, type BankAccount, type DepositSettings } from '../../../deposits'
import { formatAmountText, parseAmountText, type NumberMarks } from '../../../format/amount-text'
import { methodLabel } from '../../../format/labels'

/**
 * The deposit settings as the Deposits screen's form holds them, text as typed, and read back
 * into settings checked whole by `depositSettingsSchema`: a figure that is not one is refused
 * with what to type, and nothing is saved.
 */
export interface SettingsDraft {
  accountName: string
  /** The first account's number (IBAN or the bank's own); blank: none. */
  accountNumber: string
  cash: { bankAccountId: string; lag: string; defaultFloat: string; floats: Record<string, string> }
  /** `fee` in percent of the takings, `feePerPayment` an amount charged on every payment. */
  terms: { bankAccountId: string; lag: string; fee: string; feePerPayment: string }[]
  window: { before: string; after: string }
  tolerance: { percent: string; fixed: string }
}

/** "2.5" (percent) ↔ 250 basis points; null for what is not a percentage. */
function basisPoints(text: string): number | null {
  const value = text.trim().replace(',', '.')
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null
  const [whole, part = ''] = value.split('.')
  return Number(whole) * 100 + Number(part.padEnd(2, '0'))
}

function percentText(points: number): string {
  const part = points % 100
  return `${Math.floor(points / 100)}${
    part === 0 ? '' : `.${String(part).padStart(2, '0').replace(/0$/, '')}`
  }`
}

/** The account with the number typed, or with none when it is left blank. */
function withNumber(account: BankAccount, typed: string): BankAccount {
  const { number: _, ...rest } = account
  return typed.trim() === '' ? rest : { ...rest, number: typed.trim() }
}

/** The form as the settings stand; a location without a float of its own shows blank. */
export function draftOf(
  settings: DepositSettings,
  currency: string,
  marks: NumberMarks,
): SettingsDraft {
  const amount = (minor: number) => formatAmountText(minor, currency, marks)
  return {
    accountName: settings.bankAccounts[0]?.name ?? '',
    accountNumber: settings.bankAccounts[0]?.number ?? '',
    cash: {
      bankAccountId: settings.cash.bankAccountId,
      lag: String(settings.cash.lagDays),
      defaultFloat: amount(settings.cash.defaultFloat),
      floats: Object.fromEntries(
        Object.entries(settings.cash.floatByLocation).map(([id, float]) => [id, amount(float)]),
      ),
    },
    terms: settings.settlements.map((t) => ({
      bankAccountId: t.bankAccountId,
      lag: String(t.lagDays),
      fee: percentText(t.feeBasisPoints),
      feePerPayment: amount(t.feeFixed),
    })),
    window: {
      before: String(settings.window.daysBefore),
      after: String(settings.window.daysAfter),
    },
    tolerance: {
      percent: percentText(settings.tolerance.basisPoints),
      fixed: amount(settings.tolerance.fixed),
    },
  }
}

class DraftError extends Error {
  override name = 'DraftError'
}

function days(text: string, what: string): number {
  if (!/^\d{1,3}$/.test(text.trim())) throw new DraftError(`${what}: give a whole number of days.`)
  return Number(text.trim())
}

function percent(text: string, what: string): number {
  const points = basisPoints(text)
  if (points === null) throw new DraftError(`${what}: give a percentage, such as 2 or 0.7.`)
  return points
}

/**
 * The settings the form says, checked whole; or why not, in words. A location's float left blank
 * falls back to the default float.
 */
export function settingsFromDraft(
  settings: DepositSettings,
  draft: SettingsDraft,
  currency: string,
  marks: NumberMarks,
  locationName: (locationId: string) => string,
): { ok: true; settings: DepositSettings } | { ok: false; message: string } {
  const amount = (text: string, what: string): number => {
    const read = parseAmountText(text.trim() === '' ? '0' : text, currency, marks)
    if (!read.ok) throw new DraftError(`${what}: ${read.message}`)
    return read.minor
  }
  try {
    const floats = Object.entries(draft.cash.floats).filter(([, text]) => text.trim() !== '')
    const next: DepositSettings = {
      ...settings,
      bankAccounts: settings.bankAccounts.map((a, i) =>
        i === 0 ? withNumber({ ...a, name: draft.accountName }, draft.accountNumber) : a,
      ),
      cash: {
        bankAccountId: draft.cash.bankAccountId,
        lagDays: days(draft.cash.lag, 'Cash'),
        defaultFloat: amount(draft.cash.defaultFloat, 'Float kept'),
        floatByLocation: Object.fromEntries(
          floats.map(([id, text]) => [id, amount(text, `Float kept at ${locationName(id)}`)]),
        ),
      },
      settlements: settings.settlements.map((t, i) => {
        const terms = draft.terms[i]!
        return {
          ...t,
          bankAccountId: terms.bankAccountId,
          lagDays: days(terms.lag, methodLabel(t.method)),
          feeBasisPoints: percent(terms.fee, `${methodLabel(t.method)} fee`),
          feeFixed: amount(terms.feePerPayment, `${methodLabel(t.method)} fee per payment`),
        }
      }),
      window: {
        daysBefore: days(draft.window.before, 'Days before'),
        daysAfter: days(draft.window.after, 'Days after'),
      },
      tolerance: {
        basisPoints: percent(draft.tolerance.percent, 'Tolerance'),
        fixed: amount(draft.tolerance.fixed, 'Tolerance amount'),
      },
    }
    const checked = depositSettingsSchema.safeParse(next)
    return checked.success
      ? { ok: true, settings: checked.data }
      : { ok: false, message: checked.error.issues[0]?.message ?? 'Not saved.' }
  } catch (error) {
    if (error instanceof DraftError) return { ok: false, message: error.message }
    throw error
  }
}
