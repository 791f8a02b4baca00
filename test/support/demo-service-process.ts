/**
 * The demo service in a process of its own, for runs that measure Till's main process and so
 * must not count the simulator in it (the soak). Started by `standalone-demo.ts` through tsx with
 * its options as JSON in TILL_DEMO_SERVICE_OPTIONS; prints one JSON line with its address and
 * credentials, and stops on SIGTERM.
 */
import { startDemoService, type DemoServiceOptions } from '../../src-demo'

async function main(): Promise<void> {
  const options = JSON.parse(
    process.env.TILL_DEMO_SERVICE_OPTIONS ?? '{}',
  ) as Partial<DemoServiceOptions>
  const service = await startDemoService(options)
  const { url, storeId, appKey, webhookSecret, controlToken } = service
  console.log(JSON.stringify({ url, storeId, appKey, webhookSecret, controlToken }))
  process.once('SIGTERM', () => void service.close().then(() => process.exit(0)))
}

void main()
