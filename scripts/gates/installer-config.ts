// Installer gate: electron-builder.yml checked as far as a machine without the Electron binary
// can (see scripts/gates/installer-config-check.ts). Run from the project root.
import { checkInstallerConfig } from './installer-config-check'

checkInstallerConfig(process.cwd(), 'electron-builder.yml').then(
  (checks) => {
    for (const { name, problem } of checks)
      console.log(problem ? `FAIL  ${name}: ${problem}` : `ok    ${name}`)
    const failed = checks.filter((c) => c.problem).length
    console.log(
      `Installer configuration: ${checks.length - failed} of ${checks.length} checks passed (packaging itself needs the Electron binary and is not run here)`,
    )
    process.exit(failed ? 1 : 0)
  },
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
