import type { ChannelInput, ChannelOutput } from '../../../src-shared/bridge/contract'
import type { TillBridge } from '../../bridge/bridge-client'

/** The three reads the sync engine makes; main carries them out with the profile's key. */
export interface ServiceReader {
  listBills(input: ChannelInput<'service.bills.list'>): Promise<ChannelOutput<'service.bills.list'>>
  getBills(input: ChannelInput<'service.bills.get'>): Promise<ChannelOutput<'service.bills.get'>>
  listExpenses(
    input: ChannelInput<'service.expenses.list'>,
  ): Promise<ChannelOutput<'service.expenses.list'>>
}

export function serviceReaderFromBridge(bridge: TillBridge): ServiceReader {
  return {
    listBills: (input) => bridge.call('service.bills.list', input),
    getBills: (input) => bridge.call('service.bills.get', input),
    listExpenses: (input) => bridge.call('service.expenses.list', input),
  }
}
