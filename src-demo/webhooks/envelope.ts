/** The webhook envelope (interface document §2.8; docs/service.md#receiving). */

import { randomUUID } from 'node:crypto'

export interface Company {
  id: string
  name: string
  currency: string
  timezone: string
}

export interface Envelope {
  id: string
  event: string
  /** The exact body sent on every attempt of this envelope. */
  body: string
}

/**
 * Envelope ids are random: receivers persist them to dedupe, and an embedded demo service is
 * restarted with every app launch, so counters would repeat ids already seen.
 */
export function buildEnvelope(
  event: string,
  data: Record<string, unknown>,
  createdAt: string,
  company: Company,
  storeId: string,
): Envelope {
  const id = `evt_${randomUUID().replaceAll('-', '')}`
  const body = JSON.stringify({
    id,
    event,
    created_at: createdAt,
    company,
    install: { store_id: storeId },
    data,
  })
  return { id, event, body }
}
