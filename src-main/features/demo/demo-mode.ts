import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { DemoStatus, ProfileView } from '../../../src-shared/bridge/contract'
import type { DemoServiceHandle, DemoServiceOptions } from '../../../src-demo'
import type { ProfileStore } from '../connections/profile-store'
import type { Logger } from '../../logging/logger'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../../platform/private-files'

const DEMO_PROFILE_ID = 'demo-shop'

/** The demo's keychain accounts: without a keychain, held in memory (docs/architecture.md). */
export function isDemoAccount(account: string): boolean {
  return account.startsWith(`${DEMO_PROFILE_ID}/`)
}

/** The shop the demo shows: three outlets, two months of trading, still trading live. */
const DEMO_SHOP: Partial<DemoServiceOptions> = {
  seed: 7,
  days: 60,
  locations: 3,
  billsPerSession: 40,
  currency: 'IDR',
  timezone: 'Asia/Jakarta',
  companyName: 'Demo Coffee & Bakery',
  live: true,
  livePace: 12,
}

export interface DemoModeDeps {
  profiles: ProfileStore
  log: Logger
  start: (options: Partial<DemoServiceOptions>) => Promise<DemoServiceHandle>
  /** Where the demo service should deliver webhooks: the receiver's address, when listening. */
  webhookTarget: () => Promise<string | null>
  /** Overrides for tests and automation (`TILL_DEMO_OPTIONS`, JSON): a smaller shop, a known control token. */
  overrides?: Partial<DemoServiceOptions>
  /** Where the demo bank's statements of the shop's deposits are written at each start, for the
   *  Deposits screen to import. */
  bankStatementFolder?: string
}

const BANK_STATEMENT_FORMATS = ['csv', 'camt053', 'mt940'] as const

/** Reads `TILL_DEMO_OPTIONS`; a value that is not a JSON object is refused loudly. */
export function demoOverridesFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Partial<DemoServiceOptions> {
  const text = env.TILL_DEMO_OPTIONS?.trim()
  if (!text) return {}
  const parsed: unknown = JSON.parse(text)
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('TILL_DEMO_OPTIONS must be a JSON object')
  return parsed as Partial<DemoServiceOptions>
}

/**
 * Demo mode: the embedded demo service on a free loopback port, and a "Demo shop" profile whose
 * key and signing secret go through the keychain where there is one (else memory). The shop is
 * generated anew at each launch (its `epoch`), so it always shows today's trading.
 */
export class DemoMode {
  private handle: DemoServiceHandle | null = null
  private starting: Promise<ProfileView> | null = null
  private epoch: string | null = null
  /** Why the last start failed, until one succeeds. */
  private failure: string | null = null

  constructor(private readonly deps: DemoModeDeps) {}

  status(): DemoStatus {
    return {
      available: true,
      reason: this.failure,
      running: this.handle !== null,
      profileId: this.handle ? DEMO_PROFILE_ID : null,
      epoch: this.epoch,
      locationNames: this.handle?.locationNames ?? {},
      bankTerms: this.handle?.bankTerms ?? {},
    }
  }

  /** At launch: with no connection at all, or with the demo profile kept, start the demo. */
  async startIfWanted(): Promise<void> {
    const { profiles } = await this.deps.profiles.list()
    if (profiles.length === 0 || profiles.some((p) => p.id === DEMO_PROFILE_ID))
      await this.ensureRunning(profiles.length === 0)
  }

  ensureRunning(activate: boolean): Promise<ProfileView> {
    this.starting ??= this.launch(activate).finally(() => (this.starting = null))
    return this.starting
  }

  private async launch(activate: boolean): Promise<ProfileView> {
    try {
      const profile = await this.startAndSave()
      this.failure = null
      return activate ? await this.deps.profiles.activate(DEMO_PROFILE_ID) : profile
    } catch (error) {
      this.failure = `The demo shop could not start: ${error instanceof Error ? error.message : String(error)}`
      // A demo service without its profile would post webhooks no connection can take.
      await this.stop()
      throw error
    }
  }

  private async startAndSave(): Promise<ProfileView> {
    if (!this.handle) {
      const now = new Date()
      now.setUTCSeconds(0, 0)
      this.handle = await this.deps.start({
        ...DEMO_SHOP,
        now: now.toISOString(),
        webhookUrl: await this.deps.webhookTarget(),
        ...this.deps.overrides,
      })
      this.epoch = now.toISOString()
      this.deps.log.info('demo service started', { url: this.handle.url })
      await this.writeBankStatements(this.handle)
    }
    return this.deps.profiles.save(
      {
        id: DEMO_PROFILE_ID,
        name: 'Demo shop',
        baseUrl: this.handle.url,
        storeId: this.handle.storeId,
        apiKey: this.handle.appKey,
        webhookSecret: this.handle.webhookSecret,
        currency: this.deps.overrides?.currency ?? DEMO_SHOP.currency,
        timezone: this.deps.overrides?.timezone ?? DEMO_SHOP.timezone,
      },
      'demo',
    )
  }

  /** The demo bank's statements as files; a failure to write them is logged, the demo runs on. */
  private async writeBankStatements(handle: DemoServiceHandle): Promise<void> {
    const folder = this.deps.bankStatementFolder
    if (!folder) return
    try {
      await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE })
      for (const format of BANK_STATEMENT_FORMATS) {
        const file = handle.bankStatement(format)
        await writeFile(join(folder, file.filename), file.text, { mode: PRIVATE_FILE_MODE })
      }
      this.deps.log.info('demo bank statements written', { folder })
    } catch (error) {
      this.deps.log.warn('demo bank statements not written', {
        folder,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }

  /** The receiver moved (reconfigured): deliveries follow it. */
  async retarget(): Promise<void> {
    this.handle?.setWebhookTarget(await this.deps.webhookTarget())
  }

  async stop(): Promise<void> {
    const handle = this.handle
    this.handle = null
    await handle?.close()
  }
}
