import { useEffect } from 'react'

/**
 * Where the focus goes once a count is confirmed (its form then gives way to the confirmation):
 * to the first field of the next session on screen that needs a count, or, when none does, to the
 * confirmation of the session just counted.
 */

let confirmationToFocus: string | null = null

/**
 * The count of the session of `form` was confirmed: moves the focus on. The count forms of
 * sessions that need a count (over, not reconciled) carry `data-needs-count`.
 */
export function focusAfterConfirm(form: HTMLFormElement, sessionId: string): void {
  const forms = [...document.querySelectorAll<HTMLFormElement>('form[data-needs-count]')]
  const at = forms.indexOf(form)
  const next = [...forms.slice(at + 1), ...forms.slice(0, Math.max(at, 0))][0]
  const field = next?.querySelector<HTMLElement>('input, textarea, select')
  if (field) field.focus()
  else confirmationToFocus = sessionId
}

/** The element id of the confirmation of a session's count (focusable from script). */
export function confirmationId(sessionId: string): string {
  return `count-confirmation-${sessionId}`
}

/** Focuses the confirmation of a session's count when it shows after that count's confirm. */
export function useConfirmationFocus(sessionId: string, shown: boolean): void {
  useEffect(() => {
    if (!shown || confirmationToFocus !== sessionId) return
    confirmationToFocus = null
    document.getElementById(confirmationId(sessionId))?.focus()
  }, [sessionId, shown])
}
