import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

export interface StaticFile {
  body: Buffer
  contentType: string
}

/**
 * Reads a file of the built renderer for a URL path; never outside `root`. Paths without an
 * extension get index.html (the app routes itself); missing assets are null.
 */
export async function readRendererFile(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/')
  } catch {
    return null
  }
  const relative =
    decoded === '/' || extname(decoded) === '' ? 'index.html' : decoded.replace(/^\/+/, '')
  const absolute = normalize(join(root, relative))
  if (!absolute.startsWith(normalize(root) + sep) || decoded.includes('\0')) return null
  try {
    return {
      body: await readFile(absolute),
      contentType: CONTENT_TYPES[extname(absolute)] ?? 'application/octet-stream',
    }
  } catch {
    return null
  }
}
