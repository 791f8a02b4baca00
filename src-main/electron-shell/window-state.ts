import { join } from 'node:path'
import { screen, type BrowserWindow, type Rectangle } from 'electron'
import { z } from 'zod'
import type { Logger } from '../logging/logger'
import { JsonFile } from '../platform/json-file'

const windowState = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(10_000),
  height: z.number().int().min(300).max(10_000),
  maximized: z.boolean(),
})
export type WindowState = z.infer<typeof windowState>

const DEFAULT_STATE: WindowState = { width: 1280, height: 820, maximized: false }

function isVisible(bounds: Rectangle): boolean {
  return screen
    .getAllDisplays()
    .some(
      ({ workArea }) =>
        bounds.x < workArea.x + workArea.width &&
        bounds.x + bounds.width > workArea.x &&
        bounds.y < workArea.y + workArea.height &&
        bounds.y + bounds.height > workArea.y,
    )
}

/** Remembers the window's size, place and maximised state; ignores a place now off-screen. */
export function windowStateFile(
  dataDir: string,
  log: Logger,
): {
  load(): Promise<WindowState>
  track(window: BrowserWindow): void
} {
  const file = new JsonFile(
    join(dataDir, 'window-state.json'),
    windowState,
    () => DEFAULT_STATE,
    log,
  )
  return {
    load: async () => {
      const state = await file.read()
      if (state.x === undefined || state.y === undefined) return state
      return isVisible({ x: state.x, y: state.y, width: state.width, height: state.height })
        ? state
        : { width: state.width, height: state.height, maximized: state.maximized }
    },
    track: (window) => {
      window.on('close', () => {
        const bounds = window.getNormalBounds()
        void file.write({ ...bounds, maximized: window.isMaximized() })
      })
    },
  }
}
