/** Reading fields of JSON request bodies, with a clear 400 when one has the wrong type. */

import { InvalidRequestError } from './demo-errors'

export type Body = Record<string, unknown>

export const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The value of `key`, undefined when absent; a value failing `check` is a 400 naming `expected`. */
export function field<T>(
  body: Body,
  key: string,
  check: (value: unknown) => value is T,
  expected: string,
): T | undefined {
  const value = body[key]
  if (value === undefined) return undefined
  if (!check(value)) throw new InvalidRequestError(`"${key}" must be ${expected}.`)
  return value
}

export const isString = (value: unknown): value is string =>
  typeof value === 'string' && value !== ''
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'
export const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
