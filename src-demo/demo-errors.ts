/** Named errors of the demo service. API errors carry the status and body the API answers with. */

import { tooLargeAnswer } from '../src-node/bounded-body'

export class InvalidOptionError extends Error {
  constructor(
    readonly option: string,
    detail: string,
  ) {
    super(`Invalid demo service option "${option}": ${detail}`)
    this.name = 'InvalidOptionError'
  }
}

/** An operation the shop cannot perform (e.g. refunding more than remains); control answers 409. */
export class ShopRuleError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ShopRuleError'
  }
}

/** An error answered as JSON `{ error, error_description, ...extra }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(description)
    this.name = new.target.name
  }

  body(): Record<string, unknown> {
    return { error: this.code, error_description: this.message, ...this.extra }
  }
}

export class UnauthorizedError extends ApiError {
  constructor(description = 'The bearer token is missing or not valid.') {
    super(401, 'unauthorized', description)
  }
}

export class MissingStoreError extends ApiError {
  constructor() {
    super(400, 'missing_store', 'The X-Service-Store header is required.')
  }
}

export class InstallInactiveError extends ApiError {
  constructor(storeId: string) {
    super(403, 'install_inactive', `No active install of this app for store "${storeId}".`)
  }
}

export class InsufficientScopeError extends ApiError {
  constructor(scope: string) {
    super(403, 'insufficient_scope', `This call needs the scope "${scope}".`, { scope })
  }
}

export class NotFoundError extends ApiError {
  constructor(description: string) {
    super(404, 'not_found', description)
  }
}

export class MethodNotAllowedError extends ApiError {
  constructor(allowed: string) {
    super(405, 'method_not_allowed', `Use ${allowed}.`, {}, { Allow: allowed })
  }
}

export class InvalidQueryError extends ApiError {
  constructor(
    readonly parameter: string,
    detail: string,
  ) {
    super(422, 'invalid_query', `Query parameter "${parameter}": ${detail}`)
  }
}

export class RateLimitedError extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      'rate_limited',
      'Too many requests; retry later.',
      {},
      {
        'Retry-After': String(retryAfterSeconds),
      },
    )
  }
}

/** A control request whose body is malformed or names impossible values. */
export class InvalidRequestError extends ApiError {
  constructor(description: string) {
    super(400, 'invalid_request', description)
  }
}

/** A body larger than the endpoint takes: the one oversize answer of every server of ours. */
export class PayloadTooLargeError extends ApiError {
  constructor(limit: number) {
    const { status, body } = tooLargeAnswer(limit)
    super(status, body.error, body.error_description, { limit: body.limit })
  }
}

export class ConflictError extends ApiError {
  constructor(description: string) {
    super(409, 'conflict', description)
  }
}
