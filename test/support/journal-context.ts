import type { AccountMapping } from '../../src-renderer/domain/journal/accounts'
import { postedView } from '../../src-renderer/domain/journal/export-log'
import type { PostedView } from '../../src-renderer/domain/journal/journal'

/** A destination with no account chosen: every role takes its default account. */
export const EMPTY_MAPPING: AccountMapping = { accounts: {}, locations: {} }

/** What an empty export log says: nothing is posted yet. */
export const NOTHING_POSTED: PostedView = postedView(new Map())
