import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { repeated, type Repeated } from './stats'

/** The bench's table and its JSON: each figure against its target, and against the last run. */

export interface Target {
  at: 'most' | 'least'
  value: number
}

export interface Figure {
  /** The figure id (`--only`), for the group the row belongs to. */
  id: string
  /** Unique across rows, for comparing runs. */
  key: string
  label: string
  value: number | null
  unit: string
  target?: Target
  /** For ratios: the yardstick measured in the same run, as shown. */
  baseline?: string
  /** Why there is no value, or what else was seen. */
  note?: string
  /** For a figure measured several times (`value` is then their median): max − min, and the samples. */
  spread?: { value: number; samples: number[] }
}

/** A repeated measurement as a figure's value and spread. */
export function fromRepeated(measured: Repeated): Pick<Figure, 'value' | 'spread'> {
  return { value: measured.median, spread: { value: measured.spread, samples: measured.samples } }
}

/**
 * A CPU-seconds counterpart of a wall-clock figure, over its samples (see process-cpu.ts); no row
 * where CPU cannot be read.
 */
export function cpuFigure(
  figure: Omit<Figure, 'value' | 'spread'>,
  samples: (number | null)[],
): Figure[] {
  if (samples.length === 0 || samples.some((s) => s === null)) return []
  return [{ ...figure, ...fromRepeated(repeated(samples as number[])) }]
}

export const cpuText = (seconds: number | null): string =>
  seconds === null ? '?' : seconds.toFixed(1)

/** The machine's load average over 1, 5 and 15 minutes, to read noisy figures by. */
export function loadAverage(): number[] {
  return loadavg().map((n) => Math.round(n * 100) / 100)
}

export type Verdict = 'pass' | 'MISS' | 'info' | 'not measured'

export function verdict(figure: Figure): Verdict {
  if (figure.value === null) return 'not measured'
  if (!figure.target) return 'info'
  const { at, value } = figure.target
  return (at === 'most' ? figure.value <= value : figure.value >= value) ? 'pass' : 'MISS'
}

export interface BenchRun {
  startedAt: string
  options: { quick: boolean; only: string[] | null }
  chromium: string
  /** Load averages (1, 5, 15 min) when the run started and when it ended. */
  load: { atStart: number[]; atEnd: number[] }
  figures: Array<Figure & { verdict: Verdict }>
}

const round = (n: number): string =>
  Number.isInteger(n) || Math.abs(n) >= 100
    ? n.toFixed(0)
    : Math.abs(n) >= 10
      ? n.toFixed(1)
      : n.toFixed(2)

function shown(value: number | null, unit: string): string {
  if (value === null) return '—'
  if (unit === '×' || unit === '%') return `${round(value)}${unit === '%' ? ' %' : '×'}`
  return `${value >= 1e4 ? Math.round(value).toLocaleString('en-US') : round(value)} ${unit}`
}

function targetText(figure: Figure): string {
  if (!figure.target) return ''
  return `${figure.target.at === 'most' ? '≤' : '≥'} ${shown(figure.target.value, figure.unit)}`
}

/** The spread as a share of the median: the repeated figure's own noise. */
function spreadText(figure: Figure): string {
  if (!figure.spread || figure.value === null) return ''
  const { value, samples } = figure.spread
  const share = figure.value === 0 ? 0 : (value / Math.abs(figure.value)) * 100
  return `${shown(value, figure.unit)} (${share.toFixed(0)} %, n=${samples.length})`
}

function delta(figure: Figure, previous: BenchRun | null): string {
  const before = previous?.figures.find((f) => f.key === figure.key)?.value
  if (before === undefined || before === null || figure.value === null || before === 0) return ''
  const change = ((figure.value - before) / Math.abs(before)) * 100
  return `${change >= 0 ? '+' : ''}${change.toFixed(0)} %`
}

export function formatTable(figures: Figure[], previous: BenchRun | null): string {
  const header = [
    'figure',
    'measured',
    'spread (max−min)',
    'target',
    'verdict',
    'baseline (same run)',
    'vs last run',
  ]
  const rows = figures.map((f) => [
    f.label,
    shown(f.value, f.unit),
    spreadText(f),
    targetText(f),
    verdict(f),
    f.baseline ?? '',
    delta(f, previous),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  const notes = figures.filter((f) => f.note).map((f) => `  ${f.label}: ${f.note}`)
  return [
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    ...(notes.length ? ['', 'notes:', ...notes] : []),
  ].join('\n')
}

export function readLatest(dir: string): BenchRun | null {
  const path = join(dir, 'latest.json')
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as BenchRun) : null
}

/** Writes `<timestamp>.json` and `latest.json`; returns the first's path. */
export function saveRun(dir: string, run: BenchRun): string {
  mkdirSync(dir, { recursive: true })
  const text = JSON.stringify(run, null, 2) + '\n'
  const path = join(dir, `${run.startedAt.replace(/[:.]/g, '-')}.json`)
  writeFileSync(path, text)
  writeFileSync(join(dir, 'latest.json'), text)
  return path
}
