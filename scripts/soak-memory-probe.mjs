// Loaded into the browser shell's main process by the soak (NODE_OPTIONS=--import=<this file>):
// every TILL_SOAK_SAMPLE_MS it collects garbage and appends the process's memory, one JSON line,
// to TILL_SOAK_MEMORY_FILE. Garbage is collected first so the heap figure is what is retained.
import { appendFileSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

const file = process.env.TILL_SOAK_MEMORY_FILE
const everyMs = Number(process.env.TILL_SOAK_SAMPLE_MS ?? 5000)

if (file) {
  setFlagsFromString('--expose-gc')
  const collectGarbage = runInNewContext('gc')
  const sample = () => {
    collectGarbage()
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
    appendFileSync(
      file,
      JSON.stringify({ at: Date.now(), rss, heapUsed, heapTotal, external, arrayBuffers }) + '\n',
    )
  }
  sample()
  setInterval(sample, everyMs).unref()
}
