/**
 * Standalone demo service: `npm run demo-service -- --port 4010 --seed 7 --days 30 --live`.
 * Prints the URL and credentials, one per line, and runs until SIGINT or SIGTERM.
 */

import { parseArgs } from 'node:util'
import { BANK_STATEMENT_FORMATS, type BankStatementFormat } from './bank-statement-files'
import { startDemoService, type DemoServiceOptions } from './index'

const USAGE = `Usage: demo-service [options]
  --port <n>               loopback port (default 4010; 0 picks a free one)
  --seed <n>               seed of the generated shop (default 1)
  --days <n>               days of history (default 30)
  --locations <n>          locations (default 3)
  --bills-per-session <n>  mean sales per register session (default 40)
  --currency <code>        ISO 4217 currency (default IDR)
  --timezone <zone>        IANA time zone (default Asia/Jakarta)
  --now <iso>              start of the simulated clock (default: now, to the minute)
  --store-id <id>          store id of the install (default demo-store)
  --app-key <key>          app API key (default: random)
  --webhook-secret <s>     signing secret, whsec_… (default: random)
  --control-token <t>      control API token (default: random)
  --webhook-url <url>      where to deliver webhooks
  --platform-webhook-url <url>  where to deliver the ordering platform's webhooks
  --live                   keep trading and sending webhooks
  --pace <n>               live events per minute (default 12)
  --bank-statement <fmt>   print the demo bank's statement of the shop's deposits (csv,
                           camt053 or mt940) to stdout and exit instead of serving
  --help                   this text`

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (value.trim() === '' || !Number.isFinite(number)) {
    throw new Error(`--${name} expects a number, got "${value}"`)
  }
  return number
}

interface CliRequest {
  options: Partial<DemoServiceOptions>
  /** Print this statement and exit, instead of serving. */
  bankStatement: BankStatementFormat | undefined
}

function statementFormat(value: string | undefined): BankStatementFormat | undefined {
  if (value === undefined) return undefined
  if (!(BANK_STATEMENT_FORMATS as readonly string[]).includes(value))
    throw new Error(
      `--bank-statement expects one of ${BANK_STATEMENT_FORMATS.join(', ')}, got "${value}"`,
    )
  return value as BankStatementFormat
}

function parseOptions(argv: string[]): CliRequest | null {
  const text = { type: 'string' } as const
  const { values } = parseArgs({
    args: argv,
    options: {
      port: text,
      seed: text,
      days: text,
      locations: text,
      'bills-per-session': text,
      currency: text,
      timezone: text,
      now: text,
      'store-id': text,
      'app-key': text,
      'webhook-secret': text,
      'control-token': text,
      'webhook-url': text,
      'platform-webhook-url': text,
      live: { type: 'boolean' },
      pace: text,
      'bank-statement': text,
      help: { type: 'boolean' },
    },
  })
  if (values.help) return null
  const bankStatement = statementFormat(values['bank-statement'])
  const options: Partial<DemoServiceOptions> = {
    port: numberOption(values.port, 'port') ?? 4010,
    seed: numberOption(values.seed, 'seed'),
    days: numberOption(values.days, 'days'),
    locations: numberOption(values.locations, 'locations'),
    billsPerSession: numberOption(values['bills-per-session'], 'bills-per-session'),
    currency: values.currency,
    timezone: values.timezone,
    now: values.now,
    storeId: values['store-id'],
    appKey: values['app-key'],
    webhookSecret: values['webhook-secret'],
    controlToken: values['control-token'],
    webhookUrl: values['webhook-url'],
    platformWebhookUrl: values['platform-webhook-url'],
    live: values.live ?? false,
    livePace: numberOption(values.pace, 'pace'),
  }
  return { options, bankStatement }
}

async function main(): Promise<void> {
  let request: CliRequest | null
  try {
    request = parseOptions(process.argv.slice(2))
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    process.exitCode = 2
    return
  }
  if (request === null) {
    console.log(USAGE)
    return
  }
  if (request.bankStatement) {
    const service = await startDemoService({ ...request.options, port: 0, live: false })
    process.stdout.write(service.bankStatement(request.bankStatement).text)
    await service.close()
    return
  }
  const service = await startDemoService(request.options)
  console.log(`Demo service: ${service.url}`)
  console.log(`Apps API: ${service.url}/apps-v1`)
  console.log(`Store id: ${service.storeId}`)
  console.log(`App key: ${service.appKey}`)
  console.log(`Webhook secret: ${service.webhookSecret}`)
  console.log(`Control token: ${service.controlToken}`)
  console.log(`Platform API: ${service.url}/platform-v1`)
  console.log(`Platform token: ${service.platformToken}`)
  console.log(`Platform webhook secret: ${service.platformWebhookSecret}`)
  console.log(`Bills: ${service.shop.billCount()}`)

  const stop = (): void => {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
    service.close().then(
      () => console.log('Demo service stopped.'),
      (error: unknown) => {
        console.error(error)
        process.exitCode = 1
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
