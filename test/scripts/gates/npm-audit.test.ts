import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeAuditVerdict, judgeAuditOutput } from '../../../scripts/gates/audit-verdict'

/**
 * Outputs of npm 11's `npm audit --omit=dev --json`, recorded: registry-405 from the public
 * registry on a machine whose proxy refuses the bulk advisory request; the others from npm run
 * against a stand-in advisory service like the one below.
 */
const recorded = (name: string): string =>
  readFileSync(join(__dirname, 'fixtures/npm-audit', `${name}.json`), 'utf8')

describe('npm audit verdict on recorded outputs', () => {
  it('fails a high advisory and names the package', () => {
    const verdict = judgeAuditOutput(recorded('high'))
    expect(verdict).toMatchObject({
      kind: 'fail',
      advisories: [{ name: 'left-pad', severity: 'high' }],
    })
    expect(describeAuditVerdict(verdict)).toEqual([
      'FAIL  left-pad: high',
      'npm audit --omit=dev: 0 critical, 1 high, 0 moderate, 0 low, 0 info: FAILED',
    ])
  })

  it('fails a critical one', () => {
    const report = JSON.parse(recorded('high')) as {
      vulnerabilities: Record<string, { severity: string }>
      metadata: { vulnerabilities: Record<string, number> }
    }
    report.vulnerabilities['left-pad']!.severity = 'critical'
    report.metadata.vulnerabilities = { ...report.metadata.vulnerabilities, high: 0, critical: 1 }
    expect(judgeAuditOutput(JSON.stringify(report)).kind).toBe('fail')
  })

  it('passes a moderate advisory, listing it', () => {
    const verdict = judgeAuditOutput(recorded('moderate'))
    expect(verdict.kind).toBe('pass')
    expect(describeAuditVerdict(verdict)[0]).toBe('ok    left-pad: moderate')
  })

  it('says "not checked" with the reason when the registry refuses the bulk advisory request', () => {
    const verdict = judgeAuditOutput(recorded('registry-405'))
    expect(verdict).toEqual({
      kind: 'not-checked',
      reason: expect.stringContaining('405 Method Not Allowed'),
    })
    expect(describeAuditVerdict(verdict)).toEqual([
      expect.stringMatching(/^NOT CHECKED: .*advisory service unreachable \(405 /),
    ])
  })

  it('says "not checked" when the service cannot be reached, or npm prints no report', () => {
    expect(judgeAuditOutput(recorded('connection-refused'))).toEqual({
      kind: 'not-checked',
      reason: expect.stringContaining('ECONNREFUSED'),
    })
    expect(judgeAuditOutput('').kind).toBe('not-checked')
    expect(judgeAuditOutput('npm ERR! something').kind).toBe('not-checked')
    expect(judgeAuditOutput('{"auditReportVersion": 3}').kind).toBe('not-checked')
  })
})

/**
 * The gate script end to end: real npm against a stand-in advisory service on loopback, in a
 * throwaway project with one shipped dependency (left-pad) and one dev dependency (is-number).
 */
describe('npm audit gate script', () => {
  let server: Server
  let registry = ''
  let answer: { status: number; advisories: Record<string, string> } = {
    status: 200,
    advisories: {},
  }
  const project = mkdtempSync(join(tmpdir(), 'till-audit-'))
  const gate = join(__dirname, '../../../scripts/gates/npm-audit.ts')
  const tsx = join(__dirname, '../../../node_modules/.bin/tsx')

  beforeAll(async () => {
    const lock = {
      name: 'fixture',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': {
          name: 'fixture',
          version: '1.0.0',
          dependencies: { 'left-pad': '1.3.0' },
          devDependencies: { 'is-number': '7.0.0' },
        },
        'node_modules/left-pad': { version: '1.3.0' },
        'node_modules/is-number': { version: '7.0.0', dev: true },
      },
    }
    writeFileSync(join(project, 'package.json'), JSON.stringify(lock.packages['']))
    writeFileSync(join(project, 'package-lock.json'), JSON.stringify(lock))
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        if (!request.url?.endsWith('/-/npm/v1/security/advisories/bulk')) {
          response.writeHead(404).end('{}')
          return
        }
        if (answer.status !== 200) {
          response.writeHead(answer.status, { allow: 'GET,HEAD' }).end()
          return
        }
        const body = Buffer.concat(chunks)
        const gzipped = request.headers['content-encoding'] === 'gzip'
        const asked = JSON.parse((gzipped ? gunzipSync(body) : body).toString()) as Record<
          string,
          string[]
        >
        const advisories = Object.fromEntries(
          Object.keys(asked)
            .filter((name) => answer.advisories[name])
            .map((name, id) => [
              name,
              [
                {
                  id: 9000 + id,
                  url: `https://example.test/${name}`,
                  title: `${name} advisory`,
                  severity: answer.advisories[name],
                  vulnerable_versions: '<99.0.0',
                  cwe: [],
                  cvss: { score: 5, vectorString: null },
                },
              ],
            ]),
        )
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(advisories))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    rmSync(project, { recursive: true, force: true })
  })

  // Asynchronously: the stand-in service answers from this process.
  const runGate = (env: Record<string, string> = {}): Promise<{ status: number; stdout: string }> =>
    new Promise((resolve) => {
      execFile(
        tsx,
        [gate],
        {
          cwd: project,
          env: {
            ...process.env,
            npm_config_registry: registry,
            // npm caches advisory answers; each run asks the stand-in afresh.
            npm_config_cache: mkdtempSync(join(project, 'npm-cache-')),
            TILL_REQUIRE_AUDIT: '',
            ...env,
          },
        },
        (error, stdout) =>
          resolve({
            status: typeof error?.code === 'number' ? error.code : error ? -1 : 0,
            stdout,
          }),
      )
    })

  it('fails on a high advisory in a shipped dependency', async () => {
    answer = { status: 200, advisories: { 'left-pad': 'high' } }
    const { status, stdout } = await runGate()
    expect(stdout).toContain('FAIL  left-pad: high')
    expect(status).toBe(1)
  })

  it('passes a moderate one, and ignores a high one in a dev dependency', async () => {
    answer = { status: 200, advisories: { 'left-pad': 'moderate', 'is-number': 'critical' } }
    const { status, stdout } = await runGate()
    expect(stdout).toContain('ok    left-pad: moderate')
    expect(stdout).not.toContain('is-number')
    expect(status).toBe(0)
  })

  it('exits 3, "not checked", when the service refuses; 1 when the audit is required', async () => {
    answer = { status: 405, advisories: {} }
    const notChecked = await runGate()
    expect(notChecked.stdout).toMatch(/NOT CHECKED: .*\(405 Method Not Allowed/)
    expect(notChecked.status).toBe(3)
    expect((await runGate({ TILL_REQUIRE_AUDIT: '1' })).status).toBe(1)
  })
})
