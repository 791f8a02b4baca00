import type { Services } from '../services'
import type { ChannelHandlers } from './dispatcher'
import { appHandlers } from '../features/app/handlers'
import { connectionHandlers } from '../features/connections/handlers'
import { demoHandlers } from '../features/demo/handlers'
import { exportHandlers } from '../features/exports/handlers'
import { serviceDataHandlers } from '../features/service-data/handlers'
import { webhookHandlers } from '../features/webhooks/handlers'

/** Every feature's handlers, registered from this one place; a missing channel fails to compile. */
export function createHandlers(services: Services): ChannelHandlers {
  return {
    ...appHandlers(services),
    ...connectionHandlers(services),
    ...demoHandlers(services),
    ...exportHandlers(services),
    ...serviceDataHandlers(services),
    ...webhookHandlers(services),
  }
}
