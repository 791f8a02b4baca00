import { createContext, useContext, useEffect, useState } from 'react'
import { hashOf, placeFromHash, type Place, type RouteId } from '../app/screen-routes'

/** The current place, kept in the URL fragment so reload and back/forward keep it. */
export function useHashRoute(fallback: RouteId): [Place, (place: Place) => void] {
  const [place, setPlace] = useState<Place>(
    () => placeFromHash(window.location.hash) ?? { route: fallback, item: null },
  )
  useEffect(() => {
    const onChange = (): void =>
      setPlace(placeFromHash(window.location.hash) ?? { route: fallback, item: null })
    window.addEventListener('hashchange', onChange)
    return () => window.removeEventListener('hashchange', onChange)
  }, [fallback])
  return [place, (next) => (window.location.hash = hashOf(next))]
}

/** What is open on the current screen (from the address), and a way to open something else. */
export const OpenItemContext = createContext<[string | null, (item: string | null) => void]>([
  null,
  () => undefined,
])

export function useOpenItem(): [string | null, (item: string | null) => void] {
  return useContext(OpenItemContext)
}
