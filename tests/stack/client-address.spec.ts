import { expect, test } from '@playwright/test'
import { Agent, fetch } from 'undici'
import { uniqueEmail } from '../support/e2e-env'
import { FRONT, INSTANCE_A } from './stack-env'

/**
 * Newsletter sign-ups (10 a minute per client, then 429), from one connection's source address,
 * each with an X-Forwarded-For of its own choosing: the statuses the site answered.
 */
async function signUps(origin: string, count: number, source?: string): Promise<number[]> {
  // Every 127.x.y.z address is this machine's: a client of its own, as nginx sees it.
  const dispatcher = new Agent(source ? { localAddress: source } : {})
  const statuses: number[] = []
  try {
    for (let i = 0; i < count; i++) {
      const response = await fetch(`${origin}/api/newsletter`, {
        method: 'POST',
        dispatcher,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: uniqueEmail(`forwarded${i}`), consent: true }),
      })
      await response.arrayBuffer()
      statuses.push(response.status)
    }
  } finally {
    await dispatcher.close()
  }
  return statuses
}

test('40 sign-ups sent straight to an instance’s port, each with a new X-Forwarded-For, meet the limit', async () => {
  // From 127.0.0.1, as any process on the machine connects: not nginx, so its headers are not believed.
  const statuses = await signUps(INSTANCE_A, 40)
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201))
  expect(statuses.slice(10)).toEqual(Array(30).fill(429))
})

test('two clients reaching nginx from different addresses are counted apart, whatever they forward', async () => {
  // nginx appends the address it was reached from; the instance believes only that entry.
  const first = await signUps(FRONT, 12, '127.0.0.3')
  expect(first).toEqual([...Array(10).fill(201), 429, 429])
  expect(await signUps(FRONT, 1, '127.0.0.4')).toEqual([201])
})
