import {
  bankAccountFor,
  defaultDepositSettings,
} from '../../src-renderer/deposits/rules/deposit-settings'
import type { AccountMapping } from '../../src-renderer/exports/rules/accounts'
import { postedView } from '../../src-renderer/exports/rules/export-log'
import type { PostedView } from '../../src-renderer/exports/rules/journal'

/** A destination with no account chosen: every role takes its default account. */
export const EMPTY_MAPPING: AccountMapping = { accounts: {}, locations: {} }

/** What an empty export log says: nothing is posted yet. */
export const NOTHING_POSTED: PostedView = postedView(new Map())

/** Out of the box, every expense not paid in cash is paid from the shop's one bank account. */
export const PAID_FROM_MAIN = (method: string, locationId: string) =>
  bankAccountFor(defaultDepositSettings('USD'), method, locationId)
