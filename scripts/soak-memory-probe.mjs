// Loaded into the browser shell's main process by the soak (NODE_OPTIONS=--import=<this file>):
// every TILL_SOAK_SAMPLE_MS it collects garbage and appends the process's memory, one JSON line,
// to TILL_SOAK_MEMORY_FILE. Garbage is collected first so the heap figure is what is retained.
// A sample that cannot be written stops the sampling, never the process it watches.
import { appendFileSync, readFileSync } from 'node:fs'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

const file = process.env.TILL_SOAK_MEMORY_FILE
const everyMs = Number(process.env.TILL_SOAK_SAMPLE_MS ?? 5000)

/** Resident memory split into anonymous (what the process allocated) and file-backed pages, on Linux. */
function residentParts() {
  try {
    const status = readFileSync('/proc/self/status', 'utf8')
    const kilobytes = (name) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024
    return { rssAnon: kilobytes('RssAnon'), rssFile: kilobytes('RssFile') }
  } catch {
    return {}
  }
}

if (file) {
  setFlagsFromString('--expose-gc')
  const collectGarbage = runInNewContext('gc')
  const sample = () => {
    collectGarbage()
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
    try {
      appendFileSync(
        file,
        JSON.stringify({
          at: Date.now(),
          rss,
          ...residentParts(),
          // What V8 allocates outside its heap (compiled code metadata, parser zones, …).
          v8Malloced: getHeapStatistics().malloced_memory,
          heapUsed,
          heapTotal,
          external,
          arrayBuffers,
        }) + '\n',
      )
    } catch (error) {
      clearInterval(timer)
      console.error(`soak memory probe stopped: ${error.message}`)
    }
  }
  const timer = setInterval(sample, everyMs).unref()
  sample()
}
