import type { ChannelHandlers } from '../../bridge/dispatcher'
import { AppsApiClient } from '../../apps-api/client'
import { ValidationError } from '../../errors'
import type { Bill, QuarantinedRecord } from '../../../src-shared/domain/records'
import type { Services } from '../../services'

type ServiceDataChannels = 'service.bills.list' | 'service.bills.get' | 'service.expenses.list'

/** How many detail requests main keeps in flight for one `service.bills.get` call. */
const DETAIL_CONCURRENCY = 8

async function mapConcurrently<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/**
 * The renderer's reads of the service. Each call reads the profile's key from the keychain once
 * and drops it when done; the key never leaves main.
 */
export function serviceDataHandlers(
  services: Services,
): Pick<ChannelHandlers, ServiceDataChannels> {
  const clientFor = async (profileId: string): Promise<AppsApiClient> => {
    const profile = await services.profiles.get(profileId)
    const apiKey = await services.profiles.secret(profileId, 'api-key')
    if (!apiKey)
      throw new ValidationError(
        `The connection “${profile.name}” has no API key. Add it in Settings.`,
      )
    return new AppsApiClient(
      { baseUrl: profile.baseUrl, storeId: profile.storeId, apiKey },
      { fetch: services.fetch, log: services.log.child('apps-api') },
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
      await mapConcurrently([...new Set(ids)], DETAIL_CONCURRENCY, async (id) => {
        const answer = await client.getBill(id, currency)
        if (answer === null) missing.push(id)
        else if ('bill' in answer) bills.push(answer.bill)
        else quarantined.push(answer.quarantined)
      })
      return { bills, missing, quarantined }
    },
    'service.expenses.list': async ({ profileId, currency, query }) => {
      const client = await clientFor(profileId)
      const { records, quarantined, page } = await client.listExpenses(query, currency)
      return { expenses: records, quarantined, page }
    },
  }
}
