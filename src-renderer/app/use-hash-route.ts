import { useEffect, useState } from 'react'
import { routeFromHash, type RouteId } from './routes'

/** The current screen, kept in the URL fragment so reload and back/forward keep it. */
export function useHashRoute(fallback: RouteId): [RouteId, (route: RouteId) => void] {
  const [route, setRoute] = useState<RouteId>(() => routeFromHash(window.location.hash) ?? fallback)
  useEffect(() => {
    const onChange = (): void => setRoute(routeFromHash(window.location.hash) ?? fallback)
    window.addEventListener('hashchange', onChange)
    return () => window.removeEventListener('hashchange', onChange)
  }, [fallback])
  return [route, (next) => (window.location.hash = `#/${next}`)]
}
