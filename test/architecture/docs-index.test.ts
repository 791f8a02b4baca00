import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The docs cannot drift from what is there: every page of docs/ is listed in the index
 * (docs/README.md), and the README's pictures are the screenshots `npm run screenshots` keeps in
 * docs/screenshots/: every picture it embeds is there, every PNG there is embedded, and each is
 * small enough to keep in the repository.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const docsDir = join(root, 'docs')
const screenshotsDir = join(docsDir, 'screenshots')

/** A screenshot larger than this is not a 1280×800 PNG of a screen: remake it. */
const LARGEST_SCREENSHOT = 400_000

/** The pages of docs/ the index does not link to; the index itself needs no line. */
function pagesMissingFromIndex(pages: readonly string[], index: string): string[] {
  const linked = new Set([...index.matchAll(/\]\(([\w-]+\.md)(?:#[\w-]+)?\)/g)].map((m) => m[1]))
  return pages
    .filter((page) => page !== 'README.md' && !linked.has(page))
    .map((page) => `docs/${page} is not listed in docs/README.md`)
}

interface Screenshot {
  name: string
  bytes: number
}

/**
 * What is wrong between the pictures a README embeds from docs/screenshots/ and the PNGs there:
 * one embedded that is not there, one there that nothing embeds, one too large.
 */
function screenshotProblems(readme: string, screenshots: readonly Screenshot[]): string[] {
  const embedded = new Set(
    [...readme.matchAll(/!\[[^\]]*\]\(docs\/screenshots\/([^)\s]+)\)/g)].map((m) => m[1]!),
  )
  const present = new Set(screenshots.map((s) => s.name))
  return [
    ...[...embedded]
      .filter((name) => !present.has(name))
      .map((name) => `README.md embeds docs/screenshots/${name}, which is not there`),
    ...screenshots
      .filter((s) => s.name.endsWith('.png') && !embedded.has(s.name))
      .map((s) => `docs/screenshots/${s.name} is embedded nowhere in README.md`),
    ...screenshots
      .filter((s) => s.bytes > LARGEST_SCREENSHOT)
      .map((s) => `docs/screenshots/${s.name} is ${s.bytes} bytes, over ${LARGEST_SCREENSHOT}`),
  ]
}

function docsPages(): string[] {
  return readdirSync(docsDir).filter((name) => name.endsWith('.md'))
}

function screenshots(): Screenshot[] {
  return readdirSync(screenshotsDir).map((name) => ({
    name,
    bytes: statSync(join(screenshotsDir, name)).size,
  }))
}

const index = readFileSync(join(docsDir, 'README.md'), 'utf8')
const readme = readFileSync(join(root, 'README.md'), 'utf8')

describe('the docs index', () => {
  it('lists every page of docs/', () => {
    const pages = docsPages()
    expect(pages).toContain('ledger.md')
    expect(pagesMissingFromIndex(pages, index)).toEqual([])
  })

  it('fails on a page it does not list', () => {
    const pages = ['README.md', 'backup.md', 'ledger.md', 'planted.md']
    const withoutBackup = index.replace('[backup.md](backup.md)', 'backup.md')
    expect(withoutBackup).not.toEqual(index)
    const notListed = (page: string): string => `docs/${page} is not listed in docs/README.md`
    expect(pagesMissingFromIndex(pages, withoutBackup)).toEqual([
      notListed('backup.md'),
      notListed('planted.md'),
    ])
  })
})

describe("the README's screenshots", () => {
  it('are each in docs/screenshots/, every one there embedded, none too large', () => {
    const present = screenshots()
    expect(present.map((s) => s.name)).toContain('sessions.png')
    expect(screenshotProblems(readme, present)).toEqual([])
  })

  it('fail on a picture missing, one embedded nowhere and one too large', () => {
    const present = [
      { name: 'sessions.png', bytes: 120_000 },
      { name: 'planted.png', bytes: 1_000 },
      { name: 'sessions-again.png', bytes: 2_000_000 },
    ]
    const planted = [
      '![Sessions](docs/screenshots/sessions.png)',
      '![Deposits](docs/screenshots/deposits.png)',
      '![Sessions again](docs/screenshots/sessions-again.png)',
    ].join('\n\n')
    expect(screenshotProblems(planted, present)).toEqual([
      'README.md embeds docs/screenshots/deposits.png, which is not there',
      'docs/screenshots/planted.png is embedded nowhere in README.md',
      `docs/screenshots/sessions-again.png is 2000000 bytes, over ${LARGEST_SCREENSHOT}`,
    ])
  })
})
