import { z } from 'zod'

const idText = z.union([z.string(), z.number()]).transform(String)

/**
 * The webhook envelope of DESIGN §3, tolerant of what the document leaves open: ids as strings or
 * numbers, `created_at` as ISO text or unix seconds, fields beyond these kept.
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

export const webhookReceiverSettings = z.object({
  /** 127.0.0.1 unless the service must reach this PC from elsewhere (then behind a tunnel). */
  host: z.string().min(1).max(255),
  port: z.number().int().min(0).max(65535),
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
export const setAsideWebhook = queuedWebhook.extend({
  reason: z.string(),
  setAsideAt: z.string(),
})
export type SetAsideWebhook = z.infer<typeof setAsideWebhook>

const queueSeqs = z.array(z.number().int().nonnegative()).max(500)

export const webhookSetAsideInput = z.object({
  seq: z.number().int().nonnegative(),
  reason: z.string().min(1).max(2000),
})

export const webhookSeqsInput = z.object({ seqs: queueSeqs })

export const webhookPending = z.object({ pending: z.number().int().nonnegative() })
