import {
  AuthError,
  InstallInactiveError,
  NotFoundError,
  ScopeError,
  ServiceError,
  TillError,
  ValidationError,
} from '../till-errors'

/** The error body of docs/service.md#errors, when the service sends one. */
interface ServiceErrorBody {
  error: string
  error_description?: string
  scope?: string
}

function parseErrorBody(text: string): ServiceErrorBody | null {
  try {
    const body: unknown = JSON.parse(text)
    if (body && typeof body === 'object' && typeof (body as ServiceErrorBody).error === 'string') {
      const { error, error_description, scope } = body as Record<string, unknown>
      return {
        error: error as string,
        ...(typeof error_description === 'string' ? { error_description } : {}),
        ...(typeof scope === 'string' ? { scope } : {}),
      }
    }
  } catch {
    // Not JSON: an HTML error page or an empty body. Handled by status below.
  }
  return null
}

/**
 * Turns a non-2xx answer into a named error. The service's own words are kept in `details`
 * (for the log and the Problems view); the message is for a shop manager.
 */
export function serviceErrorFor(status: number, bodyText: string): TillError {
  const body = parseErrorBody(bodyText)
  const said = body
    ? [`${body.error}${body.error_description ? `: ${body.error_description}` : ''}`]
    : [`HTTP ${status}`]
  if (status === 401) {
    return new AuthError(
      'The service refused the API key. Copy the key again from the app page of your POS back office.',
      said,
    )
  }
  if (status === 400 && body?.error === 'missing_store') {
    return new ValidationError('The service needs a Store ID for this connection.', said)
  }
  if (status === 403 && body?.error === 'insufficient_scope') {
    const scope = body.scope ?? 'unknown'
    return new ScopeError(`The install did not grant the permission “${scope}”.`, [scope, ...said])
  }
  if (status === 403) {
    return new InstallInactiveError(
      'The app is not installed for this store, or it was uninstalled. Install it again from the POS back office.',
      said,
    )
  }
  if (status === 404) return new NotFoundError('The service does not know that record.', said)
  if (status === 422)
    return new ValidationError('The service rejected the request as malformed.', said)
  if (status === 429)
    return new ServiceError('The service asked Till to slow down. Try again in a minute.', said)
  return new ServiceError(
    `The service answered with an error (HTTP ${status}). Try again in a few minutes.`,
    said,
  )
}
