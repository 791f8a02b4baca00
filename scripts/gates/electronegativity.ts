// Security gate: Electronegativity over main, preload and renderer sources. Fails on any finding
// above low that security/electronegativity-allow.json does not name with a reason.
// Run from the project root: `npx tsx scripts/gates/electronegativity.ts`.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CONTENT_SECURITY_POLICY } from '../../src-main/platform/content-security-policy'
import {
  describeJudgement,
  judgeFindings,
  loadAllowList,
  scanWithElectronegativity,
} from './electronegativity-scan'

async function main(): Promise<boolean> {
  const projectDir = process.cwd()
  const electronPackage = join(projectDir, 'node_modules/electron/package.json')
  const { version } = JSON.parse(readFileSync(electronPackage, 'utf8')) as { version: string }
  const findings = await scanWithElectronegativity({
    projectDir,
    roots: ['src-main', 'src-preload', 'src-renderer'],
    electronVersion: version,
    headerCsp: {
      policy: CONTENT_SECURITY_POLICY,
      source: 'src-main/platform/content-security-policy.ts',
    },
  })
  const judgement = judgeFindings(
    findings,
    loadAllowList(join(projectDir, 'security/electronegativity-allow.json')),
  )
  for (const line of describeJudgement(judgement)) console.log(line)
  console.log(
    `Electronegativity (Electron ${version}): ${findings.length} finding(s), ${judgement.passed ? 'none unexplained' : 'FAILED'}`,
  )
  return judgement.passed
}

main().then(
  (passed) => process.exit(passed ? 0 : 1),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
