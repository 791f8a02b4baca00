import { useMemo } from 'react'
import { numberMarks, type NumberMarks } from '../../format/amount-text'
import { useActiveConnection } from './use-active-connection'

/** How the active shop writes numbers: its chosen number format, else this PC's. */
export function useNumberMarks(): NumberMarks {
  const state = useActiveConnection()
  const chosen = state.status === 'ready' ? state.connection.profile.numberLocale : null
  const locale = chosen ?? navigator.language
  return useMemo(() => numberMarks(locale), [locale])
}
