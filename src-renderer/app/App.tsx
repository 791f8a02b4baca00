import type { TillBridge } from '../bridge/client'
import { BridgeContext } from '../bridge/context'
import { ROUTES, type RouteId } from './routes'
import { useHashRoute } from './use-hash-route'
import { SettingsScreen } from '../screens/settings/SettingsScreen'
import { NotYetScreen } from '../screens/placeholder/NotYetScreen'
import { SessionsScreen } from '../screens/sessions/SessionsScreen'
import { ProblemsScreen } from '../screens/problems/ProblemsScreen'
import { ExpensesScreen } from '../screens/expenses/ExpensesScreen'
import { BillsScreen } from '../screens/bills/BillsScreen'
import { DayCloseScreen } from '../screens/day-close/DayCloseScreen'
import { ExportsScreen } from '../screens/exports/ExportsScreen'
import { ActiveConnectionContext, useConnectionLifecycle } from './active-connection'
import { SyncBar } from './SyncBar'
import { ScheduledExportRunner } from '../screens/settings/ScheduledExportRunner'

function Screen({ route }: { route: RouteId }): React.JSX.Element {
  if (route === 'settings') return <SettingsScreen />
  if (route === 'sessions') return <SessionsScreen />
  if (route === 'bills') return <BillsScreen />
  if (route === 'day-close') return <DayCloseScreen />
  if (route === 'problems') return <ProblemsScreen />
  if (route === 'expenses') return <ExpensesScreen />
  if (route === 'exports') return <ExportsScreen />
  return <NotYetScreen route={route} />
}

export function App({ bridge }: { bridge: TillBridge }): React.JSX.Element {
  const connection = useConnectionLifecycle(bridge)
  const [route, navigate] = useHashRoute(connection.status === 'none' ? 'settings' : 'sessions')
  const activeName =
    connection.status === 'ready'
      ? connection.connection.profile.name
      : connection.status === 'loading'
        ? 'Opening…'
        : 'No connection yet'

  return (
    <BridgeContext.Provider value={bridge}>
      <ActiveConnectionContext.Provider value={connection}>
        <div className="app">
          <header className="top-bar">
            <span className="brand">Till</span>
            <span className="connection-name" aria-label="Active connection">
              {activeName}
            </span>
            <SyncBar />
          </header>
          <ScheduledExportRunner />
          <nav className="side-nav" aria-label="Main">
            <ul>
              {ROUTES.map((r) => (
                <li key={r.id}>
                  <a
                    href={`#/${r.id}`}
                    aria-current={r.id === route ? 'page' : undefined}
                    onClick={(event) => {
                      event.preventDefault()
                      navigate(r.id)
                    }}
                  >
                    {r.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <main className="content" id="content">
            <Screen route={route} />
          </main>
        </div>
      </ActiveConnectionContext.Provider>
    </BridgeContext.Provider>
  )
}
