import type { ConnectionReport } from '../../../../src-shared/bridge/contract'
import { BridgeCallError } from '../../../bridge/bridge-client'
import { ConnectionReportView } from './ConnectionReportView'

/** What saving or testing a connection came to, short of a test's report. */
export type Feedback =
  { kind: 'error'; message: string; details: string[] } | { kind: 'saved'; message: string } | null

/** A failed save or test in words, with what the service refused field by field. */
export function describe(error: unknown): Feedback {
  if (error instanceof BridgeCallError)
    return {
      kind: 'error',
      message: error.message,
      details: error.kind === 'validation' ? error.details : [],
    }
  return {
    kind: 'error',
    message: error instanceof Error ? error.message : String(error),
    details: [],
  }
}

/** The connection form's answer, announced: saved, why not, or the test's report. */
export function ConnectionFeedback({
  feedback,
  report,
}: {
  feedback: Feedback
  report: ConnectionReport | null
}): React.JSX.Element {
  return (
    <div role="status" aria-live="polite">
      {feedback?.kind === 'saved' && <p className="ok">{feedback.message}</p>}
      {feedback?.kind === 'error' && (
        <div className="error">
          <p>{feedback.message}</p>
          {feedback.details.length > 0 && (
            <ul>
              {feedback.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {report && <ConnectionReportView report={report} />}
    </div>
  )
}
