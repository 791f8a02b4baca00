import type { DefaultedAccount } from '../../../exports'
import type { JournalProblem } from '../../../exports'
import type { StoredBatch } from '../../../exports'
import { count, defaultedLabel, holdersLabel } from './export-labels'

/** What the last export, or download again, came to. */
export type Outcome =
  | {
      kind: 'done'
      files: string[]
      entries: number | null
      defaulted: DefaultedAccount[]
      taxExempt: TaxExemptEntry[]
      /** Entries dated the first open day after the destination's lock date. */
      movedOutOfLock: number
      variancesHeld: number
    }
  | {
      kind: 'nothing-new'
      destination: string
      holders: StoredBatch[]
      heldBack: number
      variancesHeld: number
    }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string }

/** Entries whose mapped Xero tax rates went unused, and which taxes (see exports/rules/formats/xero-tax.ts). */
interface TaxExemptEntry {
  entryId: string
  description: string
  taxes: string[]
}

export function taxExemptEntries(problems: readonly JournalProblem[]): TaxExemptEntry[] {
  return problems.flatMap((p) => (p.kind === 'xero-tax-exempt' ? [p] : []))
}

function TaxExemptNotice({ entries }: { entries: TaxExemptEntry[] }): React.JSX.Element {
  if (entries.length === 0) return <></>
  return (
    <div className="notice" role="note" aria-label="Taxes sent Tax Exempt">
      <p>
        Taxes sent Tax Exempt: no tax-exclusive amount has Xero work out exactly these taxes (or the
        entry has no line they were charged on), so they went out on their own tax line, as without
        a Xero tax rate. The books are right; Xero’s tax reports leave them out.
      </p>
      <ul>
        {entries.map((e) => (
          <li key={e.entryId}>
            {e.description}: {e.taxes.join(', ')}
          </li>
        ))}
      </ul>
    </div>
  )
}

function DefaultedNotice({ defaulted }: { defaulted: DefaultedAccount[] }): React.JSX.Element {
  if (defaulted.length === 0) return <></>
  return (
    <div className="notice" role="note" aria-label="Accounts defaulted">
      <p>
        Accounts defaulted: nothing mapped these, so this file posts them to the default chart’s
        account. A mapping saved in Settings now applies to later exports; entries already exported
        stay as they are.
      </p>
      <ul>
        {defaulted.map((d) => (
          <li key={d.roleKey}>{defaultedLabel(d)}</li>
        ))}
      </ul>
    </div>
  )
}

/**
 * The export's result, announced as it comes: the files written, or that nothing was new (and
 * which exports already hold the range), cancelled or failed; then what the file defaulted or
 * sent Tax Exempt. `plannedAgain` says another PC committed to the shared books first.
 */
export function ExportResult({
  outcome,
  plannedAgain,
  timeZone,
}: {
  outcome: Outcome | null
  plannedAgain: string | null
  timeZone: string
}): React.JSX.Element {
  return (
    <div aria-live="polite">
      {outcome?.kind === 'done' && (
        <p className="notice" role="status">
          {outcome.entries !== null
            ? `${count.format(outcome.entries)} ${outcome.entries === 1 ? 'entry' : 'entries'} exported`
            : 'Exported'}{' '}
          to {outcome.files.join(', ')}.
          {outcome.movedOutOfLock > 0 &&
            ` ${count.format(outcome.movedOutOfLock)} of them fell inside the lock date and are dated the first open day.`}
        </p>
      )}
      {outcome?.kind === 'nothing-new' && outcome.heldBack > 0 && (
        <p className="notice" role="status">
          Nothing new to export to {outcome.destination}: the rest of this range is already in its
          books, and{' '}
          {outcome.heldBack === 1
            ? 'its session still open waits for an export after it closes'
            : `its ${count.format(outcome.heldBack)} sessions still open wait for an export after they close`}
          .
        </p>
      )}
      {plannedAgain !== null && outcome !== null && (
        <p className="notice" role="status">
          {plannedAgain}
          {outcome.kind === 'nothing-new' && ' Everything in this range is already posted.'}
        </p>
      )}
      {outcome?.kind === 'nothing-new' && outcome.heldBack === 0 && (
        <p className="notice" role="status">
          Nothing new to export to {outcome.destination}: every entry in this range is already in{' '}
          {outcome.holders.length === 0
            ? 'its books'
            : `its export${outcome.holders.length === 1 ? '' : 's'} of ${holdersLabel(outcome.holders, timeZone)}`}
          .
        </p>
      )}
      {(outcome?.kind === 'done' || outcome?.kind === 'nothing-new') && (
        <HeldVariancesNotice held={outcome.variancesHeld} />
      )}
      {outcome?.kind === 'cancelled' && (
        <p className="notice" role="status">
          Export cancelled. No file was written and the export log is unchanged.
        </p>
      )}
      {outcome?.kind === 'error' && (
        <p className="error" role="alert">
          The export failed: {outcome.message}
        </p>
      )}
      {outcome?.kind === 'done' && (
        <>
          <DefaultedNotice defaulted={outcome.defaulted} />
          <TaxExemptNotice entries={outcome.taxExempt} />
        </>
      )}
    </div>
  )
}

/** Counted sessions whose cash variance the export held back: their opening cash is not known. */
function HeldVariancesNotice({ held }: { held: number }): React.JSX.Element {
  if (held === 0) return <></>
  return (
    <p className="notice" role="status">
      {held === 1
        ? 'The cash variance of one counted session is held back'
        : `The cash variances of ${count.format(held)} counted sessions are held back`}
      : the opening cash is not known, so the expected cash is not whole. Record the opening float
      on Day close (or wait for the close event), then export that day again to post it.
    </p>
  )
}
