import { existsSync, readdirSync, readFileSync } from 'node:fs'

/**
 * CPU seconds (user + system) of the processes a figure's work runs in, read from /proc (Linux;
 * none elsewhere). Other work on a loaded machine stretches a figure's wall-clock time far more
 * than the CPU its processes spend, so each wall-clock figure of issue 25 has one of these beside it.
 */

interface ProcessStat {
  parent: number
  cpuSeconds: number
}

const CLOCK_TICKS_PER_SECOND = 100

function statOf(pid: number): ProcessStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const commandEnd = text.lastIndexOf(')')
    // After "pid (comm) ": state is field 0, the parent 1, utime and stime 11 and 12.
    const fields = text.slice(commandEnd + 2).split(' ')
    return {
      parent: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND,
    }
  } catch {
    return null
  }
}

function allStats(): Map<number, ProcessStat> {
  const stats = new Map<number, ProcessStat>()
  let entries: string[] = []
  try {
    entries = readdirSync('/proc')
  } catch {
    return stats
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    const stat = statOf(Number(entry))
    if (stat) stats.set(Number(entry), stat)
  }
  return stats
}

/** User plus system CPU seconds of one process so far; null when it cannot be read. */
export function cpuSecondsOf(pid: number): number | null {
  return statOf(pid)?.cpuSeconds ?? null
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
  } catch {
    return ''
  }
}

/**
 * The processes this one started whose command line `matches`, each with every process below it
 * (Chromium's zygote, renderers, GPU and network service), as of now.
 */
export function childTrees(matches: (commandLine: string) => boolean): number[] {
  const stats = allStats()
  const roots = [...stats]
    .filter(([pid, s]) => s.parent === process.pid && matches(commandLine(pid)))
    .map(([pid]) => pid)
  const found = new Set(roots)
  for (let grew = true; grew;) {
    grew = false
    for (const [pid, s] of stats)
      if (!found.has(pid) && found.has(s.parent)) {
        found.add(pid)
        grew = true
      }
  }
  return [...found]
}

/** The browsers this process launched (Playwright's or the system's Chromium), whole. */
export const chromiumProcesses = (): number[] =>
  childTrees((line) => /chrom|headless_shell/.test(line))

/** The browser shells this process started. */
export const browserShellProcesses = (): number[] =>
  childTrees((line) => line.includes('browser-shell.js'))

/** This process's own CPU seconds so far. */
const ownCpuSeconds = (): number => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}

const CAN_READ = existsSync('/proc/self/stat')

export interface CpuMeter {
  /**
   * CPU seconds the processes spent since the meter started (one started since counts from
   * zero); null where /proc cannot be read.
   */
  stop(): number | null
}

/**
 * Starts counting the CPU of the processes `select` names, at the start and again at the stop, so
 * a renderer that starts meanwhile is counted; `self` adds this process's own.
 */
export function meterCpu(select: () => number[], options: { self?: boolean } = {}): CpuMeter {
  const readAll = (): Map<number, number> =>
    new Map(select().map((pid) => [pid, cpuSecondsOf(pid) ?? 0]))
  const before = readAll()
  const selfBefore = options.self ? ownCpuSeconds() : 0
  return {
    stop: () => {
      if (!CAN_READ) return null
      let seconds = options.self ? ownCpuSeconds() - selfBefore : 0
      for (const [pid, now] of readAll()) seconds += now - (before.get(pid) ?? 0)
      return seconds
    },
  }
}
