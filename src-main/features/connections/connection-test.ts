import type { ConnectionReport } from '../../../src-shared/bridge/contract'
import {
  AuthError,
  InstallInactiveError,
  NetworkError,
  ScopeError,
  TillError,
} from '../../till-errors'
import type { ServiceConnection } from '../../apps-api/connection'
import type { HttpGet } from '../../apps-api/http-get'
import { getJson } from '../../apps-api/request'

interface Area {
  key: 'bills' | 'expenses'
  label: string
  path: string
  scope: string
  scopeMeaning: string
}

const AREAS: Area[] = [
  {
    key: 'bills',
    label: 'Bills',
    path: '/sales/bills/location/all',
    scope: 'r/history-bill',
    scopeMeaning: 'bill history',
  },
  {
    key: 'expenses',
    label: 'Expenses',
    path: '/expenses',
    scope: 'r/read-expenses',
    scopeMeaning: 'expenses',
  },
]

type Probe = { ok: true } | { ok: false; error: TillError }

async function probe(connection: ServiceConnection, area: Area, httpGet: HttpGet): Promise<Probe> {
  try {
    await getJson(connection, area.path, { page: 1, limit: 1 }, { httpGet, timeoutMs: 10_000 })
    return { ok: true }
  } catch (error) {
    if (error instanceof TillError) return { ok: false, error }
    throw error
  }
}

/**
 * "Test connection": one small read per area, explained in a shop manager's words. A 401 or an
 * inactive install stops everything; a missing scope disables only its area.
 */
export async function testConnection(
  connection: ServiceConnection,
  httpGet: HttpGet,
): Promise<ConnectionReport> {
  const results = await Promise.all(
    AREAS.map(async (area) => ({ area, result: await probe(connection, area, httpGet) })),
  )
  const blocking = results.find(({ result }) => !result.ok && !(result.error instanceof ScopeError))
  if (blocking && !blocking.result.ok) {
    const error = blocking.result.error
    const unknown = { allowed: null, message: 'Not checked' }
    return {
      ok: false,
      summary: error.message,
      reachable: !(error instanceof NetworkError),
      keyAccepted:
        error instanceof AuthError ? false : error instanceof InstallInactiveError ? true : null,
      areas: { bills: unknown, expenses: unknown },
    }
  }
  const areas = Object.fromEntries(
    results.map(({ area, result }) => [
      area.key,
      result.ok
        ? { allowed: true, message: `${area.label}: allowed` }
        : {
            allowed: false,
            message: `${area.label}: not allowed — the install did not grant “${area.scope}” (${area.scopeMeaning}). Ask the store owner to reauthorize the app with it.`,
          },
    ]),
  ) as ConnectionReport['areas']
  const allowed = results
    .filter(({ result }) => result.ok)
    .map(({ area }) => area.label.toLowerCase())
  return {
    ok: allowed.length === AREAS.length,
    summary:
      allowed.length === AREAS.length
        ? 'Connected. The key works and Till can read bills and expenses.'
        : allowed.length === 0
          ? 'The key works, but this install allows Till to read neither bills nor expenses.'
          : `The key works. Till can read ${allowed.join(' and ')} only.`,
    reachable: true,
    keyAccepted: true,
    areas,
  }
}
