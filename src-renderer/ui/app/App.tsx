import { useRef } from 'react'
import type { TillBridge } from '../../bridge/bridge-client'
import { BridgeContext } from '../hooks/bridge-context'
import { ROUTES, type RouteId } from './screen-routes'
import { OpenItemContext, useHashRoute } from '../hooks/use-hash-route'
import { usePageTitle } from '../hooks/page-title'
import { SettingsScreen } from '../screens/settings/SettingsScreen'
import { NotYetScreen } from '../screens/placeholder/NotYetScreen'
import { SessionsScreen } from '../screens/sessions/SessionsScreen'
import { ProblemsScreen } from '../screens/problems/ProblemsScreen'
import { ExpensesScreen } from '../screens/expenses/ExpensesScreen'
import { BillsScreen } from '../screens/bills/BillsScreen'
import { DayCloseScreen } from '../screens/day-close/DayCloseScreen'
import { ExportsScreen } from '../screens/exports/ExportsScreen'
import { DepositsScreen } from '../screens/deposits/DepositsScreen'
import { ActiveConnectionContext, useConnectionLifecycle } from '../hooks/use-active-connection'
import { SyncBar } from './SyncBar'
import { SharedBooksStatus } from './SharedBooksStatus'
import { ScreenErrorBoundary } from './ScreenErrorBoundary'
import { SessionsNavLabel } from './SessionsNavLabel'

function Screen({ route }: { route: RouteId }): React.JSX.Element {
  if (route === 'settings') return <SettingsScreen />
  if (route === 'sessions') return <SessionsScreen />
  if (route === 'bills') return <BillsScreen />
  if (route === 'day-close') return <DayCloseScreen />
  if (route === 'problems') return <ProblemsScreen />
  if (route === 'expenses') return <ExpensesScreen />
  if (route === 'exports') return <ExportsScreen />
  if (route === 'deposits') return <DepositsScreen />
  return <NotYetScreen route={route} />
}

export function App({ bridge }: { bridge: TillBridge }): React.JSX.Element {
  const connection = useConnectionLifecycle(bridge)
  const [place, navigate] = useHashRoute(connection.status === 'none' ? 'settings' : 'sessions')
  const { route } = place
  const main = useRef<HTMLElement>(null)
  const screenName = ROUTES.find((r) => r.id === route)?.label ?? 'Till'
  usePageTitle(screenName)
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
          <a
            className="skip-link"
            href="#content"
            onClick={(event) => {
              // The fragment is the router's: move focus without changing the address.
              event.preventDefault()
              main.current?.focus()
            }}
          >
            Skip to content
          </a>
          <header className="top-bar">
            <span className="brand">Till</span>
            <span className="connection-name" aria-label="Active connection">
              {activeName}
            </span>
            <SyncBar />
          </header>
          <nav className="side-nav" aria-label="Main">
            <ul>
              {ROUTES.map((r) => (
                <li key={r.id}>
                  <a
                    href={`#/${r.id}`}
                    aria-current={r.id === route ? 'page' : undefined}
                    onClick={(event) => {
                      event.preventDefault()
                      navigate({ route: r.id, item: null })
                    }}
                  >
                    {r.id === 'sessions' ? <SessionsNavLabel label={r.label} /> : r.label}
                  </a>
                </li>
              ))}
            </ul>
            <SharedBooksStatus />
          </nav>
          <main className="content" id="content" tabIndex={-1} ref={main}>
            <OpenItemContext.Provider value={[place.item, (item) => navigate({ route, item })]}>
              <ScreenErrorBoundary key={route} screen={screenName}>
                <Screen route={route} />
              </ScreenErrorBoundary>
            </OpenItemContext.Provider>
          </main>
        </div>
      </ActiveConnectionContext.Provider>
    </BridgeContext.Provider>
  )
}
