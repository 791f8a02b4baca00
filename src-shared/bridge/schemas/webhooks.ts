import { z } from 'zod'

const idText = z.union([z.string(), z.number()]).transform(String)

/**
 * The webhook envelope (docs/service.md#receiving), tolerant of what the document leaves open: ids
 * as strings or numbers, `created_at` as ISO text or unix seconds, fields beyond these kept.
 */
export const webhookEnvelope = z.looseObject({
  id: idText,
  event: z.string().min(1),
  created_at: z.union([z.string(), z.number()]),
  company: z
    .looseObject({
      id: idText.optional(),
      name: z.string().optional(),
      currency: z.string().optional(),
      timezone: z.string().optional(),
    })
    .optional(),
  install: z.looseObject({ store_id: idText }).optional(),
  data: z.record(z.string(), z.unknown()).default({}),
})
export type WebhookEnvelope = z.infer<typeof webhookEnvelope>

/**
 * The addresses the receiver may listen on: this PC only. The service reaches it through a tunnel
 * running on this PC (which connects to loopback too); listening on a network address would let
 * every device on the shop's Wi-Fi reach it, and the service cannot reach such an address anyway.
 */
export const RECEIVER_HOSTS = ['127.0.0.1', '::1'] as const

export const webhookReceiverSettings = z.object({
  host: z.enum(RECEIVER_HOSTS, {
    error:
      'The receiver listens on this PC only: 127.0.0.1 (or ::1). To receive from the service, run a tunnel on this PC to that address.',
  }),
  /** 0 asks the system for any free port (above 1023 too). */
  port: z
    .number()
    .int()
    .refine(
      (port) => port === 0 || (port >= 1024 && port <= 65535),
      'Choose a port from 1024 to 65535: lower ones belong to system services (such as 22 for SSH).',
    ),
  path: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]{0,200}$/, 'The path starts with / and uses letters, digits, - _ /'),
})
export type WebhookReceiverSettings = z.infer<typeof webhookReceiverSettings>

export const webhookReceiverStatus = z.object({
  settings: webhookReceiverSettings,
  listening: z.boolean(),
  /** The address to give the service, when listening. */
  url: z.string().nullable(),
  /** Why it is not listening (port in use, …). */
  problem: z.string().nullable(),
  lastEventAt: z.string().nullable(),
  accepted: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  /** The latest refused deliveries, newest first, for the Problems screen. */
  recentRejections: z.array(
    z.object({
      at: z.string(),
      reason: z.string(),
      delivery: z.string().nullable(),
      event: z.string().nullable(),
    }),
  ),
})
export type WebhookReceiverStatus = z.infer<typeof webhookReceiverStatus>

const queuedWebhook = z.object({
  seq: z.number().int().nonnegative(),
  receivedAt: z.string(),
  /** The connection whose signing secret verified it. */
  profileId: z.string().nullable(),
  envelope: webhookEnvelope,
})
export type QueuedWebhook = z.infer<typeof queuedWebhook>

export const webhookQueueTake = z.object({ events: z.array(queuedWebhook) })

/** An event Till could not apply, kept with the reason until it is retried or dismissed. */
const setAsideWebhook = queuedWebhook.extend({
  reason: z.string(),
  setAsideAt: z.string(),
})

const SET_ASIDE_PAGE_MAX = 100

export const setAsidePageInput = z.object({
  /** Only events older than this seq: the page after one whose oldest event it is. */
  before: z.number().int().nonnegative().nullable().default(null),
  limit: z.number().int().min(1).max(SET_ASIDE_PAGE_MAX).default(25),
})

export const setAsidePage = z.object({
  /** Newest first. */
  events: z.array(setAsideWebhook).max(SET_ASIDE_PAGE_MAX),
  /** Set-aside events kept in all. */
  kept: z.number().int().nonnegative(),
  /** Whether older events than this page's are kept. */
  olderThanPage: z.boolean(),
  /** Events let go to keep the store small (the oldest first), counted by reason. */
  dropped: z.array(z.object({ reason: z.string(), count: z.number().int().positive() })),
})
export type SetAsidePage = z.infer<typeof setAsidePage>

const queueSeqs = z.array(z.number().int().nonnegative()).max(500)

export const webhookSetAsideInput = z.object({
  seq: z.number().int().nonnegative(),
  reason: z.string().min(1).max(2000),
})

export const webhookSeqsInput = z.object({ seqs: queueSeqs })

export const webhookPending = z.object({ pending: z.number().int().nonnegative() })
