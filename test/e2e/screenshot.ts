import type { Page } from '@playwright/test'

/**
 * Distinct colours in a screenshot (every 7th pixel), counted in a scratch page's canvas (no app,
 * no CSP): a blank page has one, a rendered screen dozens.
 */
export async function distinctColours(page: Page, png: Buffer): Promise<number> {
  const scratch = await page.context().newPage()
  try {
    return await scratch.evaluate(async (base64) => {
      const image = new Image()
      image.src = `data:image/png;base64,${base64}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.width
      canvas.height = image.height
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0)
      const { data } = context.getImageData(0, 0, image.width, image.height)
      const colours = new Set<number>()
      for (let i = 0; i < data.length; i += 4 * 7)
        colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!)
      return colours.size
    }, png.toString('base64'))
  } finally {
    await scratch.close()
  }
}

export interface CutText {
  text: string
  why: 'clipped' | 'wrapped' | 'out of view'
}

/**
 * Amounts and clock times on the page that a person cannot read whole: cut by their box (an
 * ellipsis or hidden overflow), wrapped inside it, or, in a scroll area, beyond its visible part.
 */
export async function cutFiguresAndTimes(page: Page): Promise<CutText[]> {
  return page.evaluate(() => {
    // An amount with its currency ("-IDR 1,460,000", "IDR 0"), a clock time ("8:01 PM", "19:05").
    const figures = /[-−]?\u2060?\b[A-Z]{3}\s?\d[\d,.]*|\d{1,2}:\d{2}(?:\s?[AP]M)?/g
    const found: CutText[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const data = node.textContent ?? ''
      if (!node.parentElement?.checkVisibility()) continue
      for (const match of data.matchAll(figures)) {
        const text = match[0]
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + text.length)
        const rects = [...range.getClientRects()].filter((r) => r.width > 0)
        if (rects.length === 0) continue
        if (new Set(rects.map((r) => Math.round(r.top))).size > 1) {
          found.push({ text, why: 'wrapped' })
          continue
        }
        const box = range.getBoundingClientRect()
        for (let el: Element | null = node.parentElement; el && el !== document.body;) {
          const style = getComputedStyle(el)
          if (style.overflowX !== 'visible') {
            const edge = el.getBoundingClientRect()
            const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll'
            // An ellipsis draws only what fits, so the box's own overflow tells it too.
            const overflows = !scrolls && el.scrollWidth > el.clientWidth + 1
            if (overflows || box.right > edge.right + 1 || box.left < edge.left - 1) {
              found.push({ text, why: scrolls ? 'out of view' : 'clipped' })
              break
            }
          }
          el = el.parentElement
        }
      }
    }
    return found
  })
}
