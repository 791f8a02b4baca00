import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { childTrees, meterCpu } from './process-cpu'

const MARK = 'till-process-cpu-test'

/** A child that spins until it has spent `ms` of CPU time, then sleeps until killed. */
function spinningChild(ms: number) {
  const script = `const spent = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }; while (spent() < ${ms}); process.stdout.write('spun'); setInterval(() => {}, 1000) // ${MARK}`
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  return { child, spun: once(child.stdout, 'data') }
}

describe('CPU seconds of the processes a figure runs in', () => {
  it("counts a child's CPU from the meter's start, found by its command line", async () => {
    const idle = spinningChild(0)
    await idle.spun
    const meter = meterCpu(() => childTrees((line) => line.includes(MARK)))
    const busy = spinningChild(600)
    try {
      await busy.spun
      const seconds = meter.stop()!
      // The busy child spent 0.6 s of CPU spinning, and its start-up on top; the idle one nothing.
      // /proc counts in ticks of 10 ms, rounded down for user and system apart.
      expect(seconds).toBeGreaterThanOrEqual(0.58)
      expect(seconds).toBeLessThan(3)
    } finally {
      idle.child.kill()
      busy.child.kill()
    }
  })
})
