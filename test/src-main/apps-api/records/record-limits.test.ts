import type { ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { BridgeCallError } from '../../../../src-renderer/bridge/bridge-client'
import { requireSessionKeyring } from '../../../support/keyring'
import { apiBillSummary } from '../../../support/api-bill'
import { inProcessMain } from '../../../support/main-bridge'
import { startScriptedServer, type Scripted } from '../../../support/scripted-server'

/** The largest answer Till reads from the service. */
const ANSWER_LIMIT_BYTES = 32 * 2 ** 20

/** The README's limit on one record's size. */
const RECORD_MAX_BYTES = 1 << 20

const bill = (id: string) => apiBillSummary(id, id.toUpperCase())

/** JSON text of a bill with `field` holding `value`, spliced in as text (too deep to stringify). */
const billText = (id: string, field: string, valueText: string): string =>
  JSON.stringify(bill(id)).replace(/}$/, `,${JSON.stringify(field)}:${valueText}}`)

const nested = (depth: number, open: string, close: string, inner = '1'): string =>
  open.repeat(depth) + inner + close.repeat(depth)

const page = (records: string[]): string =>
  `{"data":[${records.join(',')}],"meta":{"page":1,"limit":20,"total":${records.length},"last_page":1}}`

const text =
  (body: string): Scripted =>
  (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(body)
  }

/** A body that never ends: a reader that reads answers whole never returns from it. */
const endless: Scripted = (_req, res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.write('{"data":[{"id":"b-1","note":"')
  const chunk = 'x'.repeat(1 << 20)
  const more = (): void => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', more)
  }
  more()
}

describe('hostile answers: deep nesting and sizes (issue 14, 3)', () => {
  const main = inProcessMain()
  let server: Awaited<ReturnType<typeof startScriptedServer>> | null = null
  let profileId = ''
  const steps: Scripted[] = []

  beforeAll(async () => {
    requireSessionKeyring()
    server = await startScriptedServer([(req, res) => steps.shift()!(req, res)])
    profileId = (
      await main.call('profiles.save', {
        name: 'Hostile',
        baseUrl: server.url,
        storeId: 'st-1',
        apiKey: 'hostile-test-key-1',
      })
    ).id
  })
  afterEach(() => void (steps.length = 0))
  afterAll(async () => {
    await main.cleanup()
    await server?.close()
  })

  const listBills = () =>
    main.call('service.bills.list', { profileId, currency: null, query: { page: 1, limit: 20 } })

  it('quarantines a bill with a 100,000-deep extra field or a 5,000-deep line, keeping the page', async () => {
    steps.push(
      text(
        page([
          JSON.stringify(bill('b-1')),
          billText('b-deep', 'extra_field', nested(100_000, '{"a":', '}')),
          billText('b-lines', 'lines', `[${nested(5_000, '[', ']')}]`),
          JSON.stringify(bill('b-2')),
        ]),
      ),
    )
    const answer = await listBills()
    expect(answer.bills.map((b) => b.id)).toEqual(['b-1', 'b-2'])
    expect(answer.quarantined.map((q) => [q.id, q.reason])).toEqual([
      ['b-deep', expect.stringMatching(/nested deeper than \d+ levels/) as unknown],
      ['b-lines', expect.stringMatching(/nested deeper than \d+ levels/) as unknown],
    ])
    // What is kept of them crosses the bridge (JSON in the browser shell, a structured clone in Electron).
    expect(() => structuredClone(JSON.parse(JSON.stringify(answer)))).not.toThrow()
    expect(answer.quarantined[0]!.raw).toMatchObject({ id: 'b-deep', number: 'B-DEEP' })
  })

  it('quarantines a record above the record size limit, keeping a bounded excerpt of it', async () => {
    const note = JSON.stringify('n'.repeat(RECORD_MAX_BYTES + 1))
    steps.push(text(page([billText('b-big', 'note', note), JSON.stringify(bill('b-3'))])))
    const answer = await listBills()
    expect(answer.bills.map((b) => b.id)).toEqual(['b-3'])
    expect(answer.quarantined).toHaveLength(1)
    expect(answer.quarantined[0]!.reason).toMatch(/larger than 1 MB/)
    expect(JSON.stringify(answer.quarantined).length).toBeLessThan(10_000)
  })

  it('stops reading an answer above the answer size limit with a named error', async () => {
    steps.push(endless)
    const error = await listBills().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BridgeCallError)
    expect(error).toMatchObject({ kind: 'service' })
    expect((error as Error).message).toMatch(
      new RegExp(`larger than ${ANSWER_LIMIT_BYTES / 2 ** 20} MB`),
    )
  })

  it('quarantines one bill whose detail answer is too large or too deep, and returns the others', async () => {
    const good = JSON.stringify({ ...bill('b-ok'), lines: [] })
    const deep = billText('b-deep', 'extra_field', nested(100_000, '[', ']'))
    const byBill: Scripted = (req, res) =>
      req.url?.endsWith('/b-ok')
        ? text(good)(req, res)
        : req.url?.endsWith('/b-deep')
          ? text(deep)(req, res)
          : endless(req, res)
    steps.push(byBill, byBill, byBill)
    const answer = await main.call('service.bills.get', {
      profileId,
      currency: null,
      ids: ['b-ok', 'b-deep', 'b-huge'],
    })
    expect(answer.bills.map((b) => b.id)).toEqual(['b-ok'])
    expect(answer.quarantined.map((q) => q.id).sort()).toEqual(['b-deep', 'b-huge'])
    expect(answer.quarantined.find((q) => q.id === 'b-huge')?.reason).toMatch(/larger than/)
  })
})
