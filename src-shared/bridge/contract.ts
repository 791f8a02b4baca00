import { z } from 'zod'
import {
  appInfo,
  connectionReport,
  keychainStatus,
  merchantFactsInput,
  profileId,
  profileView,
  saveProfileInput,
  testConnectionInput,
} from './schemas/connections'
import {
  getBillsInput,
  getBillsOutput,
  listBillsInput,
  listBillsOutput,
  listExpensesInput,
  listExpensesOutput,
} from './schemas/service-data'
import {
  exportFinishOutput,
  exportHandle,
  exportOpenInput,
  exportOpenOutput,
  exportWriteInput,
  recordScheduledRunInput,
  saveScheduleInput,
  scheduledExportState,
} from './schemas/exports'
import {
  setAsidePage,
  setAsidePageInput,
  webhookPending,
  webhookQueueTake,
  webhookReceiverSettings,
  webhookReceiverStatus,
  webhookSeqsInput,
  webhookSetAsideInput,
} from './schemas/webhooks'
import {
  joinSharedBooksInput,
  renameSharedPcInput,
  saveSharedBooksInput,
  sharedAppendResult,
  sharedBooksAppendExportInput,
  sharedBooksAppendStagedInput,
  sharedBooksAppendStagedOutput,
  sharedBooksChangedEvent,
  sharedBooksExportLogInput,
  sharedBooksExportLogOutput,
  sharedBooksHistoryInput,
  sharedBooksHistoryOutput,
  sharedBooksInfoOutput,
  sharedBooksPullInput,
  sharedBooksPullOutput,
  sharedBooksPushInput,
  sharedBooksPushOutput,
  sharedBooksSettingsView,
  sharedBooksStagePartInput,
  sharedBooksStatus,
  sharedBooksStatusEvent,
  sharedBooksStoreInput,
  sharedBooksTestReport,
  testSharedBooksInput,
} from './schemas/shared-books'

/**
 * The bridge contract: every call the renderer may make into main, and every event main may send
 * back, each with its schemas. The preload (Electron) and the HTTP stand-in (browser shell) both
 * carry exactly this table; main registers one handler per channel from it. Feature schemas live
 * in ./schemas.
 */

export * from './schemas/connections'
export * from './schemas/webhooks'
export * from './schemas/service-data'
export * from './schemas/exports'
export * from './schemas/shared-books'

const noInput = z.undefined()

export const channels = {
  'app.info': { input: noInput, output: appInfo },
  'profiles.list': {
    input: noInput,
    output: z.object({
      profiles: z.array(profileView),
      activeProfileId: profileId.nullable(),
      keychain: keychainStatus,
    }),
  },
  'profiles.save': { input: saveProfileInput, output: profileView },
  'profiles.delete': { input: z.object({ id: profileId }), output: z.object({ id: profileId }) },
  'profiles.activate': { input: z.object({ id: profileId }), output: profileView },
  'profiles.setMerchant': { input: merchantFactsInput, output: profileView },
  'connection.test': { input: testConnectionInput, output: connectionReport },
  'demo.start': { input: noInput, output: profileView },
  'service.bills.list': { input: listBillsInput, output: listBillsOutput },
  'service.bills.get': { input: getBillsInput, output: getBillsOutput },
  'service.expenses.list': { input: listExpensesInput, output: listExpensesOutput },
  'webhooks.status': { input: noInput, output: webhookReceiverStatus },
  'webhooks.configure': { input: webhookReceiverSettings, output: webhookReceiverStatus },
  'webhooks.take': {
    input: z.object({ max: z.number().int().min(1).max(500) }),
    output: webhookQueueTake,
  },
  /** Removes events for good: applied ones, or set-aside ones dismissed. */
  'webhooks.ack': { input: webhookSeqsInput, output: webhookPending },
  /** Hands back taken events that were not applied for a passing reason (offline, closing). */
  'webhooks.release': { input: webhookSeqsInput, output: webhookPending },
  'webhooks.setAside': { input: webhookSetAsideInput, output: webhookPending },
  /** A page of the set-aside events, newest first, with counts of those let go. */
  'webhooks.setAsideList': { input: setAsidePageInput, output: setAsidePage },
  'webhooks.retry': { input: webhookSeqsInput, output: webhookPending },
  'print.savePdf': {
    input: z.object({
      suggestedName: z.string().regex(/^[\w .()-]{1,120}\.pdf$/, 'A file name ending in .pdf'),
    }),
    output: z.object({ saved: z.boolean() }),
  },
  'exports.open': { input: exportOpenInput, output: exportOpenOutput },
  'exports.write': {
    input: exportWriteInput,
    output: z.object({ bytes: z.number().int().nonnegative() }),
  },
  'exports.finish': { input: z.object({ handle: exportHandle }), output: exportFinishOutput },
  'exports.abort': {
    input: z.object({ handle: exportHandle }),
    output: z.object({ aborted: z.boolean() }),
  },
  'exports.schedule.get': {
    input: z.object({ profileId }),
    output: scheduledExportState,
  },
  'exports.schedule.save': { input: saveScheduleInput, output: scheduledExportState },
  'exports.schedule.chooseFolder': {
    input: noInput,
    output: z.object({ folder: z.string().nullable() }),
  },
  'exports.schedule.recordRun': { input: recordScheduledRunInput, output: scheduledExportState },
  'sharedBooks.settings.get': { input: z.object({ profileId }), output: sharedBooksSettingsView },
  'sharedBooks.settings.save': { input: saveSharedBooksInput, output: sharedBooksSettingsView },
  'sharedBooks.test': { input: testSharedBooksInput, output: sharedBooksTestReport },
  /** Records that this profile's records are shared under the store (after the join rule). */
  'sharedBooks.join': { input: joinSharedBooksInput, output: sharedBooksSettingsView },
  /** Forgets the address and the password; the local records stay. */
  'sharedBooks.rename': { input: renameSharedPcInput, output: sharedBooksSettingsView },
  'sharedBooks.leave': { input: z.object({ profileId }), output: sharedBooksSettingsView },
  'sharedBooks.status': { input: z.object({ profileId }), output: sharedBooksStatus },
  'sharedBooks.info': { input: sharedBooksStoreInput, output: sharedBooksInfoOutput },
  'sharedBooks.pull': { input: sharedBooksPullInput, output: sharedBooksPullOutput },
  'sharedBooks.push': { input: sharedBooksPushInput, output: sharedBooksPushOutput },
  'sharedBooks.appendExport': { input: sharedBooksAppendExportInput, output: sharedAppendResult },
  'sharedBooks.stagePart': { input: sharedBooksStagePartInput, output: z.object({}) },
  'sharedBooks.appendStaged': {
    input: sharedBooksAppendStagedInput,
    output: sharedBooksAppendStagedOutput,
  },
  'sharedBooks.history': { input: sharedBooksHistoryInput, output: sharedBooksHistoryOutput },
  'sharedBooks.exportLog': {
    input: sharedBooksExportLogInput,
    output: sharedBooksExportLogOutput,
  },
  'shell.openExternal': {
    input: z.object({ url: z.string().max(2048) }),
    output: z.object({ opened: z.boolean() }),
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

type Channels = typeof channels
export type ChannelName = keyof Channels
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>
export type ChannelParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>

export const channelNames = Object.keys(channels) as ChannelName[]

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(channels, name)
}

export const events = {
  'profiles.changed': z.object({ activeProfileId: profileId.nullable() }),
  /** Events are waiting in the durable queue for the renderer to take. */
  'webhooks.queued': z.object({ pending: z.number().int().nonnegative() }),
  /** A PC committed a change to the shared books (LISTEN/NOTIFY): pull above the last applied. */
  'sharedBooks.changed': sharedBooksChangedEvent,
  'sharedBooks.status': sharedBooksStatusEvent,
} as const satisfies Record<string, z.ZodType>

type Events = typeof events
export type EventName = keyof Events
export type EventPayload<E extends EventName> = z.output<Events[E]>

export const bridgeEvent = z.object({ name: z.string(), payload: z.unknown() })
export type BridgeEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName]
