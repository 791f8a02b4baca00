/**
 * What a person reads when saving failed: a refusal Till words itself (`worded`) as it stands,
 * anything else as what Till could not do and the error's message.
 */
export function failureText(
  error: unknown,
  worded: abstract new (...args: never[]) => Error,
  what: string,
): string {
  if (error instanceof worded) return error.message
  return `Till could not ${what}: ${error instanceof Error ? error.message : String(error)}`
}
