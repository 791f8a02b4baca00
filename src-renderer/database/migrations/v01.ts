import type { Migration } from './migration'

export const SCHEMA_V1 = {
  bills: 'id, updatedAt, registerSessionId, [locationId+businessDate], type, parentBillId',
  payments: 'id, registerSessionId, billId',
  expenses: 'id, updatedAt, registerSessionId, [locationId+expenseDate]',
  sessions: 'id, [locationId+businessDate], businessDate',
  checkpoints: 'key',
  pendingDetails: 'id, priority',
  quarantine: 'key, kind',
  webhookIds: 'id, processedAt',
  meta: 'key',
} as const

/** The first schema. Kept so a cache made by it upgrades in place. */
export const v01: Migration = { version: 1, stores: SCHEMA_V1 }
