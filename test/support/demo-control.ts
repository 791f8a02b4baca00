/** The demo service's control API (`/_control`), from a test outside its process. Runs in Node. */
export type DemoControl = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>

export function demoControl(baseUrl: string, controlToken: string): DemoControl {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/_control${path}`, {
      method,
      headers: { Authorization: `Bearer ${controlToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok)
      throw new Error(`control ${method} ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
}
