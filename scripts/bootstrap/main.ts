// Where `npm test` starts (scripts/test.mjs): installs what the tests need when this user can, or
// stops at once with the one command to run; then runs scripts/test.mjs again for the tests, under
// Node from the npm registry when this one is older than package.json's engines.
// --bootstrap-plan prints what it would do and does nothing; --bootstrap-only runs no tests.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { planBootstrap } from './plan'
import { probeMachine } from './probe'

const args = process.argv.slice(2)
const testArgs = args.filter((arg) => !arg.startsWith('--bootstrap-'))
const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } })
  .engines.node

function stop(...lines: string[]): never {
  for (const line of lines) console.error(line)
  console.log('\n0 passed, 1 failed')
  process.exit(1)
}

const plan = planBootstrap(probeMachine(), engines)
if (plan.kind === 'stop') stop(plan.summary, ...(plan.command ? [plan.command] : []))
if (plan.summary) console.log(plan.summary)
if (args.includes('--bootstrap-plan')) {
  if (!plan.summary) console.log('npm test finds everything its tests need.')
  for (const { argv } of plan.steps) console.log(`would run: ${argv.join(' ')}`)
  process.exit(0)
}

for (const { argv } of plan.steps) {
  console.log(`> ${argv.join(' ')}`)
  const { status } = spawnSync(argv[0]!, argv.slice(1), { stdio: 'inherit' })
  if (status !== 0)
    stop(`npm test could not install what the tests need: ${argv[0]} exited ${status}.`)
}
if (plan.steps.length) {
  const after = planBootstrap(probeMachine(), engines)
  if (after.kind === 'stop' || after.steps.length) {
    stop(
      'npm test ran the install, yet the tests still lack something; it would now do this:',
      after.summary ?? '',
    )
  }
}
if (args.includes('--bootstrap-only')) process.exit(0)

const env = { ...process.env, TILL_BOOTSTRAPPED: '1' }
const test = ['scripts/test.mjs', ...testArgs]
const { status } = plan.nodePackage
  ? spawnSync('npm', ['exec', '--yes', `--package=${plan.nodePackage}`, '--', 'node', ...test], {
      stdio: 'inherit',
      env,
    })
  : spawnSync(process.execPath, test, { stdio: 'inherit', env })
process.exit(status ?? 1)
