import type { OpenDataset } from '../dataset'
import { ContentApiError } from '../errors'
import type { Exchange } from './exchange'

export type LocalUser = { id: string; name: string; email: string }

/** What every route may use: the one dataset served, who is "signed in", and per-user settings. */
export type ServerContext = {
  projectId: string
  datasetName: string
  data: OpenDataset
  user: LocalUser
  keyValues: Map<string, unknown>
}

export type Route = {
  method: string
  /** Matched against the path after its `/v<version>` prefix; capture groups become `params`. */
  pattern: RegExp
  handle: (exchange: Exchange, context: ServerContext) => void | Promise<void>
}

export function requireDataset(exchange: Exchange, context: ServerContext): void {
  const name = exchange.params[0]
  if (name !== context.datasetName) {
    throw new ContentApiError(
      404,
      'datasetNotFound',
      `Dataset "${name}" not found: this server holds "${context.datasetName}"`,
    )
  }
}
