// Preloaded into the browser shell by the sync benchmark (NODE_OPTIONS=--require …, where
// --cpu-prof is not allowed): profiles main until it exits, into TILL_BENCH_PROFILE_DIR.
const { Session } = require('node:inspector')
const { writeFileSync } = require('node:fs')
const { join } = require('node:path')

const session = new Session()
session.connect()
session.post('Profiler.enable')
session.post('Profiler.setSamplingInterval', { interval: 500 })
session.post('Profiler.start')
process.on('exit', () => {
  // The in-process inspector answers synchronously, so this completes before exit.
  session.post('Profiler.stop', (error, result) => {
    if (!error) {
      const file = join(process.env.TILL_BENCH_PROFILE_DIR, 'main.cpuprofile')
      writeFileSync(file, JSON.stringify(result.profile))
    }
  })
})
