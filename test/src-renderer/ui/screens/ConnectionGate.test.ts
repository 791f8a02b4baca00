import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  ActiveConnectionContext,
  type ConnectionState,
} from '../../../../src-renderer/ui/hooks/use-active-connection'
import { ConnectionGate } from '../../../../src-renderer/ui/screens/ConnectionGate'

function gateIn(state: ConnectionState): string {
  return renderToStaticMarkup(
    createElement(
      ActiveConnectionContext.Provider,
      { value: state },
      createElement(ConnectionGate, { title: 'Sessions', children: () => 'the screen' }),
    ),
  )
}

describe('the screen while the cache opens', () => {
  it('says which upgrade is under way and how far it has come, in its own units', () => {
    const payments = gateIn({
      status: 'loading',
      upgrade: { done: 3, total: 22, step: 'payments' },
    })
    expect(payments).toContain('role="status"')
    expect(payments).toContain('Moving the payments onto their bills for this version of Till')
    expect(payments).toContain('3 of 22 register sessions')
    expect(payments).toMatch(/<progress value="3" max="22">/)
    expect(payments).not.toContain('export log')
    expect(payments).not.toContain('the screen')

    const log = gateIn({ status: 'loading', upgrade: { done: 40, total: 60, step: 'export-log' } })
    expect(log).toContain('Bringing the export log up to this version of Till')
    expect(log).toContain('40 of 60 records')
    expect(log).not.toContain('payments')
  })

  it('shows the plain opening line when no upgrade is under way', () => {
    const html = gateIn({ status: 'loading' })
    expect(html).toContain('Opening your shop’s data…')
    expect(html).not.toContain('<progress')
  })
})
