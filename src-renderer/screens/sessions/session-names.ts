import { useMemo } from 'react'
import type { RegisterSession } from '../../cache/records'
import { sessionLabel } from '../../format/session-label'

/** Names for sessions by id; a session not in the cache (yet) reads as "Session <id>". */
export function useSessionNames(
  sessions: RegisterSession[] | undefined,
  timeZone: string,
): (id: string) => string {
  return useMemo(() => {
    const names = new Map((sessions ?? []).map((s) => [s.id, sessionLabel(s, timeZone)]))
    return (id: string) => names.get(id) ?? `Session ${id}`
  }, [sessions, timeZone])
}
