import type { TillDatabase } from '../../database/database'

/** Whether the live update with this envelope id was applied already (a redelivery is skipped). */
export async function wasApplied(db: TillDatabase, envelopeId: string): Promise<boolean> {
  return (await db.webhookIds.get(envelopeId)) !== undefined
}

/** Notes that the live update with this envelope id was applied. */
export async function noteApplied(db: TillDatabase, envelopeId: string, at: number): Promise<void> {
  await db.webhookIds.put({ id: envelopeId, processedAt: at })
}
