// `npm test`: everything CI runs, in order, stopping at the first failure.
// On Linux the whole run happens inside a throwaway keyring (scripts/with-keyring.sh), so the
// keychain tests and the end-to-end tests use a real Secret Service.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

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

const steps = [
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
  ['Build', 'npx', ['electron-vite', 'build']],
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
  [
    'Soak: live trading with faults (figures in test-results/soak.json)',
    'npx',
    ['playwright', 'test', '--config=playwright.soak.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: soakReport, TILL_SOAK_SECONDS: '1200' },
  ],
]

for (const [title, command, args, env = {}, { canBeNotChecked = false } = {}] of steps) {
  console.log(`\n== ${title}`)
  const started = Date.now()
  const { status, stdout } = spawnSync(command, args, {
    stdio: ['inherit', canBeNotChecked ? 'pipe' : 'inherit', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, ...env },
  })
  if (canBeNotChecked) process.stdout.write(stdout)
  const unchecked = canBeNotChecked && status === NOT_CHECKED
  const outcome = status === 0 ? 'ok' : unchecked ? 'NOT CHECKED' : 'FAILED'
  console.log(`== ${title}: ${outcome} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (unchecked) {
    const reason = stdout.split('\n').find((line) => line.startsWith('NOT CHECKED'))
    notChecked.push(reason ?? `NOT CHECKED: ${title}`)
    continue
  }
  if (status !== 0) {
    console.log('\n0 passed, 1 failed')
    process.exit(status ?? 1)
  }
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
process.exit(failed === 0 && passed > 0 ? 0 : 1)
