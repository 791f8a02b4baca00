import { z } from 'zod'

/** What `npm audit --json` printed, judged: high and critical advisories fail, others pass. */
export type AuditVerdict =
  | { kind: 'pass'; counts: SeverityCounts; advisories: Advisory[] }
  | { kind: 'fail'; counts: SeverityCounts; advisories: Advisory[] }
  | { kind: 'not-checked'; reason: string }

export interface Advisory {
  name: string
  severity: Severity
}
type Severity = z.infer<typeof severitySchema>
type SeverityCounts = z.infer<typeof countsSchema>

const severitySchema = z.enum(['info', 'low', 'moderate', 'high', 'critical'])
const countsSchema = z.object({
  info: z.number().int().nonnegative(),
  low: z.number().int().nonnegative(),
  moderate: z.number().int().nonnegative(),
  high: z.number().int().nonnegative(),
  critical: z.number().int().nonnegative(),
})

/** npm's audit report, version 2 (npm 7 and later): only what the verdict reads. */
const reportSchema = z.object({
  auditReportVersion: z.literal(2),
  vulnerabilities: z.record(z.string(), z.object({ severity: severitySchema })),
  metadata: z.object({ vulnerabilities: countsSchema }),
})

/** What npm prints instead of a report when the advisory service did not give one. */
const failureSchema = z.object({
  message: z.string().optional(),
  error: z.object({ code: z.string().nullish(), summary: z.string().nullish() }).optional(),
})

const FAILING: ReadonlySet<Severity> = new Set(['high', 'critical'])

export function judgeAuditOutput(stdout: string): AuditVerdict {
  let json: unknown
  try {
    json = JSON.parse(stdout)
  } catch {
    const start = stdout.trim().slice(0, 120)
    return {
      kind: 'not-checked',
      reason: `npm audit printed no JSON report (${start || 'nothing'})`,
    }
  }
  const report = reportSchema.safeParse(json)
  if (report.success) {
    const advisories = Object.entries(report.data.vulnerabilities).map(([name, v]) => ({
      name,
      severity: v.severity,
    }))
    const counts = report.data.metadata.vulnerabilities
    const failing =
      counts.high + counts.critical > 0 || advisories.some((a) => FAILING.has(a.severity))
    return { kind: failing ? 'fail' : 'pass', counts, advisories }
  }
  const failure = failureSchema.safeParse(json)
  const why = failure.success
    ? failure.data.message ||
      [failure.data.error?.code, failure.data.error?.summary].filter(Boolean).join(': ')
    : ''
  return {
    kind: 'not-checked',
    reason: why
      ? `advisory service unreachable (${why})`
      : 'npm audit printed an unknown JSON shape',
  }
}

export function describeAuditVerdict(verdict: AuditVerdict): string[] {
  if (verdict.kind === 'not-checked')
    return [`NOT CHECKED: npm audit --omit=dev could not run: ${verdict.reason}`]
  const lines = verdict.advisories.map(
    (a) => `${FAILING.has(a.severity) ? 'FAIL' : 'ok  '}  ${a.name}: ${a.severity}`,
  )
  const { critical, high, moderate, low, info } = verdict.counts
  lines.push(
    `npm audit --omit=dev: ${critical} critical, ${high} high, ${moderate} moderate, ${low} low, ${info} info: ${verdict.kind === 'fail' ? 'FAILED' : 'passed'}`,
  )
  return lines
}
