import { ROUTES, type RouteId } from '../../app/screen-routes'

const WHAT_COMES: Partial<Record<RouteId, string>> = {
  sessions: 'Register sessions appear here, newest first, once Till has synced your shop.',
  bills: 'Every bill appears here, filterable and sortable, once Till has synced your shop.',
  expenses: 'Expenses appear here once Till has synced your shop.',
  'day-close': 'The day-close summary and drawer count appear here once Till has synced your shop.',
  exports:
    'CSV files and journals for your bookkeeper are made here once Till has synced your shop.',
}

/** The designed empty state of a screen whose data has not been synced yet. */
export function NotYetScreen({ route }: { route: RouteId }): React.JSX.Element {
  const label = ROUTES.find((r) => r.id === route)?.label ?? route
  return (
    <section aria-labelledby="screen-title" className="empty-state">
      <h1 id="screen-title">{label}</h1>
      <p>{WHAT_COMES[route]}</p>
      <p>
        <a href="#/settings">Set up a connection in Settings</a> to start.
      </p>
    </section>
  )
}
