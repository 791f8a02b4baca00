import type { BridgeError, BridgeErrorKind } from '../src-shared/bridge/bridge-errors'

/** Base of every error Till raises on purpose; `kind` is how it crosses the bridge. */
export abstract class TillError extends Error {
  abstract readonly kind: BridgeErrorKind
  readonly details: string[] | undefined

  constructor(message: string, details?: string[], options?: ErrorOptions) {
    super(message, options)
    this.name = new.target.name
    this.details = details
  }

  toBridgeError(): BridgeError {
    return this.details
      ? { kind: this.kind, message: this.message, details: this.details }
      : { kind: this.kind, message: this.message }
  }
}

/** The base of the errors that cross the bridge as `kind`. */
function ofKind<K extends BridgeErrorKind>(kind: K) {
  return class extends TillError {
    readonly kind = kind
  }
}

export class ValidationError extends ofKind('validation') {}
export class UnknownChannelError extends ofKind('unknown_channel') {}
export class AuthError extends ofKind('auth') {}
export class ScopeError extends ofKind('scope') {}
export class InstallInactiveError extends ofKind('install_inactive') {}
export class NetworkError extends ofKind('network') {}
/** The service answered, but with an error Till cannot act on (5xx, an HTML page, a 422). */
export class ServiceError extends ofKind('service') {}
export class KeychainUnavailableError extends ofKind('keychain') {}
export class NotFoundError extends ofKind('not_found') {}
/** The shared books' database did not answer (or refused Till); says when it last did. */
export class SharedBooksUnreachableError extends ofKind('shared_books_unreachable') {
  constructor(
    message: string,
    readonly lastReachedAt: number | null,
    options?: ErrorOptions,
  ) {
    super(message, undefined, options)
  }

  override toBridgeError(): BridgeError {
    return { kind: this.kind, message: this.message, lastReachedAt: this.lastReachedAt }
  }
}
/** The shared books' database answered and refused the change whole (a full disk). */
export class SharedBooksRefusedError extends ofKind('shared_books_refused') {}
export class InternalError extends ofKind('internal') {}

export function toBridgeError(error: unknown): BridgeError {
  if (error instanceof TillError) return error.toBridgeError()
  return {
    kind: 'internal',
    message: 'Something went wrong inside Till. The details are in the log.',
  }
}
