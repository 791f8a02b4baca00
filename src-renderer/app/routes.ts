export const ROUTES = [
  { id: 'sessions', label: 'Sessions' },
  { id: 'bills', label: 'Bills' },
  { id: 'expenses', label: 'Expenses' },
  { id: 'day-close', label: 'Day close' },
  { id: 'exports', label: 'Exports' },
  { id: 'problems', label: 'Problems' },
  { id: 'settings', label: 'Settings' },
] as const

export type RouteId = (typeof ROUTES)[number]['id']

export function routeFromHash(hash: string): RouteId | null {
  const id = hash.replace(/^#\/?/, '')
  return ROUTES.find((route) => route.id === id)?.id ?? null
}
