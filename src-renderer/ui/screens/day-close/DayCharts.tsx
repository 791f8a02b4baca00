import { useLiveQuery } from 'dexie-react-hooks'
import type { TillDatabase } from '../../../database/database'
import { addDays, dailyNetSales, type HourOfDay } from '../../../day-close'
import type { MethodTakings } from '../../../day-close'
import { sessionNetSales } from '../../../sessions'
import { formatMoney } from '../../../format/format-money'
import { formatBusinessDate } from './business-date-label'
import { methodLabel } from '../../../format/labels'
import { MoneyTable } from '../../components/money-table/MoneyTable'

const TREND_DAYS = 30
const MIX_COLOURS = 6
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 })

interface Bar {
  key: string
  label: string
  /** Null: nothing to draw (a day without sessions). */
  value: number | null
  title: string
  current?: boolean
}

/** Bars from a zero line, negatives below it; exact amounts are in each bar's title and table. */
function BarChart({ bars, label }: { bars: Bar[]; label: string }): React.JSX.Element {
  // A fixed width, so labels keep their size however many bars there are.
  const width = 300
  const step = width / Math.max(bars.length, 1)
  const top = 4
  const plot = 96
  const height = top + plot + 16
  const values = bars.map((b) => b.value ?? 0)
  const max = Math.max(0, ...values)
  const min = Math.min(0, ...values)
  const range = max - min || 1
  const zeroY = top + (max / range) * plot
  const labelEvery = Math.ceil(bars.length / 10)
  return (
    <svg
      className="bar-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="xMinYMid meet"
    >
      {bars.map((bar, i) => {
        const h = (Math.abs(bar.value ?? 0) / range) * plot
        const classes = ['chart-bar']
        if ((bar.value ?? 0) < 0) classes.push('negative')
        if (bar.current) classes.push('current')
        return (
          <g key={bar.key}>
            {bar.value !== null && (
              <rect
                className={classes.join(' ')}
                x={i * step + step * 0.15}
                y={(bar.value ?? 0) >= 0 ? zeroY - h : zeroY}
                width={step * 0.7}
                height={Math.max(h, bar.value === 0 ? 0 : 0.5)}
              >
                <title>{bar.title}</title>
              </rect>
            )}
            {i % labelEvery === 0 && (
              <text className="chart-label" x={i * step + step / 2} y={height - 3}>
                {bar.label}
              </text>
            )}
          </g>
        )
      })}
      <line className="chart-axis" x1={0} x2={width} y1={zeroY} y2={zeroY} />
    </svg>
  )
}

const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`

function SalesByHour({
  hours,
  currency,
  timeZone,
}: {
  hours: HourOfDay[]
  currency: string
  timeZone: string
}): React.JSX.Element {
  return (
    <figure className="chart">
      <figcaption>Net sales by hour ({timeZone})</figcaption>
      {hours.length === 0 ? (
        <p className="muted">No bills on this day.</p>
      ) : (
        <>
          <BarChart
            label={`Net sales by hour, ${hourLabel(hours[0]!.hour)} to ${hourLabel(hours.at(-1)!.hour)}`}
            bars={hours.map((h, i) => ({
              key: String(i),
              label: String(h.hour),
              value: h.netSales,
              title: `${hourLabel(h.hour)}: ${formatMoney(h.netSales, currency)} (${h.bills} bills)`,
            }))}
          />
          <details>
            <summary>As a table</summary>
            <MoneyTable
              label="Net sales by hour"
              columns={['Hour', 'Bills', 'Net sales']}
              currency={currency}
              rows={hours.map((h, i) => ({
                key: String(i),
                label: hourLabel(h.hour),
                cells: [<>{h.bills}</>, h.netSales],
              }))}
            />
          </details>
        </>
      )}
    </figure>
  )
}

function PaymentMix({
  mix,
  currency,
}: {
  mix: MethodTakings[]
  currency: string
}): React.JSX.Element {
  const shares = mix.filter((m) => m.collected > 0)
  const total = shares.reduce((sum, m) => sum + m.collected, 0)
  const widths = shares.map((m) => (m.collected / total) * 1000)
  const starts = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0))
  return (
    <figure className="chart">
      <figcaption>Payment mix (collected)</figcaption>
      {total === 0 ? (
        <p className="muted">No payments collected on this day.</p>
      ) : (
        <>
          <svg
            className="mix-bar"
            viewBox="0 0 1000 40"
            preserveAspectRatio="none"
            role="img"
            aria-label={`Payment mix: ${shares.map((m) => `${methodLabel(m.method)} ${percent.format(m.collected / total)}`).join(', ')}`}
          >
            {shares.map((m, i) => (
              <rect
                key={m.method}
                className={`mix-${i % MIX_COLOURS}`}
                x={starts[i]}
                y={0}
                width={widths[i]}
                height={40}
              />
            ))}
          </svg>
          <ul className="mix-legend">
            {shares.map((m, i) => (
              <li key={m.method}>
                <span className={`swatch mix-${i % MIX_COLOURS}`} aria-hidden="true" />
                {methodLabel(m.method)}{' '}
                <span className="amount">{formatMoney(m.collected, currency)}</span>{' '}
                <span className="muted">({percent.format(m.collected / total)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  )
}

function NetSalesTrend({
  db,
  locationId,
  businessDate,
  currency,
}: {
  db: TillDatabase
  locationId: string
  businessDate: string
  currency: string
}): React.JSX.Element {
  const from = addDays(businessDate, 1 - TREND_DAYS)
  const sessions = useLiveQuery(
    () => sessionNetSales(db, locationId, from, businessDate),
    [db, locationId, from, businessDate],
  )
  const days = sessions ? dailyNetSales(sessions, businessDate, TREND_DAYS) : null
  return (
    <figure className="chart trend">
      <figcaption>Net sales, last {TREND_DAYS} days</figcaption>
      {!days ? (
        <p role="status">Adding up the last {TREND_DAYS} days…</p>
      ) : (
        <>
          <BarChart
            label={`Net sales per business day from ${formatBusinessDate(from)} to ${formatBusinessDate(businessDate)}`}
            bars={days.map((d) => ({
              key: d.businessDate,
              label: String(Number(d.businessDate.slice(8))),
              value: d.netSales,
              title: `${formatBusinessDate(d.businessDate)}: ${d.netSales === null ? 'no sessions' : formatMoney(d.netSales, currency)}`,
              current: d.businessDate === businessDate,
            }))}
          />
          <details>
            <summary>As a table</summary>
            <MoneyTable
              label={`Net sales, last ${TREND_DAYS} days`}
              currency={currency}
              rows={days.map((d) => ({
                key: d.businessDate,
                label: formatBusinessDate(d.businessDate),
                cells: [d.netSales ?? <>—</>],
              }))}
            />
          </details>
        </>
      )}
    </figure>
  )
}

/** The day in pictures: when it sold, how people paid, and how it compares with the month. */
export function DayCharts(props: {
  db: TillDatabase
  locationId: string
  businessDate: string
  hours: HourOfDay[]
  mix: MethodTakings[]
  currency: string
  timeZone: string
}): React.JSX.Element {
  return (
    <div className="day-charts">
      <SalesByHour hours={props.hours} currency={props.currency} timeZone={props.timeZone} />
      <PaymentMix mix={props.mix} currency={props.currency} />
      <NetSalesTrend
        db={props.db}
        locationId={props.locationId}
        businessDate={props.businessDate}
        currency={props.currency}
      />
    </div>
  )
}
