import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { openTill, savedProfiles } from '../support/browser-shell'
import { useDemoShell } from './demo-shell'
import { demoControl } from '../support/demo-control'
import { callShellBridge } from '../support/shell-bridge'

/**
 * The leak test (issue 7): after a full demo sync, live webhooks and exports, the API key and the
 * webhook signing secret appear nowhere outside the keychain: not in the page, IndexedDB, web
 * storage, the renderer's console, main's logs and output, the data folder (webhook queue and
 * journal included) or the exported files, in plain text, base64 or hex.
 */
const APP_KEY = `demo_key_leak_${randomBytes(12).toString('hex')}`
const WEBHOOK_SECRET = `whsec_Leak${randomBytes(12).toString('hex')}`
const CONTROL_TOKEN = `demo_control_leak_${randomBytes(8).toString('hex')}`

interface Haystack {
  where: string
  bytes: Buffer
}

/** Each secret as it could be written: plain, base64 at any byte alignment, hex. */
function needles(secret: string): Array<{ form: string; text: string }> {
  const base64 = [0, 1, 2].map((shift) => {
    const encoded = Buffer.from('x'.repeat(shift) + secret).toString('base64')
    // Characters mixing in the prefix or the padding differ with the surroundings; the core does not.
    return encoded.slice(shift ? 4 : 0, -4)
  })
  const hex = Buffer.from(secret).toString('hex')
  const forms = [
    { form: 'plain', text: secret },
    { form: 'url-encoded', text: encodeURIComponent(secret) },
    ...base64.map((text, shift) => ({ form: `base64+${shift}`, text })),
    ...base64.map((text, shift) => ({
      form: `base64url+${shift}`,
      text: text.replaceAll('+', '-').replaceAll('/', '_'),
    })),
    { form: 'hex', text: hex },
    { form: 'HEX', text: hex.toUpperCase() },
  ]
  // A form that reads the same as an earlier one (no character to escape) is searched once.
  return forms.filter((f, i) => forms.findIndex((g) => g.text === f.text) === i)
}

function findSecrets(haystacks: Haystack[], secrets: Record<string, string>): string[] {
  const hits: string[] = []
  for (const [name, secret] of Object.entries(secrets))
    for (const { form, text } of needles(secret))
      for (const { where, bytes } of haystacks)
        if (bytes.includes(text) || bytes.toString('utf16le').includes(text))
          hits.push(`${name} (${form}) in ${where}`)
  return hits
}

function filesUnder(dir: string): Haystack[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name)
      return { where: `data folder: ${relative(dir, path)}`, bytes: readFileSync(path) }
    })
}

/** Every object store of every IndexedDB database the page can see, as JSON. */
async function dumpIndexedDb(page: Page): Promise<Haystack[]> {
  const dumps = await page.evaluate(async () => {
    const open = (name: string): Promise<IDBDatabase> =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open(name)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const all = (db: IDBDatabase, store: string): Promise<unknown[]> =>
      new Promise((resolve, reject) => {
        const request = db.transaction(store, 'readonly').objectStore(store).getAll()
        request.onsuccess = () => resolve(request.result as unknown[])
        request.onerror = () => reject(request.error)
      })
    const out: Array<{ name: string; json: string; records: number }> = []
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await open(name)
      for (const store of Array.from(db.objectStoreNames)) {
        const records = await all(db, store)
        out.push({
          name: `${name}/${store}`,
          json: JSON.stringify(records),
          records: records.length,
        })
      }
      db.close()
    }
    return out
  })
  return dumps.map((d) => ({
    where: `IndexedDB ${d.name} (${d.records})`,
    bytes: Buffer.from(d.json),
  }))
}

async function exportFile(page: Page, format: string): Promise<Haystack> {
  await page.getByLabel('Format').selectOption(format)
  await expect(page.getByLabel('From', { exact: true })).not.toHaveValue('')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  const download = await downloading
  return {
    where: `export ${download.suggestedFilename()}`,
    bytes: await readFile((await download.path())!),
  }
}

const shell = useDemoShell({
  seed: 23,
  days: 2,
  locations: 1,
  billsPerSession: 15,
  live: false,
  appKey: APP_KEY,
  webhookSecret: WEBHOOK_SECRET,
  controlToken: CONTROL_TOKEN,
})

test('the API key and webhook secret appear nowhere after a sync, live updates and exports', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const consoleLines: string[] = []
  page.on('console', (message) => consoleLines.push(message.text()))
  page.on('pageerror', (error) => consoleLines.push(`${error.message}\n${error.stack ?? ''}`))

  await openTill(page, shell())
  await expect(page.getByText(/^Last synced /)).toBeVisible({ timeout: 90_000 })

  // Live updates: sales on the service arrive as signed webhooks and are applied.
  const before = await callShellBridge<{ accepted: number }>(shell(), 'webhooks.status')
  const demo = savedProfiles(shell()).find((p) => p.id === 'demo-shop')!
  await demoControl(demo.baseUrl, CONTROL_TOKEN)('POST', '/sales', { count: 3 })
  await expect
    .poll(
      async () =>
        (await callShellBridge<{ accepted: number; pending: number }>(shell(), 'webhooks.status'))
          .accepted,
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThanOrEqual(before.accepted + 3)
  await expect
    .poll(
      async () => (await callShellBridge<{ pending: number }>(shell(), 'webhooks.status')).pending,
      {
        timeout: 30_000,
      },
    )
    .toBe(0)

  await page.getByRole('link', { name: 'Exports' }).click()
  const exported = [
    await exportFile(page, 'journal-csv'),
    await exportFile(page, 'payments'),
    await exportFile(page, 'bills'),
  ]
  for (const file of exported) expect(file.bytes.length).toBeGreaterThan(100)

  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()

  const haystacks: Haystack[] = [
    {
      where: 'the page (outerHTML)',
      bytes: Buffer.from(await page.evaluate(() => document.documentElement.outerHTML)),
    },
    {
      where: 'web storage',
      bytes: Buffer.from(
        await page.evaluate(() =>
          JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
        ),
      ),
    },
    ...(await dumpIndexedDb(page)),
    { where: "the renderer's console", bytes: Buffer.from(consoleLines.join('\n')) },
    { where: "main's output (stdout and stderr)", bytes: Buffer.from(shell().output()) },
    ...filesUnder(shell().dataDir),
    ...exported,
  ]
  const dataFiles = haystacks.map((h) => h.where)
  expect(dataFiles).toContainEqual(expect.stringMatching(/^data folder: logs\//))
  expect(dataFiles).toContainEqual(expect.stringMatching(/^data folder: webhook-queue/))
  expect(dataFiles).toContainEqual(expect.stringMatching(/^IndexedDB till-/))
  expect(
    haystacks.find((h) => h.where.startsWith('IndexedDB till-') && h.where.includes('/bills'))
      ?.bytes.length,
  ).toBeGreaterThan(1000)

  expect(findSecrets(haystacks, { 'API key': APP_KEY, 'webhook secret': WEBHOOK_SECRET })).toEqual(
    [],
  )
  const searched = haystacks.reduce((sum, h) => sum + h.bytes.length, 0)
  console.log(
    `leak test: ${haystacks.length} places, ${searched} bytes:\n  ${dataFiles.join('\n  ')}`,
  )

  // The search itself finds each secret when it is planted in a copy of what was searched.
  const planted = mkdtempSync(join(tmpdir(), 'till-leak-planted-'))
  try {
    cpSync(shell().dataDir, planted, { recursive: true })
    writeFileSync(
      join(planted, 'logs', 'planted.log'),
      `Authorization: Bearer ${Buffer.from(`k:${APP_KEY}`).toString('base64')}`,
    )
    const indexedDb = haystacks.find((h) => h.where.startsWith('IndexedDB till-'))!
    const copies: Haystack[] = [
      ...filesUnder(planted),
      {
        where: 'planted IndexedDB',
        bytes: Buffer.from(
          indexedDb.bytes.toString().replace('[', `[${JSON.stringify({ s: WEBHOOK_SECRET })},`),
        ),
      },
      {
        where: 'planted hex',
        bytes: Buffer.from(`sig=${Buffer.from(WEBHOOK_SECRET).toString('hex').toUpperCase()}`),
      },
      { where: 'planted utf-16', bytes: Buffer.from(APP_KEY, 'utf16le') },
    ]
    expect(
      findSecrets(copies, { 'API key': APP_KEY, 'webhook secret': WEBHOOK_SECRET }).sort(),
    ).toEqual(
      [
        'API key (base64+2) in data folder: logs/planted.log',
        'API key (plain) in planted utf-16',
        'webhook secret (HEX) in planted hex',
        'webhook secret (plain) in planted IndexedDB',
      ].sort(),
    )
  } finally {
    rmSync(planted, { recursive: true, force: true })
  }
})
