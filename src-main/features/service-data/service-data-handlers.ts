import type { ChannelHandlers } from '../../bridge/dispatcher'
import { AppsApiClient } from '../../apps-api/client'
import { ValidationError } from '../../till-errors'
import type { Bill, QuarantinedRecord } from '../../../src-shared/domain/records'
import type { HttpGet } from '../../apps-api/http-get'
import type { Logger } from '../../logging/logger'
import type { ProfileStore } from '../connections/profile-store'

type ServiceDataChannels = 'service.bills.list' | 'service.bills.get' | 'service.expenses.list'

/**
 * Detail requests main keeps in flight to the service at most, across every `service.bills.get`
 * call: the renderer may queue several batches, the service never sees more than this at once.
 */
const DETAIL_CONCURRENCY = 32

/** A counting semaphore: `run` waits for a free slot. */
function concurrencyLimit(slots: number): <T>(work: () => Promise<T>) => Promise<T> {
  let free = slots
  const waiting: (() => void)[] = []
  return async (work) => {
    if (free > 0) free--
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else free++
    }
  }
}

/**
 * The renderer's reads of the service. Each call reads the profile's key from the keychain once
 * and drops it when done; the key never leaves main.
 */
export interface ServiceDataDeps {
  profiles: Pick<ProfileStore, 'get' | 'secret'>
  httpGet: HttpGet
  log: Logger
}

export function serviceDataHandlers({
  profiles,
  httpGet,
  log,
}: ServiceDataDeps): Pick<ChannelHandlers, ServiceDataChannels> {
  const detailSlot = concurrencyLimit(DETAIL_CONCURRENCY)
  const clientFor = async (profileId: string): Promise<AppsApiClient> => {
    const profile = await profiles.get(profileId)
    const apiKey = await profiles.secret(profileId, 'api-key')
    if (!apiKey)
      throw new ValidationError(
        `The connection “${profile.name}” has no API key. Add it in Settings.`,
      )
    return new AppsApiClient(
      { baseUrl: profile.baseUrl, storeId: profile.storeId, apiKey },
      { httpGet, log: log.child('apps-api') },
    )
  }
  return {
    'service.bills.list': async ({ profileId, currency, locationId, query }) => {
      const client = await clientFor(profileId)
      const { records, quarantined, page } = await client.listBills(query, currency, locationId)
      return { bills: records, quarantined, page }
    },
    'service.bills.get': async ({ profileId, currency, ids }) => {
      const client = await clientFor(profileId)
      const bills: Bill[] = []
      const missing: string[] = []
      const quarantined: QuarantinedRecord[] = []
      await Promise.all(
        [...new Set(ids)].map((id) =>
          detailSlot(async () => {
            const answer = await client.getBill(id, currency)
            if (answer === null) missing.push(id)
            else if ('bill' in answer) bills.push(answer.bill)
            else quarantined.push(answer.quarantined)
          }),
        ),
      )
      return { bills, missing, quarantined }
    },
    'service.expenses.list': async ({ profileId, currency, query }) => {
      const client = await clientFor(profileId)
      const { records, quarantined, page } = await client.listExpenses(query, currency)
      return { expenses: records, quarantined, page }
    },
  }
}
