/** Path routing shared by the control API and the Platform API: `/orders/:id` style patterns. */

import { MethodNotAllowedError, NotFoundError } from './demo-errors'
import { decodePathSegment, type JsonResponse } from './http-util'
import type { Body } from './request-fields'

export interface Route<Answer> {
  method: string
  pattern: RegExp
  answer: Answer
}

/** What a control API route answers with, from its path parameters and its JSON body. */
export type ControlAnswer = (params: string[], body: Body) => JsonResponse | Promise<JsonResponse>

/** A route for `path`, where each `:name` segment becomes a parameter. */
export function route<Answer>(method: string, path: string, answer: Answer): Route<Answer> {
  return { method, pattern: new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`), answer }
}

/**
 * The route for `method` and `path`, with its parameters decoded; a 404 (`notFound`) when no
 * route has the path, a 405 naming the allowed methods when none has the method.
 */
export function findRoute<Answer>(
  routes: readonly Route<Answer>[],
  method: string,
  path: string,
  notFound: string,
): { route: Route<Answer>; params: string[] } {
  const matching = routes.filter((candidate) => candidate.pattern.test(path))
  if (matching.length === 0) throw new NotFoundError(notFound)
  const found = matching.find((candidate) => candidate.method === method)
  if (!found) throw new MethodNotAllowedError(matching.map((r) => r.method).join(', '))
  const params = (found.pattern.exec(path) as RegExpExecArray).slice(1).map(decodePathSegment)
  return { route: found, params }
}
