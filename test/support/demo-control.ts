/**
 * The tests' one client of the demo service's control API (`/_control`), from outside its
 * process. Runs in Node.
 */

/** An HTTP answer as the tests read it. */
export interface Answer<T = unknown> {
  status: number
  headers: Headers
  text: string
  /** The body parsed as JSON (undefined when it is not JSON). */
  body: T
}

export async function answerOf<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: response.status, headers: response.headers, text, body: body as T }
}

/** One control call and its answer, whatever the status (for tests of the control API itself). */
export async function controlAnswer<T = unknown>(
  baseUrl: string,
  controlToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}/_control${path}`, {
    method,
    headers: { Authorization: `Bearer ${controlToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return answerOf<T>(response)
}

export type DemoControl = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>

/** The control API of one service: each call's JSON body, or an error naming the call unless 2xx. */
export function demoControl(baseUrl: string, controlToken: string): DemoControl {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await controlAnswer<T>(baseUrl, controlToken, method, path, body)
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`control ${method} ${path}: ${answer.status} ${answer.text}`)
    return answer.body
  }
}
