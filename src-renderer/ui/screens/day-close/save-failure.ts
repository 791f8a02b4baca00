/**
 * What a day-close form says when saving fails: a refusal's own message (it says what to do),
 * else what Till could not do and the error's message.
 */
export function saveFailure(
  error: unknown,
  refusal: abstract new (...args: never[]) => Error,
  failed: string,
): string {
  if (error instanceof refusal) return error.message
  return `Till could not ${failed}: ${error instanceof Error ? error.message : String(error)}`
}
