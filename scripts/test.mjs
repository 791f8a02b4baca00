// `npm test`: everything CI runs, in order, stopping at the first failure; the soak runs beside the
// steps after the build (below).
// On Linux the whole run happens inside a throwaway keyring (scripts/with-keyring.sh), so the
// keychain tests and the end-to-end tests use a real Secret Service.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The whole run's clock, bootstrap included: the runs of this script below inherit it.
process.env.TILL_TEST_STARTED ??= String(Date.now())
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`

// First the bootstrap (scripts/bootstrap/): it installs what the tests need (Debian packages, the
// keytar build) when it can, or stops at once with the one command to run; then it runs this
// script again, under a newer Node when this one is older than package.json's engines.
if (!process.env.TILL_BOOTSTRAPPED) {
  const { status } = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bootstrap/main.ts', ...process.argv.slice(2)],
    { stdio: 'inherit' },
  )
  process.exit(status ?? 1)
}

if (process.platform === 'linux' && !process.env.TILL_IN_KEYRING) {
  const { status } = spawnSync(
    'bash',
    ['scripts/with-keyring.sh', process.execPath, 'scripts/test.mjs', ...process.argv.slice(2)],
    { stdio: 'inherit' },
  )
  process.exit(status ?? 1)
}

const reports = mkdtempSync(join(tmpdir(), 'till-test-'))
const vitestReport = join(reports, 'vitest.json')
const playwrightReport = join(reports, 'playwright.json')
const soakReport = join(reports, 'soak.json')

// A gate that could not check at all (scripts/gates/npm-audit.ts when the advisory service does not
// answer) exits with this: the run goes on and the summary says so; it never counts as passed.
const NOT_CHECKED = 3
const notChecked = []

/**
 * The soak starts right after the build and runs beside the other steps: it is twenty minutes of a
 * paced shop, mostly waiting (test/soak/soak-settings.ts says why no shorter run judges its memory
 * honestly), and the other steps fit inside it, so `npm test` takes the build and the soak rather
 * than their sum. Its length is the caller's TILL_SOAK_SECONDS when set.
 */
const soak = [
  'Soak: live trading with faults (figures in test-results/soak.json)',
  'npx',
  ['playwright', 'test', '--config=playwright.soak.config.ts', '--reporter=list,json'],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: soakReport },
  { beside: true },
]

const steps = [
  ['Build', 'npx', ['electron-vite', 'build']],
  soak,
  ['Type check', 'npx', ['tsc', '-b']],
  ['Lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  // An export of src-* that nothing in src-* imports (tests do not count: knip.json).
  ['Lint: unused exports', 'npx', ['knip']],
  ['Lint: import circles', 'npx', ['tsx', 'scripts/lint/import-circles.ts']],
  ['Format', 'npx', ['prettier', '--check', '.']],
  ['Security gate: Electronegativity', 'npx', ['tsx', 'scripts/gates/electronegativity.ts']],
  [
    'Security gate: npm audit --omit=dev',
    'npx',
    ['tsx', 'scripts/gates/npm-audit.ts'],
    {},
    { canBeNotChecked: true },
  ],
  ['Installer configuration', 'npx', ['tsx', 'scripts/gates/installer-config.ts']],
  [
    'Unit and integration tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  [
    'End-to-end tests (Chromium, browser shell)',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  ],
]

/**
 * Runs one step. In the foreground its output is the run's; a step `beside` the others writes to
 * memory, printed when it ends. `stop()` ends it (npx passes the signal on to what it runs).
 */
function start([title, command, args, env = {}, { canBeNotChecked = false, beside = false } = {}]) {
  const started = Date.now()
  const child = spawn(command, args, {
    stdio: ['inherit', canBeNotChecked || beside ? 'pipe' : 'inherit', beside ? 'pipe' : 'inherit'],
    env: { ...process.env, ...env },
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const ended = new Promise((resolve) => {
    const end = (status) => {
      if (beside) console.log(`\n== ${title}: its output`)
      process.stdout.write(output)
      const unchecked = canBeNotChecked && status === NOT_CHECKED
      const outcome = status === 0 ? 'ok' : unchecked ? 'NOT CHECKED' : 'FAILED'
      console.log(`== ${title}: ${outcome} in ${seconds(started)}`)
      resolve({ status, unchecked, output })
    }
    child.once('close', end)
    child.once('error', (error) => {
      child.removeAllListeners('close')
      console.error(`${command} could not start: ${error.message}`)
      end(null)
    })
  })
  const running = () => child.exitCode === null && child.signalCode === null
  return { ended, running, stop: () => running() && child.kill('SIGTERM') }
}

function finish(exitCode) {
  console.log(`\n== Total: ${seconds(Number(process.env.TILL_TEST_STARTED))}`)
  process.exit(exitCode)
}

const besides = []
for (const step of steps) {
  const [title, , , , { beside = false } = {}] = step
  console.log(
    `\n== ${title}${beside ? ' (runs beside the steps below; its output when it ends)' : ''}`,
  )
  const running = start(step)
  if (beside) {
    besides.push(running)
    continue
  }
  const { status, unchecked, output } = await running.ended
  if (unchecked) {
    const reason = output.split('\n').find((line) => line.startsWith('NOT CHECKED'))
    notChecked.push(reason ?? `NOT CHECKED: ${title}`)
    continue
  }
  if (status !== 0) {
    besides.forEach((other) => other.stop())
    console.log('\n0 passed, 1 failed')
    finish(status ?? 1)
  }
}
if (besides.some((other) => other.running()))
  console.log('\n== Waiting for what runs beside: the soak')
for (const { status } of await Promise.all(besides.map((other) => other.ended)))
  if (status !== 0) {
    console.log('\n0 passed, 1 failed')
    finish(status ?? 1)
  }

let passed = 0
let failed = 0
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
}
for (const report of [playwrightReport, soakReport].filter(existsSync)) {
  const { stats } = JSON.parse(readFileSync(report, 'utf8'))
  passed += stats.expected
  failed += stats.unexpected + stats.flaky
}
for (const line of notChecked) console.log(`\n${line}`)
const uncheckedCount = notChecked.length ? `, ${notChecked.length} not checked` : ''
console.log(`\n${passed} passed, ${failed} failed${uncheckedCount}`)
finish(failed === 0 && passed > 0 ? 0 : 1)
