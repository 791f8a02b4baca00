import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef, useState } from 'react'
import type { SetAsidePage, WebhookReceiverStatus } from '../../../../src-shared/bridge/contract'
import type { ActiveConnection } from '../../../settings'
import { watchSetAsidePages, type SetAsidePages } from '../../../webhooks'
import { useBridge } from '../../hooks/bridge-context'
import { billsBreakingIdentities, quarantinedRecords } from '../../../sync'
import { formatDateTime } from '../../../format/time'
import { formatMoney } from '../../../format/format-money'
import { checkBillIdentities } from '../../../day-close'
import { effectiveTimeZone } from '../../../format/effective-time-zone'
import { ConnectionGate } from '../ConnectionGate'
import { SharedRowsSetAside } from './SharedRowsSetAside'
import { SharedConflictsOnProblems } from './SharedConflictsOnProblems'
import { useFormatMoment } from '../../hooks/use-active-connection'

const QUARANTINE_KIND: Record<string, string> = {
  bill: 'Bill',
  expense: 'Expense',
  merchant: 'Shop detail',
}

const REJECTION_MEANING: Record<string, string> = {
  'missing-header': 'It carried no signature.',
  malformed: 'Its signature header was not readable.',
  'bad-signature':
    'Its signature did not match this connection’s signing secret. Check the secret in Settings.',
  stale: 'It was signed more than 5 minutes before it arrived (or this PC’s clock is wrong).',
  future: 'It was signed more than 5 minutes in the future (or this PC’s clock is wrong).',
  'unknown-store': 'It was for a store Till has no connection for.',
  'invalid-envelope': 'It was signed correctly but was not an event Till understands.',
  'keychain-unavailable':
    'The keychain was locked, so Till could not check it; the service will send it again.',
  'payload-too-large': 'It was larger than Till accepts.',
  'queue-unavailable': 'Till could not save it; the service will send it again.',
}

function QuarantinedRecords({ connection }: { connection: ActiveConnection }): React.JSX.Element {
  const { db, profile } = connection
  const records = useLiveQuery(() => quarantinedRecords(db), [db])
  const timeZone = effectiveTimeZone(profile)
  return (
    <section aria-labelledby="quarantine-title" className="panel">
      <h2 id="quarantine-title">Records Till could not read ({records?.length ?? '…'})</h2>
      <p className="muted">
        The service sent these in a form Till cannot trust, so they are kept aside, not counted in
        any figure. Each is fetched again at the next sync; if the service corrects it, it leaves
        this list.
      </p>
      {records?.length === 0 && <p>None. Every record synced so far was readable.</p>}
      <ul className="problem-list">
        {records?.map((record) => (
          <li key={record.key}>
            <strong>
              {QUARANTINE_KIND[record.kind]} {record.id ?? '(no id)'}
            </strong>{' '}
            <span className="muted">seen {formatDateTime(record.seenAt, timeZone)}</span>
            <p>{record.reason}</p>
            <details>
              <summary>What the service sent</summary>
              <pre>{JSON.stringify(record.raw, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  )
}

const LISTED = 200

function BillsBreakingIdentities({
  connection,
}: {
  connection: ActiveConnection
}): React.JSX.Element {
  const { db } = connection
  const found = useLiveQuery(() => billsBreakingIdentities(db, LISTED), [db])
  return (
    <section aria-labelledby="identities-title" className="panel">
      <h2 id="identities-title">Bills whose parts do not add up ({found?.count ?? '…'})</h2>
      <p className="muted">
        The service’s own totals disagree with the bill’s lines, discounts, fees, taxes or payments.
        Till shows them as the service sent them; in journals the difference goes to Rounding. Ask
        the POS provider about them.
      </p>
      {found?.count === 0 && <p>None. Every synced bill adds up.</p>}
      <ul className="problem-list">
        {found?.bills.map((bill) => (
          <li key={bill.id}>
            <strong>
              Bill {bill.number} ({bill.type})
            </strong>
            <ul>
              {checkBillIdentities(bill).map((broken) => (
                <li key={broken.identity}>
                  {broken.identity}: the parts give {formatMoney(broken.expected, bill.currency)},
                  the bill says {formatMoney(broken.actual, bill.currency)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {found && found.count > LISTED && <p className="muted">The first {LISTED} are listed.</p>}
    </section>
  )
}

function RefusedDeliveries(): React.JSX.Element {
  const bridge = useBridge()
  const moment = useFormatMoment()
  const [status, setStatus] = useState<WebhookReceiverStatus | null>(null)
  useEffect(() => {
    const refresh = (): void =>
      void bridge.call('webhooks.status').then(setStatus, () => setStatus(null))
    refresh()
    return bridge.on('webhooks.queued', refresh)
  }, [bridge])
  const refused = status?.recentRejections ?? []
  return (
    <section aria-labelledby="deliveries-title" className="panel">
      <h2 id="deliveries-title">Live updates refused ({status?.rejected ?? '…'})</h2>
      {refused.length === 0 && <p>None since Till started.</p>}
      <ul className="problem-list">
        {refused.map((r) => (
          <li key={`${r.at}-${r.delivery ?? ''}`}>
            <strong>{r.event ?? 'An event'}</strong>{' '}
            <span className="muted">at {moment(r.at)}</span>
            <p>{REJECTION_MEANING[r.reason] ?? r.reason}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

const SET_ASIDE_PAGE = 25

function SetAsideEvents({ connection }: { connection: ActiveConnection }): React.JSX.Element {
  const bridge = useBridge()
  const [page, setPage] = useState<SetAsidePage | null>(null)
  /** The `before` of each page from the newest to the one shown. */
  const [trail, setTrail] = useState<(number | null)[]>([null])
  const [problem, setProblem] = useState<string | null>(null)
  const pages = useRef<SetAsidePages | null>(null)
  const timeZone = effectiveTimeZone(connection.profile)
  useEffect(() => {
    const watch = watchSetAsidePages(bridge, SET_ASIDE_PAGE, setPage, setProblem)
    pages.current = watch
    return () => watch.stop()
  }, [bridge])
  const go = (next: (number | null)[]): void => {
    setTrail(next)
    pages.current?.show(next[next.length - 1] ?? null)
  }
  const act = (channel: 'webhooks.retry' | 'webhooks.ack', seq: number): void => {
    setProblem(null)
    bridge.call(channel, { seqs: [seq] }).then(
      () => pages.current?.reload(),
      (error: Error) => setProblem(error.message),
    )
  }
  const events = page?.events
  const letGo = page?.dropped.reduce((sum, d) => sum + d.count, 0) ?? 0
  const oldest = events?.[events.length - 1]
  return (
    <section aria-labelledby="set-aside-title" className="panel">
      <h2 id="set-aside-title">
        Live updates Till could not apply ({page ? page.kept + letGo : '…'})
      </h2>
      <p className="muted">
        These events were signed correctly but could not be applied, so they were set aside and the
        ones behind them went on. What they pointed at is still caught by the next sync. Retry puts
        an event back in the queue; Dismiss removes it.
      </p>
      {problem && <p role="alert">{problem}</p>}
      {page && letGo > 0 && (
        <div>
          <p>
            Till keeps the newest {page.kept} of them; {letGo} older ones were let go to keep the
            store small. Why those could not be applied:
          </p>
          <ul aria-label="Set-aside events let go, by reason">
            {page.dropped.map((d) => (
              <li key={d.reason}>
                {d.count} × {d.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {page?.kept === 0 && letGo === 0 && (
        <p>None. Every live update received so far was applied.</p>
      )}
      <ul className="problem-list" aria-label="Set-aside events">
        {events?.map((event) => (
          <li key={event.seq}>
            <strong>{event.envelope.event}</strong>{' '}
            <span className="muted">
              received {formatDateTime(Date.parse(event.receivedAt), timeZone)}
            </span>
            <p>{event.reason}</p>
            <details>
              <summary>What the service sent</summary>
              <pre>{JSON.stringify(event.envelope, null, 2)}</pre>
            </details>
            <button type="button" onClick={() => act('webhooks.retry', event.seq)}>
              Retry
            </button>{' '}
            <button type="button" className="danger" onClick={() => act('webhooks.ack', event.seq)}>
              Dismiss
            </button>
          </li>
        ))}
      </ul>
      {(trail.length > 1 || page?.olderThanPage) && (
        <div className="actions">
          <button type="button" disabled={trail.length <= 1} onClick={() => go(trail.slice(0, -1))}>
            Newer events
          </button>
          <button
            type="button"
            disabled={!page?.olderThanPage || !oldest}
            onClick={() => oldest && go([...trail, oldest.seq])}
          >
            Older events
          </button>
        </div>
      )}
    </section>
  )
}

/** Everything Till set aside or refused, each explained; nothing hidden. */
export function ProblemsScreen(): React.JSX.Element {
  return (
    <ConnectionGate title="Problems">
      {(connection) => (
        <>
          <QuarantinedRecords connection={connection} />
          <SharedConflictsOnProblems connection={connection} />
          <SharedRowsSetAside connection={connection} />
          <BillsBreakingIdentities connection={connection} />
          <SetAsideEvents connection={connection} />
          <RefusedDeliveries />
        </>
      )}
    </ConnectionGate>
  )
}
