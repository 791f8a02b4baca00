import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useId, useState } from 'react'
import { flushSync } from 'react-dom'
import type { ActiveConnection } from '../../../settings'
import { useBridge } from '../../hooks/bridge-context'
import { useLocationNames } from '../../../settings'
import { locationLabel } from '../../../format/location-label'
import { sessionDays, type SessionDay } from '../../../sessions'
import { dayCloseStart, keepDayCloseChoice, type DayCloseChoice } from '../../../day-close'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { ConnectionGate } from '../ConnectionGate'
import { formatBusinessDate } from './business-date-label'
import { PrintHeader } from './PrintHeader'
import { DayCharts } from './DayCharts'
import { DayTotal } from './DayTotal'
import { loadDay } from '../../../day-close'
import { SessionClose } from './SessionClose'
import { AllLocationsDay } from './AllLocationsDay'
import './day-close-screen.css'
import { CURRENCY_UNKNOWN } from '../../../format/format-money'
import { sessionLabel } from '../../../format/session-label'
import { addDrawers, drawerOf } from '../../../day-close'

function DayView({
  connection,
  locationId,
  businessDate,
  timeZone,
  printedAt,
}: {
  connection: ActiveConnection
  locationId: string
  businessDate: string
  timeZone: string
  printedAt: number | null
}): React.JSX.Element {
  const { db, profile } = connection
  const names = useLocationNames(db)
  const day = useLiveQuery(
    () => loadDay(db, locationId, businessDate, timeZone),
    [db, locationId, businessDate, timeZone],
  )
  if (!day) return <p role="status">Adding up the day…</p>
  const currency = day.currency ?? profile.currency
  if (!currency) return <p className="empty-state">{CURRENCY_UNKNOWN}</p>
  const location = locationLabel(locationId, names)
  const labels = day.sessions.map(({ session, shown }) =>
    sessionLabel({ ...session, status: shown }, timeZone, location),
  )
  const drawer = addDrawers(day.sessions.map((close, i) => drawerOf(close.figures, labels[i]!)))
  return (
    <>
      <PrintHeader
        shop={profile.name}
        whose={location}
        businessDate={businessDate}
        timeZone={timeZone}
        printedAt={printedAt}
      />
      <DayCharts
        db={db}
        locationId={locationId}
        businessDate={businessDate}
        hours={day.hours}
        mix={day.mix}
        currency={currency}
        timeZone={timeZone}
      />
      <DayTotal
        db={db}
        businessDate={businessDate}
        locationName={(id) => locationLabel(id, names)}
        sessionCount={day.sessions.length}
        total={day.total}
        drawer={drawer}
        incomplete={day.incomplete}
        currency={currency}
      />
      {day.sessions.map((close, i) => (
        <SessionClose
          key={close.session.id}
          db={db}
          close={close}
          label={labels[i]!}
          currency={currency}
          timeZone={timeZone}
        />
      ))}
    </>
  )
}

/** The choice of every location at once, in place of one location's id. */
const ALL_LOCATIONS = ''

/**
 * The day shown: the one chosen, where it has sessions; else the latest business date with
 * sessions, at the location chosen or the first that has it.
 */
function pick(
  days: SessionDay[],
  choice: DayCloseChoice,
): { locationId: string; businessDate: string; locations: string[]; dates: string[] } {
  const locations = [...new Set(days.map((d) => d.locationId))].sort()
  const latest = days.reduce((a, b) => (b.businessDate > a.businessDate ? b : a))
  const locationId =
    choice.locationId === ALL_LOCATIONS ||
    (choice.locationId !== null && locations.includes(choice.locationId))
      ? choice.locationId
      : latest.locationId
  const dates = days
    .filter((d) => locationId === ALL_LOCATIONS || d.locationId === locationId)
    .map((d) => d.businessDate)
    .sort()
    .filter((date, i, sorted) => date !== sorted[i - 1])
    .reverse()
  const businessDate =
    choice.businessDate && dates.includes(choice.businessDate) ? choice.businessDate : dates[0]!
  return { locationId, businessDate, locations, dates }
}

function DayClose({ connection }: { connection: ActiveConnection }): React.JSX.Element {
  const { db, profile } = connection
  const timeZone = effectiveTimeZone(profile)
  const days = useLiveQuery(() => sessionDays(db), [db])
  const names = useLocationNames(db)
  // Null until where the evening starts is read (dayCloseStart); each choice is kept for this PC.
  const [choice, setChoice] = useState<DayCloseChoice | null>(null)
  useEffect(() => {
    let live = true
    const none: DayCloseChoice = { locationId: null, businessDate: null }
    dayCloseStart(db, Date.now()).then(
      (start) => live && setChoice((current) => current ?? start),
      () => live && setChoice((current) => current ?? none),
    )
    return () => {
      live = false
    }
  }, [db])
  const choose = (next: DayCloseChoice): void => {
    setChoice(next)
    void keepDayCloseChoice(db, next, Date.now())
  }
  const [printedAt, setPrintedAt] = useState<number | null>(null)
  const [pdfProblem, setPdfProblem] = useState<string | null>(null)
  const bridge = useBridge()
  const [canSavePdf, setCanSavePdf] = useState(false)
  useEffect(() => {
    bridge.call('app.info').then(
      (info) => setCanSavePdf(info.canSavePdf),
      () => setCanSavePdf(false),
    )
  }, [bridge])
  const locationFieldId = useId()
  const everyLocationFieldId = useId()
  const dateFieldId = useId()

  if (!days || !choice) return <p role="status">Reading the register sessions…</p>
  if (days.length === 0)
    return (
      <p className="empty-state">
        Nothing synced yet. Once Till has your shop’s bills, each day’s register sessions appear
        here to count the drawer and close the day.
      </p>
    )
  const { locationId, businessDate, locations, dates } = pick(days, choice)
  const print = (): void => {
    flushSync(() => setPrintedAt(Date.now()))
    window.print()
  }
  const savePdf = (): void => {
    flushSync(() => setPrintedAt(Date.now()))
    setPdfProblem(null)
    bridge
      .call('print.savePdf', {
        suggestedName:
          `Day close ${locationId === ALL_LOCATIONS ? 'every location' : locationLabel(locationId, names)} ${businessDate}.pdf`.replace(
            /[^\w .()-]/g,
            '-',
          ),
      })
      .catch((error: Error) => setPdfProblem(error.message))
  }
  return (
    <div className="day-close">
      <div className="day-close-controls">
        {locations.length > 1 && (
          <div className="field">
            <input
              id={everyLocationFieldId}
              type="checkbox"
              checked={locationId === ALL_LOCATIONS}
              onChange={(e) =>
                choose({ ...choice, locationId: e.target.checked ? ALL_LOCATIONS : null })
              }
            />
            <label htmlFor={everyLocationFieldId}>Every location at once</label>
          </div>
        )}
        {locationId !== ALL_LOCATIONS && (
          <div className="field">
            <label htmlFor={locationFieldId}>Location</label>
            <select
              id={locationFieldId}
              value={locationId}
              onChange={(e) => choose({ ...choice, locationId: e.target.value })}
            >
              {locations.map((id) => (
                <option key={id} value={id}>
                  {locationLabel(id, names)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={dateFieldId}>Business date</label>
          <select
            id={dateFieldId}
            value={businessDate}
            onChange={(e) => choose({ ...choice, businessDate: e.target.value })}
          >
            {dates.map((date) => (
              <option key={date} value={date}>
                {formatBusinessDate(date)}
              </option>
            ))}
          </select>
        </div>
        <p className="muted time-zone-note">
          Business days and times in {timeZone}
          {profile.timezone
            ? ' (the shop’s time zone)'
            : ' (this PC’s; the shop’s is not known yet)'}
          .
        </p>
        <button type="button" onClick={print}>
          Print
        </button>
        {canSavePdf && (
          <button type="button" onClick={savePdf}>
            Save as PDF
          </button>
        )}
        {pdfProblem && (
          <p role="alert" className="error">
            {pdfProblem}
          </p>
        )}
      </div>
      {locationId === ALL_LOCATIONS ? (
        <AllLocationsDay
          connection={connection}
          businessDate={businessDate}
          timeZone={timeZone}
          printedAt={printedAt}
        />
      ) : (
        <DayView
          key={`${locationId} ${businessDate}`}
          connection={connection}
          locationId={locationId}
          businessDate={businessDate}
          timeZone={timeZone}
          printedAt={printedAt}
        />
      )}
    </div>
  )
}

export function DayCloseScreen(): React.JSX.Element {
  return (
    <ConnectionGate title="Day close">
      {(connection) => <DayClose connection={connection} />}
    </ConnectionGate>
  )
}
