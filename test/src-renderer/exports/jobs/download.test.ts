import { describe, expect, it } from 'vitest'
import { exportOpenInput } from '../../../../src-shared/bridge/schemas/exports'
import { exportFileName } from '../../../../src-renderer/exports/jobs/download'

/** Whether main would take the name for a file (the bridge's own rule). */
function mainTakes(name: string): boolean {
  return exportOpenInput.safeParse({ target: { kind: 'dialog', suggestedName: name } }).success
}

describe('an export file name', () => {
  it('carries the destination, the range, the location and the batch number', () => {
    const name = exportFileName({
      what: 'xero',
      destination: 'Xero (PT Kopi Kita)',
      range: { from: '2026-11-16', to: '2026-11-22' },
      location: 'Kemang',
      batch: 3,
    })
    expect(name).toBe('till-xero-pt-kopi-kita-2026-11-16_2026-11-22-kemang-batch-3.csv')
    expect(mainTakes(name)).toBe(true)
  })

  it('names one day once, every location by leaving it out, and a table export by its number', () => {
    expect(
      exportFileName({
        what: 'bills',
        destination: 'bills',
        range: { from: '2026-11-20', to: '2026-11-20' },
        location: null,
        export: 12,
      }),
    ).toBe('till-bills-2026-11-20-export-12.csv')
    expect(
      exportFileName({
        what: 'beancount',
        destination: 'beancount',
        range: { from: '2026-11-20', to: '2026-11-20' },
        location: null,
        batch: 1,
      }),
    ).toBe('till-beancount-2026-11-20-batch-1.beancount')
  })

  it('keeps only safe characters, whatever a name holds, and stays within what main takes', () => {
    const hostile = [
      '../../etc/passwd',
      'C:\\Windows\\system32',
      'Café “Déjà vu” <script>',
      'Kas\u0000Utama\r\n:*?|',
      '現金 帳簿',
      '.'.repeat(300),
      'ok '.repeat(200),
    ]
    for (const destination of hostile)
      for (const location of [...hostile, null]) {
        const name = exportFileName({
          what: 'ledger',
          destination,
          range: { from: '2026-11-16', to: '2026-11-22' },
          location,
          batch: Number.MAX_SAFE_INTEGER,
        })
        expect(name).toMatch(
          /^till-[a-z0-9-]+-2026-11-16_2026-11-22(-[a-z0-9-]+)?-batch-\d+\.journal$/,
        )
        expect(name).not.toMatch(/--/)
        expect(mainTakes(name), name).toBe(true)
      }
    const named = (destination: string): string =>
      exportFileName({
        what: 'beancount',
        destination,
        range: { from: '2026-11-20', to: '2026-11-20' },
        location: null,
        batch: 2,
      })
    expect(named('Café “Déjà vu”')).toBe('till-cafe-deja-vu-2026-11-20-batch-2.beancount')
    // A name with nothing left in a file name goes by its format.
    expect(named('現金')).toBe('till-beancount-2026-11-20-batch-2.beancount')
  })
})
