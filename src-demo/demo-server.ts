/**
 * The HTTP server on 127.0.0.1: `/apps-v1` (through the fault injector), `/platform-v1` and
 * `/_control`.
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { AppsApi, APPS_PREFIX } from './apps-api'
import { ControlApi, CONTROL_PREFIX } from './control-api'
import { ApiError, NotFoundError, RateLimitedError } from './demo-errors'
import { errorResponse, json, readJsonBody, readRawBody, writeJson, writeRaw } from './http-util'
import {
  MAX_PLATFORM_BODY_BYTES,
  PLATFORM_PREFIX,
  PlatformApi,
} from './ordering-platform/platform-api'
import type { DemoService } from './service'

export const HOST = '127.0.0.1'

/** The path below `prefix`, or null when `pathname` is not under it. */
function below(pathname: string, prefix: string): string | null {
  if (pathname === prefix) return ''
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : null
}

export class DemoServer {
  private readonly server: Server
  private readonly control: ControlApi
  private readonly platform: PlatformApi

  constructor(private readonly service: DemoService) {
    this.control = new ControlApi(service)
    this.platform = new PlatformApi(service.platform, service.shop)
    this.server = createServer((req, res) => {
      this.route(req, res).catch((error: unknown) => {
        if (res.headersSent) {
          res.destroy()
          return
        }
        const failure =
          error instanceof ApiError
            ? errorResponse(error)
            : json(500, { error: 'server_error', error_description: String(error) })
        writeJson(res, failure)
      })
    })
  }

  /** Starts listening; resolves with the port. */
  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, HOST, () => {
        this.server.off('error', reject)
        resolve((this.server.address() as AddressInfo).port)
      })
    })
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.close((error) => (error ? reject(error) : resolve()))
      this.server.closeAllConnections()
    })
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${HOST}`)
    const method = req.method ?? 'GET'
    const appsPath = below(url.pathname, APPS_PREFIX)
    if (appsPath !== null) return this.serveApps(req, res, method, appsPath, url.searchParams)
    const platformPath = below(url.pathname, PLATFORM_PREFIX)
    if (platformPath !== null) {
      const answer = await this.platform.answer(method, platformPath, {
        headers: req.headers,
        body: () => readRawBody(req, MAX_PLATFORM_BODY_BYTES),
      })
      return writeJson(res, answer)
    }
    const controlPath = below(url.pathname, CONTROL_PREFIX)
    if (controlPath !== null) {
      const answer = await this.control.answer(method, controlPath, req.headers, () =>
        readJsonBody(req),
      )
      return writeJson(res, answer)
    }
    writeJson(res, errorResponse(new NotFoundError(`No endpoint ${url.pathname}.`)))
  }

  private async serveApps(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
    const { service } = this
    const faults = service.faults.plan(AppsApi.isBillList(path))
    if (faults.drop) {
      req.socket.destroy()
      return
    }
    if (faults.delayMs > 0) await sleep(faults.delayMs)
    if (faults.retryAfter !== null) {
      return writeJson(res, errorResponse(new RateLimitedError(faults.retryAfter)), faults.truncate)
    }
    if (faults.serverError) return writeRaw(res, faults.serverError)
    if (faults.inserts > 0) service.trader.sell(faults.inserts)
    writeJson(res, service.apps.answer(method, path, query, req.headers), faults.truncate)
  }
}
