import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkInstallerConfig, pngSize } from '../../../scripts/gates/installer-config-check'

const ROOT = join(__dirname, '../../..')
const CONFIG = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')

const projects: string[] = []
afterAll(() => projects.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** A copy of the project's manifest, icon and node_modules, with a changed installer config. */
function projectWith(config: string, icon = join(ROOT, 'resources/icon.png')): string {
  const dir = mkdtempSync(join(tmpdir(), 'till-installer-'))
  projects.push(dir)
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'))
  copyFileSync(icon, join(dir, 'icon.png'))
  writeFileSync(
    join(dir, 'electron-builder.yml'),
    config.replace('icon: resources/icon.png', 'icon: icon.png'),
  )
  return dir
}

const problems = async (dir: string): Promise<Record<string, string>> =>
  Object.fromEntries(
    (await checkInstallerConfig(dir, 'electron-builder.yml'))
      .filter((c) => c.problem)
      .map((c) => [c.name, c.problem!]),
  )

/** The first bytes of a PNG: signature and IHDR with the given size. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25)
  ihdr.writeUInt32BE(13, 0)
  ihdr.write('IHDR', 4, 'latin1')
  ihdr.writeUInt32BE(width, 8)
  ihdr.writeUInt32BE(height, 12)
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr])
}

describe('installer configuration check', () => {
  it('passes the project configuration on every check', async () => {
    const checks = await checkInstallerConfig(ROOT, 'electron-builder.yml')
    expect(checks.filter((c) => c.problem)).toEqual([])
    expect(checks.map((c) => c.name)).toEqual(
      expect.arrayContaining(["electron-builder's schema", "keytar's addon outside the asar"]),
    )
  })

  it("fails an option electron-builder's schema does not know", async () => {
    const dir = projectWith(CONFIG.replace('oneClick: false', 'oneClik: false'))
    expect((await problems(dir))["electron-builder's schema"]).toMatch(
      /does not match the API schema/,
    )
  })

  it("fails when keytar's addon would stay inside the asar", async () => {
    const dir = projectWith(CONFIG.replace('node_modules/keytar/**', 'node_modules/other/**'))
    expect((await problems(dir))["keytar's addon outside the asar"]).toMatch(
      /not covered by asarUnpack: node_modules\/keytar\/.*\.node/,
    )
  })

  it('fails a missing installer target, a file outside out/, and a small icon', async () => {
    const small = join(mkdtempSync(join(tmpdir(), 'till-icon-')), 'small.png')
    projects.push(join(small, '..'))
    writeFileSync(small, pngHeader(512, 512))
    const dir = projectWith(
      CONFIG.replace('    - deb\n', '').replace(
        '  - package.json\n',
        '  - package.json\n  - src-main/**\n',
      ),
      small,
    )
    expect(await problems(dir)).toMatchObject({
      'linux targets': 'missing deb',
      files: expect.stringContaining('src-main/**'),
      'icon 1024×1024 PNG': 'icon.png is 512×512',
    })
  })
})

describe('PNG size', () => {
  it('reads width and height from the header, and refuses what is not a PNG', () => {
    const dir = mkdtempSync(join(tmpdir(), 'till-png-'))
    projects.push(dir)
    writeFileSync(join(dir, 'a.png'), pngHeader(300, 200))
    writeFileSync(join(dir, 'b.png'), '<svg/>')
    expect(pngSize(join(dir, 'a.png'))).toEqual({ width: 300, height: 200 })
    expect(pngSize(join(dir, 'b.png'))).toBeNull()
  })
})
