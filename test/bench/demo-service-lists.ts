/**
 * Scale benchmark: generates a shop of about a million bills, then times list calls over HTTP
 * at the first and at deep pages, with and without filters.
 *
 *   npx tsx --expose-gc test/bench/demo-service-lists.ts [--bills 1000000] [--days 30]
 *     [--locations 4] [--samples 200]
 *
 * Prints generation time, memory, and p50 / p95 / max latency per scenario.
 */

import { parseArgs } from 'node:util'
import { buildLocations } from '../../src-demo/catalogue'
import { billId } from '../../src-demo/ids'
import { startDemoService, type DemoServiceHandle } from '../../src-demo'

const { values } = parseArgs({
  options: {
    bills: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '30' },
    locations: { type: 'string', default: '4' },
    samples: { type: 'string', default: '200' },
  },
})
const SAMPLES = Number(values.samples)
const SEED = 7
const DAYS = Number(values.days)
const LOCATIONS = Number(values.locations)
/** Sessions the history will have, to aim at the wanted number of bills. */
const SESSIONS = buildLocations(SEED, LOCATIONS).reduce((sum, l) => sum + l.shifts, 0) * (DAYS + 1)
const BILLS_PER_SESSION = Math.max(1, Math.round(Number(values.bills) / SESSIONS))

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

interface ListBody {
  data: {
    id: string
    location_id: string
    created_at: string
    updated_at: string
    register_session_id: string
  }[]
  meta: { total: number; last_page: number }
}

async function get(service: DemoServiceHandle, path: string): Promise<ListBody> {
  const response = await fetch(`${service.url}/apps-v1${path}`, {
    headers: { Authorization: `Bearer ${service.appKey}`, 'X-Service-Store': service.storeId },
  })
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as ListBody
}

async function time(service: DemoServiceHandle, path: string): Promise<number> {
  const started = performance.now()
  await get(service, path)
  return performance.now() - started
}

async function scenario(service: DemoServiceHandle, name: string, path: string): Promise<string> {
  const cold = await time(service, path)
  const times: number[] = []
  for (let i = 0; i < SAMPLES; i++) times.push(await time(service, path))
  times.sort((a, b) => a - b)
  const cells = [cold, percentile(times, 50), percentile(times, 95), times.at(-1) as number]
  return `| ${name} | ${cells.map((ms) => ms.toFixed(1)).join(' | ')} |`
}

async function main(): Promise<void> {
  const collect = (globalThis as { gc?: () => void }).gc
  collect?.()
  const baseline = process.memoryUsage()
  const started = performance.now()
  const service = await startDemoService({
    seed: SEED,
    days: DAYS,
    locations: LOCATIONS,
    billsPerSession: BILLS_PER_SESSION,
    currency: 'USD',
    timezone: 'America/New_York',
    now: '2026-11-20T12:00:00Z',
  })
  const generationMs = performance.now() - started
  collect?.()
  const memory = process.memoryUsage()
  const bills = service.shop.billCount()
  console.log(`Bills: ${bills.toLocaleString('en')} (${BILLS_PER_SESSION} a session on average)`)
  console.log(
    `Generation (history + indexes + server start): ${(generationMs / 1000).toFixed(1)} s`,
  )
  console.log(
    `Memory after generation${collect ? ' (after GC)' : ' (run with --expose-gc for after-GC figures)'}: ` +
      `heap used ${mb(memory.heapUsed - baseline.heapUsed)}, array buffers ${mb(memory.arrayBuffers - baseline.arrayBuffers)}, ` +
      `rss ${mb(memory.rss)}`,
  )

  try {
    const all = '/sales/bills/location/all?limit=200'
    const first = await get(service, all)
    const last = first.meta.last_page
    const middle = Math.ceil(last / 2)
    const newest = await get(service, '/sales/bills/location/all?order_by=id:desc&limit=1')
    const end = Date.parse(newest.data[0]?.created_at ?? '')
    const iso = (ms: number): string => encodeURIComponent(new Date(ms).toISOString())
    const dayAgo = iso(end - 86_400_000)
    const weekAgo = iso(end - 7 * 86_400_000)
    const twoWeeksAgo = iso(end - 14 * 86_400_000)
    // A full session from the middle of the history.
    const sample = (await get(service, `${all}&page=${middle}`)).data[0]
    const sessionList = `/sales/bills/location/${sample?.location_id}?limit=200&q_register_session_id=${sample?.register_session_id}`
    const refunds = await get(service, `${all}&q_type=refund`)
    const recent = await get(service, `${all}&q_updated_at_from=${weekAgo}&order_by=updated_at:asc`)
    const week = await get(
      service,
      `${all}&q_created_at_from=${twoWeeksAgo}&q_created_at_to=${weekAgo}`,
    )
    const location = await get(service, '/sales/bills/location/102?limit=200')
    const bySession = await get(service, sessionList)

    console.log(`\nList calls over HTTP (${SAMPLES} samples each after one cold call; ms):\n`)
    console.log('| scenario | cold | p50 | p95 | max |')
    console.log('|---|---|---|---|---|')
    const rows: [string, string][] = [
      ['all bills, page 1 (limit 200)', `${all}&page=1`],
      [`all bills, middle page ${middle}`, `${all}&page=${middle}`],
      [`all bills, last page ${last}`, `${all}&page=${last}`],
      [
        'all bills by updated_at desc, middle page',
        `${all}&order_by=updated_at:desc&page=${middle}`,
      ],
      [
        `one location, last page ${location.meta.last_page}`,
        `/sales/bills/location/102?limit=200&page=${location.meta.last_page}`,
      ],
      ['q_type=refund, page 1', `${all}&q_type=refund`],
      [
        `q_type=refund, last page ${refunds.meta.last_page}`,
        `${all}&q_type=refund&page=${refunds.meta.last_page}`,
      ],
      [
        'q_created_at one week, page 1',
        `${all}&q_created_at_from=${twoWeeksAgo}&q_created_at_to=${weekAgo}`,
      ],
      [
        `q_created_at one week, last page ${week.meta.last_page}`,
        `${all}&q_created_at_from=${twoWeeksAgo}&q_created_at_to=${weekAgo}&page=${week.meta.last_page}`,
      ],
      [
        'q_updated_at_from 1 day, by updated_at, page 1',
        `${all}&q_updated_at_from=${dayAgo}&order_by=updated_at:asc`,
      ],
      [
        `q_updated_at_from 7 days, by updated_at, last page ${recent.meta.last_page}`,
        `${all}&q_updated_at_from=${weekAgo}&order_by=updated_at:asc&page=${recent.meta.last_page}`,
      ],
      [
        'q_updated_at_from 7 days, by id (filtered, cached), last page',
        `${all}&q_updated_at_from=${weekAgo}&page=${recent.meta.last_page}`,
      ],
      [`q_register_session_id (${bySession.meta.total} bills), page 1`, sessionList],
      [
        'q_register_session_id, by updated_at, last page',
        `${sessionList}&order_by=updated_at:desc&page=${bySession.meta.last_page}`,
      ],
      ['bill detail', `/sales/bills/${billId(Math.floor(bills / 2))}`],
      ['expenses, page 1', '/expenses?limit=200&order_by=updated_at:desc'],
    ]
    for (const [name, path] of rows) console.log(await scenario(service, name, path))
  } finally {
    await service.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
