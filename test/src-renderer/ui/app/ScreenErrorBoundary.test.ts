import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MoneyError } from '../../../../src-shared/domain/money'
import { ScreenErrorBoundary } from '../../../../src-renderer/ui/app/ScreenErrorBoundary'

/**
 * The server renderer has no error boundaries, so the boundary is driven as React drives it: the
 * error a child threw goes through getDerivedStateFromError, then the boundary renders. The
 * browser shell's e2e (screen-failure.spec.ts) shows it catching a real screen's error.
 */
function failedWith(error: unknown, screen = 'Day close'): string {
  const boundary = new ScreenErrorBoundary({ screen, children: null })
  boundary.state = ScreenErrorBoundary.getDerivedStateFromError(error)
  return renderToStaticMarkup(createElement('div', null, boundary.render()))
}

describe('a screen that fails while it renders', () => {
  it('shows its children while nothing has failed', () => {
    expect(
      renderToStaticMarkup(
        createElement(ScreenErrorBoundary, {
          screen: 'Bills',
          children: createElement('p', null, 'Bills'),
        }),
      ),
    ).toBe('<p>Bills</p>')
  })

  it('says which screen failed and the error’s message, as an alert, and offers to retry', () => {
    const html = failedWith(new MoneyError('9999999999999999 is too large'))
    expect(html).toContain('role="alert"')
    expect(html).toContain('Day close could not be shown')
    expect(html).toContain('9999999999999999 is too large')
    expect(html).toMatch(/<button[^>]*>Try again<\/button>/)
  })

  it('gives a message for something thrown that is not an Error', () => {
    expect(failedWith('the cache is closed', 'Sessions')).toContain('the cache is closed')
  })
})
