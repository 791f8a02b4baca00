import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

export interface StandaloneDemo {
  /** The service's root: the Apps API is under /apps-v1, the control API under /_control. */
  url: string
  storeId: string
  appKey: string
  webhookSecret: string
  controlToken: string
  stop(): Promise<void>
}

const ROOT = join(__dirname, '..', '..')

/**
 * Starts the demo service in its own Node process (see demo-service-process.ts) with these
 * options, and resolves once it is listening. Runs in Node.
 */
export async function startStandaloneDemo(
  options: Record<string, unknown>,
): Promise<StandaloneDemo> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'test', 'support', 'demo-service-process.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, TILL_DEMO_SERVICE_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const started = await new Promise<Omit<StandaloneDemo, 'stop'>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`demo service exited with ${code}:\n${errors}`)))
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)))
  })
  return {
    ...started,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}
