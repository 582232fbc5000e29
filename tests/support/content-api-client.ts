import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2'

/**
 * An HTTP/2 client for the content API's tests that trusts the test's own certificate and no
 * other, as a browser told to trust it would.
 */
export type Reply = { status: number; headers: IncomingHttpHeaders; text: string; json: () => unknown }

export function openSession(origin: string, ca: Buffer): ClientHttp2Session {
  return connect(origin, { ca })
}

export function request(
  session: ClientHttp2Session,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const body =
      options.body === undefined
        ? undefined
        : Buffer.isBuffer(options.body)
          ? options.body
          : JSON.stringify(options.body)
    const stream = session.request({
      ':method': method,
      ':path': path,
      ...(body && !Buffer.isBuffer(options.body) ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    })
    let headers: IncomingHttpHeaders = {}
    const chunks: Buffer[] = []
    stream.on('response', (received) => (headers = received))
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('error', reject)
    stream.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      resolve({ status: Number(headers[':status']), headers, text, json: () => JSON.parse(text) })
    })
    stream.end(body)
  })
}

export type EventStream = {
  events: Array<{ event: string; data: Record<string, unknown> }>
  next: (type: string) => Promise<Record<string, unknown>>
  close: () => void
}

/** Opens `data/listen` and parses its server-sent events as they arrive. */
export function listen(session: ClientHttp2Session, path: string): EventStream {
  const stream = session.request({ ':method': 'GET', ':path': path, accept: 'text/event-stream' })
  const events: EventStream['events'] = []
  const waiting: Array<{ type: string; seen: number; resolve: (data: Record<string, unknown>) => void }> = []
  let buffer = ''
  const settle = () => {
    for (const waiter of [...waiting]) {
      const found = events.filter((event) => event.event === waiter.type)[waiter.seen]
      if (found) {
        waiting.splice(waiting.indexOf(waiter), 1)
        waiter.resolve(found.data)
      }
    }
  }
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    buffer += chunk
    let end
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const field = (name: string) =>
        block
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2)
      const event = field('event')
      const data = field('data')
      if (event && data) events.push({ event, data: JSON.parse(data) })
    }
    settle()
  })
  const counts = new Map<string, number>()
  return {
    events,
    next: (type) =>
      new Promise((resolve) => {
        const seen = counts.get(type) ?? 0
        counts.set(type, seen + 1)
        waiting.push({ type, seen, resolve })
        settle()
      }),
    close: () => stream.close(),
  }
}
