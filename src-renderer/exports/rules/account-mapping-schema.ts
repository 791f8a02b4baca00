import { z } from 'zod'
import { roleFromKey } from './accounts'

/**
 * The fields of an account mapping as Settings saves them, for the rules a mapping must follow
 * to import cleanly (exports/jobs/account-mapping.ts) and for mappings Till reads back from a
 * backup (backup/tables/own-records.ts).
 */

const CODE = /^[A-Za-z0-9][A-Za-z0-9.-]*$/
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f]/

const mappedAccountSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: 'Enter the account code.', abort: true })
    .max(10, { error: 'An account code has at most 10 characters (Xero’s limit).', abort: true })
    .regex(CODE, 'Use letters, digits, dots and dashes, starting with a letter or digit.'),
  name: z
    .string()
    .trim()
    .min(1, { error: 'Enter the account name.', abort: true })
    .max(150, { error: 'An account name has at most 150 characters (Xero’s limit).', abort: true })
    .refine((name) => !CONTROL.test(name), {
      error: 'A name is one line, without tabs.',
      abort: true,
    })
    .refine(
      (name) => name.split(':').every((part) => part.trim() !== ''),
      'A sub-account is written Parent:Child, with text on both sides of each colon.',
    ),
})

const roleKeySchema = z.string().refine((key) => roleFromKey(key) !== null)
const accountsSchema = z.record(roleKeySchema, mappedAccountSchema, {
  error: (issue) =>
    issue.code === 'invalid_key' ? `Till posts to no role “${String(issue.input)}”.` : undefined,
})

const taxRoleKeySchema = z.string().refine((key) => {
  const role = roleFromKey(key)
  return role?.type === 'tax-payable' || role?.type === 'input-tax'
})

/**
 * A tax's Xero tax rate (see exports/rules/formats/xero-tax.ts): the rate's name as Xero's tax settings spell
 * it, and for input tax its percentage, which expenses do not give; an empty name maps nothing.
 */
const xeroTaxRatesSchema = z
  .record(
    taxRoleKeySchema,
    z.object({
      name: z
        .string()
        .trim()
        .max(100, 'A Xero tax rate name has at most 100 characters.')
        .refine((name) => !CONTROL.test(name), 'A tax rate name is one line, without tabs.'),
      percent: z
        .number('A tax rate’s percentage is a number.')
        .gt(0, 'A tax rate’s percentage is more than 0.')
        .max(100, 'A tax rate’s percentage is at most 100.')
        .optional(),
    }),
    {
      error: (issue) =>
        issue.code === 'invalid_key' ? 'Only a tax has a Xero tax rate.' : undefined,
    },
  )
  .transform((rates) => Object.fromEntries(Object.entries(rates).filter(([, r]) => r.name !== '')))
  .refine(
    (rates) => rates['input-tax'] === undefined || rates['input-tax'].percent !== undefined,
    'Give input tax’s Xero tax rate its percentage too: expenses do not say it.',
  )

/** The shape and each field of a mapping; how the accounts fit together is `chartConflicts`. */
export const accountMappingSchema = z.object({
  accounts: accountsSchema,
  locations: z.record(z.string().trim().min(1, 'A location needs its id.'), accountsSchema),
  xeroTaxRates: xeroTaxRatesSchema.optional(),
})
