// What `npm test` must install before it runs, decided from what was found on the machine
// (scripts/bootstrap/probe.ts) without touching it; scripts/bootstrap.ts carries the plan out.

/** What the tests need of the machine, as found there. */
export interface Machine {
  platform: NodeJS.Platform
  arch: string
  /** The running Node's version, e.g. '20.20.2'. */
  nodeVersion: string
  /** Whether each command below is on PATH. */
  commands: Record<Command, boolean>
  /** A Chromium for the end-to-end tests (Debian's, or one named by TILL_CHROMIUM). */
  chromium: boolean
  /** libsecret's development headers, which keytar builds against. */
  libsecretHeaders: boolean
  /** keytar, the keychain module: loads, missing from node_modules, or there but will not load. */
  keytar: 'loads' | 'missing' | 'unloadable'
  /** How this user may install Debian packages: as root, through passwordless sudo, or not. */
  privilege: 'root' | 'sudo' | 'none'
}

export type Command = (typeof COMMANDS)[number]
export const COMMANDS = [
  'apt-get',
  'dbus-run-session',
  'gnome-keyring-daemon',
  'hledger',
  'ledger',
  'bean-check',
  'pdftotext',
  'make',
  'g++',
  'python3',
  'pkg-config',
] as const

/** One command to run, as its words; `asRoot` ones go through sudo unless the user is root. */
export interface Step {
  argv: string[]
  asRoot: boolean
}

export type Plan =
  | {
      kind: 'go'
      /** One line saying what will be installed, or null when nothing is missing. */
      summary: string | null
      /** What to run, in order, before the tests. */
      steps: Step[]
      /** The npm package whose `node` runs the tests, when this Node is older than `engines`. */
      nodePackage: string | null
    }
  | {
      /** Something needs root and this user has neither root nor passwordless sudo. */
      kind: 'stop'
      summary: string
      /** The one line that installs it and runs the tests again (null without apt-get). */
      command: string | null
    }

interface Need {
  /** What is missing, as the summary names it. */
  what: string
  debianPackage: string
  missing: (machine: Machine) => boolean
}

const commandMissing =
  (command: Command) =>
  (machine: Machine): boolean =>
    !machine.commands[command]

/** Debian packages the tests run (Linux only: elsewhere the keyring is the system's own). */
const TEST_NEEDS: Need[] = [
  { what: 'chromium', debianPackage: 'chromium', missing: (m) => !m.chromium },
  {
    what: 'dbus-run-session',
    debianPackage: 'dbus-x11',
    missing: commandMissing('dbus-run-session'),
  },
  {
    what: 'gnome-keyring-daemon',
    debianPackage: 'gnome-keyring',
    missing: commandMissing('gnome-keyring-daemon'),
  },
  { what: 'hledger', debianPackage: 'hledger', missing: commandMissing('hledger') },
  { what: 'ledger', debianPackage: 'ledger', missing: commandMissing('ledger') },
  { what: 'bean-check', debianPackage: 'beancount', missing: commandMissing('bean-check') },
  { what: 'pdftotext', debianPackage: 'poppler-utils', missing: commandMissing('pdftotext') },
]

/** What building keytar from source takes; looked at only when keytar does not load. */
const KEYTAR_BUILD_NEEDS: Need[] = [
  {
    what: "libsecret's headers",
    debianPackage: 'libsecret-1-dev',
    missing: (m) => !m.libsecretHeaders,
  },
  { what: 'pkg-config', debianPackage: 'pkg-config', missing: commandMissing('pkg-config') },
  { what: 'make', debianPackage: 'build-essential', missing: commandMissing('make') },
  { what: 'g++', debianPackage: 'build-essential', missing: commandMissing('g++') },
  { what: 'python3', debianPackage: 'python3', missing: commandMissing('python3') },
]

/**
 * keytar is an optional dependency: where its build failed, npm left it out of node_modules, so
 * `npm rebuild keytar` finds nothing to rebuild, while `npm install` installs it again from the
 * lockfile (changing neither package.json nor the lockfile). One that is there is rebuilt.
 */
const REPAIR_KEYTAR = {
  missing: { argv: ['npm', 'install', '--no-audit', '--no-fund'], says: 'npm install' },
  unloadable: { argv: ['npm', 'rebuild', 'keytar'], says: 'npm rebuild keytar' },
}

export function planBootstrap(machine: Machine, engines: string): Plan {
  const linux = machine.platform === 'linux'
  const needs = [
    ...(linux ? TEST_NEEDS : []),
    ...(linux && machine.keytar !== 'loads' ? KEYTAR_BUILD_NEEDS : []),
  ].filter((need) => need.missing(machine))
  const packages = [...new Set(needs.map((need) => need.debianPackage))]
  const named = packages.map((name) => {
    const what = needs.filter((n) => n.debianPackage === name && n.what !== name).map((n) => n.what)
    return what.length ? `${name} (${what.join(', ')})` : name
  })

  if (packages.length && (machine.privilege === 'none' || !machine.commands['apt-get'])) {
    if (!machine.commands['apt-get']) {
      return {
        kind: 'stop',
        summary: `npm test needs ${named.join(', ')} (Debian's names for them): install them with this system's package manager, then run npm test again.`,
        command: null,
      }
    }
    return {
      kind: 'stop',
      summary: `npm test needs ${named.join(', ')}, and installing them takes root or passwordless sudo. Run this, then nothing else:`,
      command: `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages.join(' ')} && npm test`,
    }
  }

  const nodeMajor = minimumVersion(engines)[0]
  const nodePackage = olderThan(machine.nodeVersion, engines)
    ? `node-${machine.platform === 'win32' ? 'win' : machine.platform}-${machine.arch}@${nodeMajor}`
    : null
  const repair = machine.keytar === 'loads' ? null : REPAIR_KEYTAR[machine.keytar]
  const parts = [
    ...(packages.length ? [`the Debian packages ${named.join(', ')}`] : []),
    ...(repair ? [`keytar, the keychain module, again (${repair.says})`] : []),
    ...(nodePackage
      ? [
          `Node ${nodeMajor} from the npm registry (${nodePackage}) to run the tests, this being Node ${machine.nodeVersion} where Till needs ${engines}`,
        ]
      : []),
  ]
  const steps: Step[] = [
    ...(packages.length ? aptInstall(packages) : []),
    ...(repair ? [{ argv: repair.argv, asRoot: false }] : []),
  ]
  return {
    kind: 'go',
    summary: parts.length ? `npm test first installs ${parts.join('; ')}.` : null,
    steps: steps.map((step) => withPrivilege(step, machine.privilege)),
    nodePackage,
  }
}

function aptInstall(packages: string[]): Step[] {
  return [
    { argv: ['apt-get', 'update'], asRoot: true },
    {
      argv: [
        'env',
        'DEBIAN_FRONTEND=noninteractive',
        'apt-get',
        'install',
        '-y',
        '--no-install-recommends',
        ...packages,
      ],
      asRoot: true,
    },
  ]
}

function withPrivilege(step: Step, privilege: Machine['privilege']): Step {
  return step.asRoot && privilege === 'sudo'
    ? { ...step, argv: ['sudo', '-n', ...step.argv] }
    : step
}

/** The lowest version a `>=x.y[.z]` engines range accepts, as numbers. */
function minimumVersion(engines: string): number[] {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.trim())
  if (!match) throw new Error(`package.json's engines.node must read ">=x.y", not "${engines}"`)
  return match.slice(1).map((part) => Number(part ?? 0))
}

function olderThan(version: string, engines: string): boolean {
  const have = version.split('.').map(Number)
  const want = minimumVersion(engines)
  for (let i = 0; i < 3; i++) {
    const [mine, wanted] = [have[i] ?? 0, want[i] ?? 0]
    if (mine !== wanted) return mine < wanted
  }
  return false
}
