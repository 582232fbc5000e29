import { createServer, type AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import type { Db } from '@/db/connection'
import { getOrder, placeOrder } from '@/orders/record/store'
import { emailOutbox } from '@/db/schema'
import { deliverDueEmails } from '@/mail/outbox'
import { sampleOrder } from '../../support/order-fixtures'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => (db = opened))

/** A port nothing listens on: a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('the e-mail outbox when the mail server is down', () => {
  const received: string[] = []
  let smtp: SMTPServer
  let smtpPort: number

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'))
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    smtpPort = (smtp.server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)))

  it('keeps the order and the message, and sends it on a later attempt once the server is back', async () => {
    const placed = await placeOrder(db, sampleOrder())
    expect(placed.kind).toBe('placed')
    const { id, reference } = placed as { id: string; reference: string }
    const logged: string[] = []
    const spy = jest.spyOn(console, 'error').mockImplementation((line: string) => void logged.push(line))

    const down = `smtp://127.0.0.1:${await closedPort()}`
    const now = new Date()
    await expect(deliverDueEmails(db, 'Handback', { now, env: { SMTP_URL: down } })).resolves.toEqual({
      sent: 0,
      failed: 1,
    })
    spy.mockRestore()

    // The order is untouched; the message waits a minute for its next attempt.
    expect((await getOrder(db, { id }))?.reference).toBe(reference)
    const [waiting] = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id))
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })
    expect(waiting!.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000)
    // The log says what failed, never to whom.
    expect(logged.join('\n')).toMatch(/orderConfirmation e-mail \(attempt 1\)/)
    expect(logged.join('\n')).not.toContain('@')

    const up = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }
    // Not yet due: nothing is sent early.
    await expect(deliverDueEmails(db, 'Handback', { now: new Date(now.getTime() + 30_000), env: up })).resolves.toEqual(
      { sent: 0, failed: 0 },
    )
    await expect(deliverDueEmails(db, 'Handback', { now: new Date(now.getTime() + 61_000), env: up })).resolves.toEqual(
      { sent: 1, failed: 0 },
    )
    const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id))
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    expect(received.some((raw) => raw.includes(`Order ${reference}`))).toBe(true)
  })
})
