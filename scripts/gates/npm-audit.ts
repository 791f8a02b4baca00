// Security gate: no high or critical advisory in what ships (`npm audit --omit=dev`).
// Exit 0 passed, 1 failed, 3 not checked (the advisory service did not answer): scripts/test.mjs
// reports a step that exits 3 as "not checked", never as passed. TILL_REQUIRE_AUDIT=1 makes
// "not checked" a failure, for a CI that can reach the service.
import { spawnSync } from 'node:child_process'
import { describeAuditVerdict, judgeAuditOutput } from './audit-verdict'

const NOT_CHECKED_EXIT = 3

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const audit = spawnSync(npm, ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
const verdict = judgeAuditOutput(audit.stdout ?? '')
for (const line of describeAuditVerdict(verdict)) console.log(line)
if (verdict.kind === 'pass') process.exit(0)
if (verdict.kind === 'not-checked' && process.env.TILL_REQUIRE_AUDIT !== '1')
  process.exit(NOT_CHECKED_EXIT)
process.exit(1)
