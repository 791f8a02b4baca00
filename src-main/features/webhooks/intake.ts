import { webhookEnvelope } from '../../../src-shared/bridge/contract'
import { recordLimitProblem } from '../../apps-api/records/record-limits'
import { KeychainUnavailableError } from '../../till-errors'
import type { Logger } from '../../logging/logger'
import type { InstallLifecycle } from './install-lifecycle'
import type { WebhookQueue } from './queue'
import { verifySignature, type SignatureFailure } from './signature'
import type { SigningProfile, SigningProfiles } from './signing-profiles'

export type RejectionReason =
  | SignatureFailure
  | 'unknown-store'
  | 'invalid-envelope'
  | 'keychain-unavailable'
  | 'queue-unavailable'

export type IntakeOutcome =
  | { kind: 'accepted'; seq: number; profileId: string }
  | { kind: 'duplicate'; profileId: string }
  | { kind: 'rejected'; reason: RejectionReason }

export interface Delivery {
  rawBody: Buffer
  signature: string | undefined
  receivedAt: Date
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'))
  } catch {
    return undefined
  }
}

/** `install.store_id`, read loosely: only to choose whose secrets to try. */
function storeIdOf(json: unknown): string | null {
  if (typeof json !== 'object' || json === null) return null
  const install = (json as { install?: unknown }).install
  if (typeof install !== 'object' || install === null) return null
  const storeId = (install as { store_id?: unknown }).store_id
  return typeof storeId === 'string' || typeof storeId === 'number' ? String(storeId) : null
}

/**
 * From raw bytes to a queued event: find the connections of the envelope's store, verify the
 * signature with their secrets, validate the envelope, dedupe and queue it durably. Nothing is
 * queued unless every step passes.
 */
export class WebhookIntake {
  constructor(
    private readonly signing: SigningProfiles,
    private readonly queue: WebhookQueue,
    private readonly lifecycle: InstallLifecycle,
    private readonly log: Logger,
  ) {}

  async receive(delivery: Delivery): Promise<IntakeOutcome> {
    if (!delivery.signature?.trim()) return { kind: 'rejected', reason: 'missing-header' }
    const json = parseJson(delivery.rawBody)
    const storeId = storeIdOf(json)
    if (storeId === null) return { kind: 'rejected', reason: 'unknown-store' }
    const signer = await this.verify(storeId, delivery).catch((error: unknown) => {
      if (!(error instanceof KeychainUnavailableError)) throw error
      this.log.error('cannot read webhook signing secrets', { error })
      return { failure: 'keychain-unavailable' as const }
    })
    if ('failure' in signer) return { kind: 'rejected', reason: signer.failure }
    const envelope = webhookEnvelope.safeParse(json)
    // A body nested too deep could not be written to the queue (nor cross the bridge).
    if (!envelope.success || recordLimitProblem(json) !== null)
      return { kind: 'rejected', reason: 'invalid-envelope' }
    const result = await this.queue
      .enqueue({
        key: JSON.stringify([storeId, envelope.data.id]),
        profileId: signer.id,
        envelope: envelope.data,
        receivedAt: delivery.receivedAt,
      })
      .catch((error: unknown) => {
        this.log.error('could not write a webhook to the queue', { error })
        return null
      })
    if (!result) return { kind: 'rejected', reason: 'queue-unavailable' }
    if (result.duplicate) return { kind: 'duplicate', profileId: signer.id }
    this.lifecycle.handle(signer.id, envelope.data.event, delivery.receivedAt)
    return { kind: 'accepted', seq: result.seq, profileId: signer.id }
  }

  /** Tries the cached secrets, then once more after a fresh read when they do not match. */
  private async verify(
    storeId: string,
    delivery: Delivery,
  ): Promise<SigningProfile | { failure: RejectionReason }> {
    let failure: RejectionReason = 'unknown-store'
    for (const afterMiss of [false, true]) {
      const candidates = await this.signing.forStore(storeId, afterMiss)
      if (candidates.length === 0) continue
      const verdict = verifySignature({
        header: delivery.signature,
        rawBody: delivery.rawBody,
        secrets: candidates.map((c) => c.secret),
        nowSeconds: Math.floor(delivery.receivedAt.getTime() / 1000),
      })
      if (verdict.ok) return candidates[verdict.matchedIndex]!
      failure = verdict.reason
      if (verdict.reason !== 'bad-signature') break
    }
    return { failure }
  }
}
