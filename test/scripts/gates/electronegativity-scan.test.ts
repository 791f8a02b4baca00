import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  describeJudgement,
  judgeFindings,
  loadAllowList,
  scanWithElectronegativity,
  type Finding,
} from '../../../scripts/gates/electronegativity-scan'

const ELECTRON_VERSION = (
  JSON.parse(
    readFileSync(join(__dirname, '../../../node_modules/electron/package.json'), 'utf8'),
  ) as {
    version: string
  }
).version

const projects: string[] = []
afterAll(() => projects.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** A one-file main process creating a window with the given webPreferences source. */
function projectWithWindow(webPreferences: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'till-gate-fixture-'))
  projects.push(dir)
  mkdirSync(join(dir, 'main'))
  writeFileSync(
    join(dir, 'main/window.ts'),
    [
      "import { BrowserWindow } from 'electron'",
      'export function open(): BrowserWindow {',
      `  return new BrowserWindow({ width: 800, webPreferences: ${webPreferences} })`,
      '}',
      '',
    ].join('\n'),
  )
  return dir
}

const HARDENED = `{ contextIsolation: true, sandbox: true, nodeIntegration: false, disableBlinkFeatures: 'Auxclick' }`
const STRICT_CSP = { policy: "default-src 'none'; script-src 'self'", source: 'csp.ts' }

/** Scans a one-window project, sending the strict CSP as a header unless told there is none. */
function scanWindow(webPreferences: string, headerCsp: typeof STRICT_CSP | null = STRICT_CSP) {
  return scanWithElectronegativity({
    projectDir: projectWithWindow(webPreferences),
    roots: ['main'],
    electronVersion: ELECTRON_VERSION,
    ...(headerCsp ? { headerCsp } : {}),
  })
}

describe('Electronegativity gate', () => {
  it('fails on a planted insecure window, naming check, file and line', async () => {
    // Electronegativity 1.10 rates an explicit nodeIntegration: true as informational and lets
    // any sandbox key hide it; what it fails on is the context isolation and sandbox that go with it.
    const findings = await scanWindow('{ nodeIntegration: true, contextIsolation: false }')
    const judgement = judgeFindings(findings, [])
    expect(judgement.passed).toBe(false)
    const lines = describeJudgement(judgement)
    expect(lines).toContainEqual(
      expect.stringMatching(/^FAIL +CONTEXT_ISOLATION_JS_CHECK main\/window\.ts:3 HIGH/),
    )
    expect(lines).toContainEqual(
      expect.stringMatching(/^FAIL +SANDBOX_JS_CHECK main\/window\.ts:3 MEDIUM/),
    )
    expect(findings).toContainEqual(
      expect.objectContaining({ check: 'NODE_INTEGRATION_JS_CHECK', file: 'main/window.ts' }),
    )
  })

  it('reads hardened webPreferences written in the constructor call', async () => {
    const findings = await scanWindow(HARDENED)
    const aboutTheWindow = findings.filter((f) => f.file === 'main/window.ts')
    expect(aboutTheWindow.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM')).toEqual(
      [],
    )
    expect(findings).not.toContainEqual(
      expect.objectContaining({ check: 'CSP_GLOBAL_CHECK', severity: 'MEDIUM' }),
    )
  })

  it('reports a missing CSP when the app sends none', async () => {
    const findings = await scanWindow(HARDENED, null)
    expect(findings).toContainEqual(
      expect.objectContaining({ check: 'CSP_GLOBAL_CHECK', severity: 'MEDIUM' }),
    )
  })
})

describe('judging findings', () => {
  const finding = (over: Partial<Finding>): Finding => ({
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src-main/a.ts',
    line: 4,
    severity: 'MEDIUM',
    confidence: 'TENTATIVE',
    description: 'Review the use of openExternal',
    ...over,
  })
  const entry = {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src-main/a.ts',
    reason: 'checked for http(s) just before the call',
  }

  it('passes a finding the allow-list names by check and file, with its reason', () => {
    const judgement = judgeFindings([finding({})], [entry])
    expect(judgement.passed).toBe(true)
    expect(describeJudgement(judgement)).toEqual([
      'allowed  OPEN_EXTERNAL_JS_CHECK src-main/a.ts:4 MEDIUM/TENTATIVE: checked for http(s) just before the call',
    ])
  })

  it('fails the same check in another file, and an entry that matches nothing', () => {
    const judgement = judgeFindings([finding({ file: 'src-main/b.ts' })], [entry])
    expect(judgement.passed).toBe(false)
    expect(judgement.findings[0]!.verdict.kind).toBe('fail')
    expect(judgement.staleEntries).toEqual([entry])
    expect(judgeFindings([], [entry]).passed).toBe(false)
  })

  it('lets low and informational findings through without an entry, and lists them', () => {
    const judgement = judgeFindings(
      [finding({ severity: 'LOW' }), finding({ severity: 'INFORMATIONAL' })],
      [],
    )
    expect(judgement.passed).toBe(true)
    expect(describeJudgement(judgement)).toHaveLength(2)
  })

  it('refuses an allow-list entry without a reason', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'till-allow-')), 'allow.json')
    writeFileSync(path, JSON.stringify([{ check: 'X', file: 'y.ts', reason: '' }]))
    expect(() => loadAllowList(path)).toThrow(/not a valid allow-list/)
  })

  it('the project allow-list is valid and every entry gives a reason', () => {
    const list = loadAllowList(join(__dirname, '../../../security/electronegativity-allow.json'))
    expect(list.length).toBeGreaterThan(0)
  })
})
