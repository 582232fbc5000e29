import { Agent, get } from 'node:http'
import { expect, test } from '@playwright/test'
import { INSTANCE_A } from './stack-env'

/** A GET on the agent's one connection: the status, and whether an idle kept-alive socket carried it. */
function getOn(agent: Agent, url: string): Promise<{ status: number; reused: boolean; localPort: number }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent }, (response) => {
      response.resume()
      response.on('end', () =>
        resolve({ status: response.statusCode!, reused: request.reusedSocket, localPort: request.socket!.localPort! }),
      )
    })
    request.on('error', reject)
  })
}

test('an instance keeps an idle kept-alive connection open past 5 s, as clients and nginx reuse it', async () => {
  // As Playwright's request context and nginx's upstream `keepalive` do: one connection, kept
  // with no idle limit of the client's own. Node's server used to close it at 5 s (+1 s), and a
  // request sent as that close crossed it met `read ECONNRESET`.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const first = await getOn(agent, `${INSTANCE_A}/api/health/live`)
    expect(first.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 7000))
    const second = await getOn(agent, `${INSTANCE_A}/api/health/live`)
    expect(second).toEqual({ status: 200, reused: true, localPort: first.localPort })
  } finally {
    agent.destroy()
  }
})
