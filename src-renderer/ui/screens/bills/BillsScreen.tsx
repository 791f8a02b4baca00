import { useCallback, useMemo, useRef, useState } from 'react'
import type { SortingState } from '@tanstack/react-table'
import type { ActiveConnection } from '../../../settings'
import { DataTable, type DataTableHandle } from '../../components/data-table/DataTable'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { ConnectionGate } from '../ConnectionGate'
import { useLocationNames } from '../../../settings'
import { billColumns } from './bill-columns'
import { NEWEST_FIRST } from './bill-source'
import { BillDetail } from './BillDetail'
import { filtersFromForm, NO_FILTER, type BillFilterForm } from './bill-filter-form'
import { BillFilterBar } from './BillFilterBar'
import './bills.css'
import { useLiveBills } from './use-live-bills'
import { useLiveQuery } from 'dexie-react-hooks'
import { useSessionNames } from '../sessions/session-names'
import { formatMoney } from '../../../format/format-money'
import { sessionHours } from '../../../format/session-label'
import { useOpenItem } from '../../hooks/use-hash-route'
import { latestSessions } from '../../../sessions'
import { loadShownSessions } from '../../../sessions'
import { largestBill } from '../../../sessions'

const counts = new Intl.NumberFormat()

function BillsView({ connection }: { connection: ActiveConnection }): React.JSX.Element {
  const { db, profile } = connection
  const timeZone = effectiveTimeZone(profile)
  const { anyBill, source } = useLiveBills(db, timeZone)
  const [form, setForm] = useState<BillFilterForm>(NO_FILTER)
  const filters = useMemo(() => filtersFromForm(form, timeZone), [form, timeZone])
  const [sorting, setSorting] = useState<SortingState>(NEWEST_FIRST)
  const sessions = useLiveQuery(
    async () => loadShownSessions(db, await latestSessions(db), Date.now()),
    [db],
  )
  const names = useLocationNames(db)
  const sessionName = useSessionNames(sessions, timeZone, names)
  // Beside the bill's time and location, a session is told by its hours.
  const hoursOf = useSessionNames(sessions, timeZone, names, sessionHours)
  const largest = useLiveQuery(() => largestBill(db), [db])
  const widestAmount = formatMoney(
    -(largest?.total ?? 0),
    largest?.currency ?? profile.currency ?? 'XXX',
  )
  const columns = useMemo(
    () => billColumns(timeZone, hoursOf, widestAmount, names),
    [timeZone, hoursOf, widestAmount, names],
  )
  // The open bill lives in the address (#/bills/<id>): a reload reopens it.
  const [openId, setOpenId] = useOpenItem()
  const table = useRef<DataTableHandle>(null)
  const close = useCallback(() => {
    setOpenId(null)
    table.current?.focusActiveRow()
  }, [setOpenId])

  if (anyBill === null) return <p role="status">Loading bills…</p>
  if (!anyBill)
    return (
      <p className="empty-state">
        Nothing synced yet. Bills appear here as the sync brings them in, newest first.
      </p>
    )
  const filtered = Object.values(form).some((value) => value !== '')
  return (
    <div className="bills">
      <BillFilterBar
        db={db}
        timeZone={timeZone}
        sessions={sessions}
        sessionName={sessionName}
        form={form}
        onChange={setForm}
      />
      <DataTable
        label="Bills"
        columns={columns}
        source={source}
        filters={filters}
        sorting={sorting}
        onSortingChange={setSorting}
        getRowId={(bill) => bill.id}
        openRowId={openId}
        onOpenRow={(bill) => setOpenId(bill.id)}
        describeCount={(count) => `${counts.format(count)} ${filtered ? 'bills match' : 'bills'}`}
        emptyState={
          <div className="empty-state">
            <p>No bill matches these filters.</p>
            <button type="button" onClick={() => setForm(NO_FILTER)}>
              Clear filters
            </button>
          </div>
        }
        handle={table}
      />
      {openId !== null && (
        <BillDetail
          db={db}
          billId={openId}
          timeZone={timeZone}
          onOpenBill={setOpenId}
          onClose={close}
        />
      )}
    </div>
  )
}

export function BillsScreen(): React.JSX.Element {
  return (
    <ConnectionGate title="Bills">
      {(connection) => <BillsView key={connection.profile.id} connection={connection} />}
    </ConnectionGate>
  )
}
