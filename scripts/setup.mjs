// `npm run setup`: checks that this machine can build Till's one native module (keytar, the
// keychain), and says the one command that fixes it when it cannot; then runs `npm install`.
// keytar downloads a prebuilt binary where it can and builds from source where it cannot, which
// on Linux needs libsecret's development files and a C++ toolchain.
// `--check` only checks (the root `preinstall`; npm 11 runs that after the dependencies, so
// `npm run setup` is the first command the README gives).
// Runs with no dependency installed: Node's own modules only.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

const onPath = (command) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        accessSync(join(dir, command), constants.X_OK)
        return true
      } catch {
        return false
      }
    })

const succeeds = (command, args) =>
  onPath(command) && spawnSync(command, args, { stdio: 'ignore' }).status === 0

/** What keytar's build from source needs and this Linux machine lacks, by Debian package. */
function missingOnLinux() {
  const missing = []
  if (!succeeds('pkg-config', ['--exists', 'libsecret-1'])) missing.push('libsecret-1-dev')
  if (!onPath('make') || !(onPath('g++') || onPath('c++'))) missing.push('build-essential')
  if (!onPath('python3')) missing.push('python3')
  return missing
}

const DNF_NAMES = {
  'libsecret-1-dev': 'libsecret-devel',
  'build-essential': 'gcc-c++ make',
  python3: 'python3',
}

function fixFor(missing) {
  if (onPath('apt-get')) return `sudo apt-get install ${missing.join(' ')}`
  if (onPath('dnf')) return `sudo dnf install ${missing.map((p) => DNF_NAMES[p]).join(' ')}`
  return `install your distribution's packages for: ${missing.join(', ')} (Debian names)`
}

const missing = process.platform === 'linux' ? missingOnLinux() : []
if (missing.length > 0) {
  console.error(
    [
      "Till can't be installed here yet: its keychain module (keytar) is built on this machine and",
      `needs ${missing.join(', ')}. Run:`,
      '',
      `  ${fixFor(missing)}`,
      '',
      'then run this command again.',
    ].join('\n'),
  )
  process.exit(1)
}
if (!process.argv.includes('--check')) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const install = spawnSync(npm, ['install', ...process.argv.slice(2)], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  process.exit(install.status ?? 1)
}
