/**
 * Main's CPU per bill in a first sync, split by what main does for it: the bare requests to the
 * service, the Apps API client (requests, JSON, the plain bill reader or, for any other shape,
 * the tolerant record schemas), and a whole bridge call as a shell answers it (the dispatcher's
 * checks, the handler, the answer serialised). The demo service runs in a process of its own, so
 * only main's work is counted here; CPU seconds move little with the machine's load, which
 * wall-clock seconds do.
 *
 *   npx tsx test/bench/main-cpu.ts [--bills 5000] [--rounds 5] [--profile main-cpu.cpuprofile]
 */

import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { AppsApiClient } from '../../src-main/apps-api/client'
import { createHttpGet } from '../../src-main/apps-api/http-get'
import { getOnce } from '../../src-main/apps-api/request'
import { createDispatcher, type ChannelHandlers } from '../../src-main/bridge/dispatcher'
import { serviceDataHandlers } from '../../src-main/features/service-data/service-data-handlers'
import { createLogger } from '../../src-main/logging/logger'
import { Secret } from '../../src-main/logging/secret'
import type { ProfileView } from '../../src-shared/bridge/contract'
import { startStandaloneDemo } from '../support/standalone-demo'
import { shopFor } from './sync-figures'
import { repeated, type Repeated } from './stats'

/** The renderer's batches of detail ids, and main's requests in flight for them. */
const IDS_PER_CALL = 200
const CONCURRENCY = 32
const LIST_LIMIT = 200
const PROFILE_ID = 'bench'
const CURRENCY = 'IDR'

export interface MainCpuFigures {
  bills: number
  loadAverage: number[]
  /** CPU microseconds per bill, by stage, over the rounds. */
  perBillMicroseconds: Record<Stage, Repeated>
}

type Stage = 'requests' | 'client' | 'detailCalls' | 'listCalls'

const cpuMicroseconds = (): number => {
  const { user, system } = process.cpuUsage()
  return user + system
}

async function inParallel<T>(items: T[], slots: number, work: (item: T) => Promise<unknown>) {
  let next = 0
  await Promise.all(
    Array.from({ length: slots }, async () => {
      while (next < items.length) await work(items[next++]!)
    }),
  )
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  )
}

export async function measureMainCpu(options: {
  bills: number
  rounds: number
  profile?: string
  log?: (line: string) => void
}): Promise<MainCpuFigures> {
  const log = options.log ?? (() => undefined)
  const demo = await startStandaloneDemo({ ...shopFor(options.bills), currency: CURRENCY })
  try {
    const apiKey = new Secret(demo.appKey)
    const connection = { baseUrl: demo.url, storeId: demo.storeId, apiKey }
    const quiet = createLogger('bench')
    const httpGet = createHttpGet()
    const handlers = serviceDataHandlers({
      profiles: {
        get: async () =>
          ({ name: 'Bench', baseUrl: demo.url, storeId: demo.storeId }) as ProfileView,
        secret: async () => apiKey,
      },
      httpGet,
      log: quiet,
    })
    const dispatch = createDispatcher(handlers as ChannelHandlers, quiet)
    const client = new AppsApiClient(connection, { httpGet, log: quiet })

    const listPages = async (): Promise<string[]> => {
      const ids: string[] = []
      for (let page = 1; ; page++) {
        const answer = await dispatch('service.bills.list', {
          profileId: PROFILE_ID,
          currency: CURRENCY,
          query: { page, limit: LIST_LIMIT, order_by: 'created_at:asc' },
        })
        if (!answer.ok) throw new Error(answer.error.message)
        JSON.stringify(answer)
        const value = answer.value as { bills: { id: string }[]; page: { hasMore: boolean } }
        ids.push(...value.bills.map((b) => b.id))
        if (!value.page.hasMore) return ids
      }
    }
    const ids = await listPages()
    log(`${ids.length} bills in the demo service`)

    const stages: Record<Stage, () => Promise<unknown>> = {
      requests: () =>
        inParallel(ids, CONCURRENCY, (id) =>
          getOnce(connection, `/sales/bills/${id}`, {}, httpGet, 20_000),
        ),
      client: () => inParallel(ids, CONCURRENCY, (id) => client.getBill(id, CURRENCY)),
      detailCalls: () =>
        inParallel(chunks(ids, IDS_PER_CALL), 2, async (batch) => {
          const answer = await dispatch('service.bills.get', {
            profileId: PROFILE_ID,
            currency: CURRENCY,
            ids: batch,
          })
          if (!answer.ok) throw new Error(answer.error.message)
          JSON.stringify(answer)
        }),
      listCalls: listPages,
    }
    const samples: Record<Stage, number[]> = {
      requests: [],
      client: [],
      detailCalls: [],
      listCalls: [],
    }
    // A first pass warms every path up (optimised code, open connections); it is not kept.
    for (const run of Object.values(stages)) await run()

    const session = options.profile ? new Session() : null
    if (session) {
      session.connect()
      await new Promise((resolve) => session.post('Profiler.enable', resolve))
      await new Promise((resolve) => session.post('Profiler.start', resolve))
    }
    for (let round = 1; round <= options.rounds; round++) {
      for (const [stage, run] of Object.entries(stages) as [Stage, () => Promise<unknown>][]) {
        const before = cpuMicroseconds()
        await run()
        samples[stage].push((cpuMicroseconds() - before) / ids.length)
      }
      log(
        `round ${round}: ${Object.entries(samples)
          .map(([s, v]) => `${s} ${v.at(-1)!.toFixed(0)} µs`)
          .join(', ')}`,
      )
    }
    if (session)
      await new Promise<void>((resolve) =>
        session.post('Profiler.stop', (error, result) => {
          if (!error) writeFileSync(options.profile!, JSON.stringify(result.profile))
          resolve()
        }),
      )
    return {
      bills: ids.length,
      loadAverage: loadavg(),
      perBillMicroseconds: {
        requests: repeated(samples.requests),
        client: repeated(samples.client),
        detailCalls: repeated(samples.detailCalls),
        listCalls: repeated(samples.listCalls),
      },
    }
  } finally {
    await demo.stop()
  }
}

if (require.main === module) {
  const { values } = parseArgs({
    options: {
      bills: { type: 'string', default: '5000' },
      rounds: { type: 'string', default: '5' },
      profile: { type: 'string' },
    },
  })
  measureMainCpu({
    bills: Number(values.bills),
    rounds: Number(values.rounds),
    profile: values.profile,
    log: (line) => console.error(line),
  })
    .then((figures) => console.log(JSON.stringify(figures, null, 2)))
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
