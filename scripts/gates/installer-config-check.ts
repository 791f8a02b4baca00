import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { DebugLogger } from 'builder-util'

/**
 * What can be checked of the installer configuration without the Electron binary (which
 * electron-builder needs to package anything): the file against electron-builder's own schema,
 * the targets, what goes in the app, keytar's addon outside the asar, and the icon.
 */
export interface ConfigCheck {
  name: string
  problem: string | null
}

const ICON_SIZE = 1024
const REQUIRED_TARGETS = { win: ['nsis'], mac: ['dmg'], linux: ['AppImage', 'deb'] } as const

type Matcher = (path: string, pattern: string, options?: { dot?: boolean }) => boolean

/** electron-builder's own glob matcher (the minimatch its file matcher uses). */
function electronBuilderMatcher(projectDir: string): Matcher {
  const fromBuilder = createRequire(join(projectDir, 'node_modules/app-builder-lib/package.json'))
  return (fromBuilder('minimatch') as { minimatch: Matcher }).minimatch
}

export function pngSize(path: string): { width: number; height: number } | null {
  const head = readFileSync(path).subarray(0, 24)
  const signature = '89504e470d0a1a0a'
  if (head.length < 24 || head.subarray(0, 8).toString('hex') !== signature) return null
  if (head.subarray(12, 16).toString('latin1') !== 'IHDR') return null
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

type Targets = Array<string | { target: string }> | string | undefined
function targetNames(targets: Targets): string[] {
  const list = Array.isArray(targets) ? targets : targets ? [targets] : []
  return list.map((t) => (typeof t === 'string' ? t : t.target))
}

export async function checkInstallerConfig(
  projectDir: string,
  configFile: string,
): Promise<ConfigCheck[]> {
  const checks: ConfigCheck[] = []
  const check = (name: string, problem: string | null): void => {
    checks.push({ name, problem })
  }
  const config = await getConfig(projectDir, configFile, null)
  try {
    await validateConfiguration(config, new DebugLogger(false))
    check("electron-builder's schema", null)
  } catch (error) {
    check("electron-builder's schema", (error as Error).message.split('\n').slice(0, 3).join(' '))
  }

  check('app id', config.appId === 'app.till.desktop' ? null : `appId is ${config.appId}`)
  check(
    'product name',
    config.productName === 'Till' ? null : `productName is ${config.productName}`,
  )
  for (const [platform, wanted] of Object.entries(REQUIRED_TARGETS)) {
    const have = targetNames(config[platform as keyof typeof REQUIRED_TARGETS]?.target as Targets)
    const missing = wanted.filter((t) => !have.includes(t))
    check(`${platform} targets`, missing.length ? `missing ${missing.join(', ')}` : null)
  }

  const matches = electronBuilderMatcher(projectDir)
  const filePatterns = (config.files as Array<{ filter: string[] }> | string[] | undefined) ?? []
  const patterns = filePatterns.flatMap((p) => (typeof p === 'string' ? [p] : p.filter))
  const outsideOut = patterns.filter((p) => p !== 'package.json' && !p.startsWith('out/'))
  check(
    'files',
    outsideOut.length ? `files beyond out/** and package.json: ${outsideOut.join(', ')}` : null,
  )
  const { main } = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as {
    main: string
  }
  const entry = main.replace(/^\.\//, '')
  check(
    'main entry packaged',
    patterns.some((p) => matches(entry, p)) ? null : `package.json main (${entry}) is not in files`,
  )

  const keytarDir = join(projectDir, 'node_modules/keytar')
  const addons = existsSync(keytarDir)
    ? filesUnder(keytarDir)
        .filter((f) => f.endsWith('.node'))
        .map((f) => relative(projectDir, f).split(sep).join('/'))
    : []
  const unpack = [config.asarUnpack ?? []].flat() as string[]
  const packed = addons.filter((addon) => !unpack.some((p) => matches(addon, p, { dot: true })))
  check(
    "keytar's addon outside the asar",
    addons.length === 0
      ? "keytar's native addon was not found: run npm install"
      : packed.length
        ? `not covered by asarUnpack: ${packed.join(', ')}`
        : null,
  )

  const icon = join(projectDir, (config.icon as string | undefined) ?? 'resources/icon.png')
  const size = existsSync(icon) ? pngSize(icon) : null
  check(
    `icon ${ICON_SIZE}×${ICON_SIZE} PNG`,
    size?.width === ICON_SIZE && size.height === ICON_SIZE
      ? null
      : `${relative(projectDir, icon)} is ${size ? `${size.width}×${size.height}` : 'missing or not a PNG'}`,
  )
  return checks
}
