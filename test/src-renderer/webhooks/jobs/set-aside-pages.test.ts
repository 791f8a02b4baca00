import { describe, expect, it } from 'vitest'
import type { BridgeEvent, SetAsidePage } from '../../../../src-shared/bridge/contract'
import type { TillBridge } from '../../../../src-renderer/bridge/bridge-client'
import { watchSetAsidePages } from '../../../../src-renderer/webhooks/jobs/set-aside-pages'
import { envelopeFor, useDrainBench } from '../../../support/drain-fixture'

/** An event the drain cannot apply: its opening cash is not an amount. */
function broken(n: number): Record<string, unknown> {
  return envelopeFor({
    id: `evt_broken_${n}`,
    event: 'register_session.closed',
    data: { register_session_id: `rs-${n}`, location_id: 'loc-1', opening_cash: 'lots' },
  })
}

describe('set-aside events a page at a time (issue 27, 5)', () => {
  const bench = useDrainBench()

  it('lists what the drain set aside newest first, a page at a time, to the oldest', async () => {
    for (let n = 1; n <= 60; n++) expect((await bench().post(broken(n))).status).toBe(200)
    expect(await bench().drain()).toMatchObject({ handled: 0 })

    const shown: SetAsidePage[] = []
    let next: (page: SetAsidePage) => void = () => undefined
    const pages = watchSetAsidePages(
      bench().bridge,
      25,
      (page) => {
        shown.push(page)
        next(page)
      },
      (message) => {
        throw new Error(message)
      },
    )
    const pageShown = () => new Promise<SetAsidePage>((resolve) => (next = resolve))
    try {
      const first = shown[0] ?? (await pageShown())
      const secondShown = pageShown()
      pages.show(first.events.at(-1)!.seq)
      const second = await secondShown
      const thirdShown = pageShown()
      pages.show(second.events.at(-1)!.seq)
      const third = await thirdShown

      const listed = [first, second, third].map((page) =>
        page.events.map((e) => Number(e.envelope.id.replace('evt_broken_', ''))),
      )
      const newestFirst = Array.from({ length: 60 }, (_, i) => 60 - i)
      expect(listed).toEqual([
        newestFirst.slice(0, 25),
        newestFirst.slice(25, 50),
        newestFirst.slice(50),
      ])
      expect([first, second, third].map((p) => [p.kept, p.olderThanPage, p.dropped])).toEqual([
        [60, true, []],
        [60, true, []],
        [60, false, []],
      ])
      expect(third.events[0]!.reason).toContain('“lots” is not an amount')
    } finally {
      pages.stop()
    }
  })
})

describe('the Problems screen’s page of set-aside events', () => {
  it('loads once more, not once each, for announcements that come while a page loads', async () => {
    const calls: Array<{ input: unknown; answer: (page: SetAsidePage) => void }> = []
    const listeners = new Set<(event: BridgeEvent) => void>()
    const bridge = {
      call: (_channel: string, input: unknown) =>
        new Promise<SetAsidePage>((answer) => calls.push({ input, answer })),
      on: (name: string, listener: () => void) => {
        const wrapped = (event: BridgeEvent) => {
          if (event.name === name) listener()
        }
        listeners.add(wrapped)
        return () => listeners.delete(wrapped)
      },
    } as unknown as TillBridge
    const announce = () => {
      for (const listener of listeners)
        listener({ name: 'webhooks.queued', payload: { pending: 0 } })
    }
    const empty: SetAsidePage = { events: [], kept: 0, olderThanPage: false, dropped: [] }
    const shown: SetAsidePage[] = []
    const pages = watchSetAsidePages(
      bridge,
      25,
      (page) => shown.push(page),
      () => undefined,
    )

    expect(calls).toHaveLength(1)
    for (let i = 0; i < 500; i++) announce()
    expect(calls).toHaveLength(1)
    calls[0]!.answer(empty)
    await new Promise((resolve) => setImmediate(resolve))
    expect(calls).toHaveLength(2)
    calls[1]!.answer({ ...empty, kept: 500 })
    await new Promise((resolve) => setImmediate(resolve))
    expect(calls).toHaveLength(2)
    expect(shown.map((p) => p.kept)).toEqual([0, 500])
    expect(calls.map((c) => c.input)).toEqual([
      { before: null, limit: 25 },
      { before: null, limit: 25 },
    ])
    pages.stop()
    announce()
    expect(calls).toHaveLength(2)
  })
})
