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
