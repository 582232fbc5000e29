import { expect, test } from '@playwright/test'
import { Client } from 'pg'
import { seller, type Answer } from './seller'
import { DATABASE, FRONT, stackProcesses } from './stack-env'

// After the other stack tests: it stops instance A for good.
test('one instance stopped during a burst of 200 checkouts: each succeeds once, or fails clearly and succeeds on a retry with its key', async () => {
  test.setTimeout(300_000)
  const run = Date.now()
  const sellers = Array.from({ length: 200 }, (_, i) => ({
    email: `burst.${run}.${i}@example.com`,
    client: seller(FRONT, `127.0.${Math.floor(i / 200) + 11}.${(i % 200) + 1}`),
  }))
  // Each seller's basket and checkout form, ready to send.
  const forms = await inBatches(sellers, 10, async ({ client, email }) => {
    await client.fillBasket()
    return client.checkoutForm(email)
  })

  // The burst: 20 at a time; instance A is told to stop once a quarter of them are under way.
  const instanceA = stackProcesses()['instance-a']!
  let sent = 0
  const first = await inBatches(sellers, 20, async ({ client }, index) => {
    if (++sent === 50) process.kill(instanceA, 'SIGTERM')
    return client.checkout(forms[index]!)
  })
  const succeeded = (answer: Answer) =>
    !('error' in answer) && answer.status === 303 && answer.location!.startsWith('/order-successful?order=')
  // Whatever did not succeed said so in a way a client can act on: a refusal of the connection, a
  // 502/503 from nginx, or the form's own problem; never a 500, never no answer at all.
  for (const answer of first.filter((candidate) => !succeeded(candidate))) {
    if ('error' in answer) expect(answer.error).toMatch(/ECONNRESET|socket|closed|terminated/i)
    else expect([502, 503, 200]).toContain(answer.status)
  }
  expect(first.filter(succeeded).length).toBeGreaterThan(100)

  // Each seller sends the same form again (the same one-time key), as a retry or a double click:
  // every one now has its order, the one it had already if the first try had placed it.
  const again = await inBatches(sellers, 10, ({ client }, index) => client.checkout(forms[index]!))
  expect(
    again.filter((answer) => !succeeded(answer)),
    JSON.stringify(again.filter((a) => !succeeded(a))),
  ).toEqual([])
  const placedFirst = first.flatMap((answer, index) => (succeeded(answer) ? [{ answer, again: again[index]! }] : []))
  expect(placedFirst.length).toBeGreaterThan(100)
  for (const { answer, again: retried } of placedFirst) expect(reference(retried)).toBe(reference(answer))

  // One order per seller in the database, however many times each form was sent.
  const db = new Client({ connectionString: DATABASE })
  await db.connect()
  try {
    const { rows } = await db.query<{ email: string; orders: number }>(
      `select email, count(*)::int as orders from seller_order where email like $1 group by email`,
      [`burst.${run}.%`],
    )
    expect(rows).toHaveLength(200)
    expect(rows.every((row) => row.orders === 1)).toBe(true)
  } finally {
    await db.end()
  }
  await Promise.all(sellers.map(({ client }) => client.close()))
  console.log(
    `Burst: ${first.filter(succeeded).length} of 200 placed at once; ${200 - first.filter(succeeded).length} placed on their retry`,
  )
})

/** The order a receipt's address names (its signed link is made afresh each time). */
const reference = (answer: Answer) =>
  'error' in answer ? null : /HB-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(answer.location ?? '')?.[0]

/** Runs `work` for every item, `size` at a time, keeping the answers in the items' order. */
async function inBatches<T, R>(items: T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const index = next++
        answers[index] = await work(items[index]!, index)
      }
    }),
  )
  return answers
}
