/**
 * A bridge call to a running browser shell from the test process, with the session the shell's
 * launch token was traded for, as the page makes it. Runs in Node.
 */
import type { RunningBrowserShell } from './browser-shell'

export async function callShellBridge<T>(
  shell: RunningBrowserShell,
  channel: string,
  input?: unknown,
): Promise<T> {
  const response = await fetch(`${shell.origin}/bridge/call/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: await shell.session() },
    body: JSON.stringify({ input }),
  })
  const answer = (await response.json()) as { ok: boolean; value?: T; error?: unknown }
  if (!answer.ok) throw new Error(`${channel}: ${JSON.stringify(answer.error)}`)
  return answer.value as T
}
