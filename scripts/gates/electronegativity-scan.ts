import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { z } from 'zod'

/** One Electronegativity finding, with its file relative to the project. */
export interface Finding {
  check: string
  file: string
  line: number
  severity: 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH'
  confidence: string
  description: string
}

export const allowListSchema = z.array(
  z.strictObject({
    check: z.string().min(1),
    file: z.string().min(1),
    reason: z.string().min(20, 'say why the finding is acceptable'),
  }),
)
export type AllowList = z.infer<typeof allowListSchema>

export function loadAllowList(path: string): AllowList {
  const parsed = allowListSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success) throw new Error(`${path} is not a valid allow-list: ${parsed.error.message}`)
  return parsed.data
}

export interface ScanOptions {
  /** Project root; every root and reported file is relative to it. */
  projectDir: string
  /** Folders to scan, relative to projectDir. */
  roots: string[]
  electronVersion: string
  /**
   * A CSP the app sends as a response header. Electronegativity reads CSPs only from HTML meta
   * tags and literal header assignments, so it is handed over as a meta tag in a page of its own.
   */
  headerCsp?: { policy: string; source: string }
}

/**
 * Checks that need the network (the list of Electron releases from GitHub) are left out: a gate
 * must give the same answer offline. Electron's own version is kept current through npm.
 */
const NETWORK_CHECKS = ['availablesecurityfixesglobalcheck']
const HEADER_CSP_PAGE = 'header-csp.html'

/**
 * Runs Electronegativity over copies of the given folders in one scan (its global checks, such as
 * "is there a CSP at all", look at everything together), with the header CSP as a page of its own.
 */
export async function scanWithElectronegativity(options: ScanOptions): Promise<Finding[]> {
  const scanDir = mkdtempSync(join(tmpdir(), 'till-electronegativity-'))
  try {
    for (const root of options.roots)
      cpSync(join(options.projectDir, root), join(scanDir, root), { recursive: true })
    if (options.headerCsp) {
      const policy = options.headerCsp.policy.replaceAll('"', '&quot;')
      writeFileSync(
        join(scanDir, HEADER_CSP_PAGE),
        `<!doctype html><meta http-equiv="Content-Security-Policy" content="${policy}">\n`,
      )
    }
    const { default: run } = await import('@doyensec/electronegativity')
    const result = await run({
      input: scanDir,
      isRelative: false,
      electronVersionOverride: options.electronVersion,
      customScan: [],
      excludeFromScan: NETWORK_CHECKS,
    })
    const unreadable = result.errors.filter((e) => !e.tolerable)
    if (unreadable.length > 0)
      throw new Error(
        `Electronegativity could not parse: ${unreadable.map((e) => `${relative(scanDir, e.file)} (${e.message})`).join('; ')}`,
      )
    const projectPath = (file: string): string => {
      if (file === 'N/A') return file
      const inScan = relative(scanDir, file).split(sep).join('/')
      return inScan === HEADER_CSP_PAGE && options.headerCsp ? options.headerCsp.source : inScan
    }
    return result.issues.map((issue) => ({
      check: issue.id,
      file: projectPath(issue.file),
      line: issue.location.line,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      description: issue.description,
    }))
  } finally {
    rmSync(scanDir, { recursive: true, force: true })
  }
}

export type Verdict =
  { kind: 'fail' } | { kind: 'allowed'; reason: string } | { kind: 'below-threshold' }

export interface Judgement {
  findings: Array<{ finding: Finding; verdict: Verdict }>
  /** Allow-list entries that matched nothing: the list must stay a reviewed record of today. */
  staleEntries: AllowList
  passed: boolean
}

const SEVERITY_RANK: Record<Finding['severity'], number> = {
  INFORMATIONAL: 0,
  LOW: 1,
  MEDIUM: 2,
  HIGH: 3,
}

/** Anything above low fails unless an allow-list entry names its check and file. */
export function judgeFindings(findings: Finding[], allowList: AllowList): Judgement {
  const used = new Set<number>()
  const judged = findings.map((finding) => {
    if (SEVERITY_RANK[finding.severity] <= SEVERITY_RANK.LOW)
      return { finding, verdict: { kind: 'below-threshold' } as const }
    const index = allowList.findIndex((e) => e.check === finding.check && e.file === finding.file)
    if (index === -1) return { finding, verdict: { kind: 'fail' } as const }
    used.add(index)
    return { finding, verdict: { kind: 'allowed', reason: allowList[index]!.reason } as const }
  })
  const staleEntries = allowList.filter((_entry, index) => !used.has(index))
  return {
    findings: judged,
    staleEntries,
    passed: staleEntries.length === 0 && judged.every((j) => j.verdict.kind !== 'fail'),
  }
}

export function describeJudgement(judgement: Judgement): string[] {
  const lines = judgement.findings.map(({ finding, verdict }) => {
    const where = `${finding.check} ${finding.file}:${finding.line} ${finding.severity}/${finding.confidence}`
    if (verdict.kind === 'fail') return `FAIL     ${where}: ${finding.description}`
    if (verdict.kind === 'allowed') return `allowed  ${where}: ${verdict.reason}`
    return `low      ${where}: ${finding.description}`
  })
  for (const entry of judgement.staleEntries)
    lines.push(
      `STALE    allow-list entry ${entry.check} ${entry.file} matches no finding: remove it`,
    )
  return lines
}
