export const ROUTES = [
  { id: 'sessions', label: 'Sessions' },
  { id: 'bills', label: 'Bills' },
  { id: 'expenses', label: 'Expenses' },
  { id: 'day-close', label: 'Day close' },
  { id: 'deposits', label: 'Deposits' },
  { id: 'exports', label: 'Exports' },
  { id: 'problems', label: 'Problems' },
  { id: 'settings', label: 'Settings' },
] as const

export type RouteId = (typeof ROUTES)[number]['id']

/** Where the person is: a screen, and what is open on it (a session, a bill, a Settings section). */
export interface Place {
  route: RouteId
  item: string | null
}

/** `#/bills/<bill id>` → bills with that bill open; null for anything else (e.g. `#token=…`). */
export function placeFromHash(hash: string): Place | null {
  const [id, item] = hash.replace(/^#\/?/, '').split('/', 2)
  const route = ROUTES.find((r) => r.id === id)?.id
  if (!route) return null
  let decoded: string | null = null
  try {
    decoded = item ? decodeURIComponent(item) : null
  } catch {
    // A mangled address still opens its screen.
  }
  return { route, item: decoded }
}

export function hashOf({ route, item }: Place): string {
  return item === null ? `#/${route}` : `#/${route}/${encodeURIComponent(item)}`
}
