import { useLiveQuery } from 'dexie-react-hooks'
import { useActiveConnection } from '../hooks/use-active-connection'
import { countNeedingCount } from '../../sessions'
import { businessDate } from '../../../src-shared/domain/business-date'
import { addDays } from '../../format/date-presets'
import { effectiveTimeZone } from '../../format/effective-time-zone'

/** How far back the navigation looks for sessions to count: today and the six days before. */
const DAYS_TO_COUNT = 7

const counts = new Intl.NumberFormat()

/** "Sessions", and how many sessions of the last week are over and not counted yet. */
export function SessionsNavLabel({ label }: { label: string }): React.JSX.Element {
  const state = useActiveConnection()
  const connection = state.status === 'ready' ? state.connection : null
  const timeZone = connection ? effectiveTimeZone(connection.profile) : null
  const toCount = useLiveQuery(async () => {
    if (!connection || !timeZone) return 0
    const today = businessDate(Date.now(), timeZone)
    const range = { from: addDays(today, 1 - DAYS_TO_COUNT), to: today }
    return countNeedingCount(connection.db, range, Date.now())
  }, [connection?.db, timeZone])
  return <>{toCount ? `${label} · ${counts.format(toCount)} to count` : label}</>
}
