import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { eraseAccount } from '@/your-data/erasure'
import { exportAccountData } from '@/your-data/export'
import { listAccountOrders } from '@/accounts/store'
import type { Db } from '@/db/connection'
import { account, emailOutbox, sellerOrder, session, user, verification, type UserRow } from '@/db/schema'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => (db = opened))

// Erasure also searches the outbox folder and the form store: the test file's own, never .data/.
const home = mkdtempSync(path.join(tmpdir(), 'accounts-'))
beforeAll(() => {
  process.env.MAIL_OUTBOX_DIR = path.join(home, 'outbox')
})
afterAll(() => {
  delete process.env.MAIL_OUTBOX_DIR
})

// Every test makes people of its own: the database is shared by the whole file.
const short = () => randomUUID().slice(0, 8)
const addressFor = (name: string) => `${name}-${short()}@example.com`
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12))

async function addUser(name: string, emailVerified: boolean, email = addressFor(name)): Promise<UserRow> {
  const [row] = await db.insert(user).values({ id: randomUUID(), name, email, emailVerified }).returning()
  if (!row) throw new Error('no user inserted')
  return row
}

async function addOrder(order: { userId?: string | null; email?: string | null; placedAt?: Date; status?: string }) {
  const reference = `SC-${short().toUpperCase()}`
  await db.insert(sellerOrder).values({ status: 'paid', totalPence: 21_500, placedAt: day(1), ...order, reference })
  return reference
}

/** The user's sign-in row, sessions and a reset token, as better-auth would store them. */
async function addSignInRecords(person: UserRow) {
  const secrets = { hash: `scrypt$${randomUUID()}`, token: randomUUID(), resetToken: `reset-password:${randomUUID()}` }
  await db.insert(account).values({
    id: randomUUID(),
    accountId: person.id,
    providerId: 'credential',
    userId: person.id,
    password: secrets.hash,
  })
  await db.insert(session).values({
    id: randomUUID(),
    token: secrets.token,
    userId: person.id,
    expiresAt: day(400),
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (test)',
  })
  await db
    .insert(verification)
    .values({ id: randomUUID(), identifier: secrets.resetToken, value: person.id, expiresAt: day(400) })
  return secrets
}

async function orderRows(references: string[]) {
  const rows = await db.select().from(sellerOrder).where(inArray(sellerOrder.reference, references))
  return Object.fromEntries(rows.map((row) => [row.reference, { userId: row.userId, email: row.email }]))
}

async function countsFor(userId: string) {
  const [users, sessions, accounts, tokens] = await Promise.all([
    db.select().from(user).where(eq(user.id, userId)),
    db.select().from(session).where(eq(session.userId, userId)),
    db.select().from(account).where(eq(account.userId, userId)),
    db.select().from(verification).where(eq(verification.value, userId)),
  ])
  return { users: users.length, sessions: sessions.length, accounts: accounts.length, tokens: tokens.length }
}

describe('listAccountOrders', () => {
  it('shows an unverified account nothing, not even orders it placed or placed with its address', async () => {
    const ann = await addUser('ann', false)
    await addOrder({ userId: ann.id, email: ann.email })
    await addOrder({ userId: null, email: ann.email })
    await expect(listAccountOrders(db, ann)).resolves.toEqual([])
  })

  it('shows a verified account its orders and guest orders with its address in any case, newest first', async () => {
    const bea = await addUser('bea', true)
    const own = await addOrder({ userId: bea.id, email: bea.email, placedAt: day(3) })
    const guest = await addOrder({ userId: null, email: bea.email.toUpperCase(), placedAt: day(5) })
    const older = await addOrder({ userId: null, email: `B${bea.email.slice(1)}`, placedAt: day(2) })
    await addOrder({ userId: null, email: addressFor('stranger'), placedAt: day(4) })
    const orders = await listAccountOrders(db, bea)
    expect(orders.map((order) => order.reference)).toEqual([guest, own, older])
    expect(orders[0]).toEqual({ reference: guest, status: 'paid', totalPence: 21_500, placedAt: day(5) })
  })

  it("never shows another account's orders, even one placed with the same address", async () => {
    const cal = await addUser('cal', true)
    const dee = await addUser('dee', true)
    const mine = await addOrder({ userId: cal.id, email: cal.email })
    await addOrder({ userId: dee.id, email: dee.email })
    await addOrder({ userId: dee.id, email: cal.email })
    await expect(listAccountOrders(db, cal)).resolves.toEqual([expect.objectContaining({ reference: mine })])
  })
})

describe('exportAccountData', () => {
  it('holds the account, its sessions, its sign-in methods and its orders, and no password hash or token', async () => {
    const eve = await addUser('eve', true)
    const secrets = await addSignInRecords(eve)
    const order = await addOrder({ userId: null, email: eve.email })
    const data = await exportAccountData(db, eve.id)

    expect(data?.account).toMatchObject({ name: 'eve', email: eve.email, emailVerified: true, role: 'user' })
    expect(data?.sessions).toEqual([
      expect.objectContaining({ ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (test)', expiresAt: day(400) }),
    ])
    expect(data?.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })])
    expect(data?.orders.map((row) => row.reference)).toEqual([order])
    const json = JSON.stringify(data)
    expect(json).not.toContain(secrets.hash)
    expect(json).not.toContain(secrets.token)
    expect(json).not.toContain(secrets.resetToken)
  })

  it('answers null for an unknown account', async () => {
    await expect(exportAccountData(db, randomUUID())).resolves.toBeNull()
  })
})

describe('eraseAccount', () => {
  it('deletes a verified account with its sessions, sign-in and tokens, keeping its orders anonymised', async () => {
    const fay = await addUser('fay', true)
    await addSignInRecords(fay)
    const own = await addOrder({ userId: fay.id, email: fay.email })
    const guest = await addOrder({ userId: null, email: fay.email.toUpperCase() })

    await expect(eraseAccount(db, fay.id)).resolves.toBe(true)

    expect(await countsFor(fay.id)).toEqual({ users: 0, sessions: 0, accounts: 0, tokens: 0 })
    expect(await orderRows([own, guest])).toEqual({
      [own]: { userId: null, email: null },
      [guest]: { userId: null, email: null },
    })
  })

  it("keeps the guest orders of an address the account never verified: someone else's", async () => {
    const owner = addressFor('gus')
    const guest = await addOrder({ userId: null, email: owner })
    const impostor = await addUser('impostor', false, owner)
    const own = await addOrder({ userId: impostor.id, email: owner })

    await expect(eraseAccount(db, impostor.id)).resolves.toBe(true)

    expect(await countsFor(impostor.id)).toMatchObject({ users: 0 })
    expect(await orderRows([own, guest])).toEqual({
      [own]: { userId: null, email: null },
      [guest]: { userId: null, email: owner },
    })
  })

  it('leaves every other account and its orders as they were', async () => {
    const hal = await addUser('hal', true)
    const ivy = await addUser('ivy', true)
    await addSignInRecords(hal)
    await addSignInRecords(ivy)
    const ivys = await addOrder({ userId: ivy.id, email: ivy.email })
    const ivysGuest = await addOrder({ userId: null, email: ivy.email })
    const ivysForHal = await addOrder({ userId: ivy.id, email: hal.email })

    await eraseAccount(db, hal.id)

    expect(await countsFor(ivy.id)).toEqual({ users: 1, sessions: 1, accounts: 1, tokens: 1 })
    expect(await orderRows([ivys, ivysGuest, ivysForHal])).toEqual({
      [ivys]: { userId: ivy.id, email: ivy.email },
      [ivysGuest]: { userId: null, email: ivy.email },
      [ivysForHal]: { userId: ivy.id, email: hal.email },
    })
  })

  it('refuses while an order is still in progress, its own or a verified guest one, and changes nothing', async () => {
    const kit = await addUser('kit', true)
    await addSignInRecords(kit)
    const own = await addOrder({ userId: kit.id, email: kit.email, status: 'paid' })
    const guest = await addOrder({ userId: null, email: kit.email, status: 'received' })

    await expect(eraseAccount(db, kit.id)).resolves.toBe('open-orders')

    expect(await countsFor(kit.id)).toEqual({ users: 1, sessions: 1, accounts: 1, tokens: 1 })
    expect(await orderRows([own, guest])).toEqual({
      [own]: { userId: kit.id, email: kit.email },
      [guest]: { userId: null, email: kit.email },
    })
  })

  it('erases every personal detail of the orders and their e-mails, keeping the sale', async () => {
    const lee = await addUser('lee', true)
    const [order] = await db
      .insert(sellerOrder)
      .values({
        reference: `SC-${short().toUpperCase()}`,
        status: 'returned',
        totalPence: 9_000,
        userId: lee.id,
        email: lee.email,
        name: 'Lee Seller',
        phone: '07700 900999',
        addressLine1: '1 Road',
        town: 'Hull',
        postcode: 'HU1 1AA',
        payoutSealed: 'v1.key.sealed',
        payoutLast4: '4321',
      })
      .returning({ id: sellerOrder.id })
    await db.insert(emailOutbox).values({
      orderId: order!.id,
      kind: 'returned',
      toAddress: lee.email,
      subject: 'Your device is on its way back',
      textBody: 'Hello Lee Seller',
      htmlBody: '<p>Hello Lee Seller</p>',
    })

    await expect(eraseAccount(db, lee.id)).resolves.toBe(true)

    const [kept] = await db.select().from(sellerOrder).where(eq(sellerOrder.id, order!.id))
    expect(kept).toMatchObject({
      status: 'returned',
      totalPence: 9_000,
      userId: null,
      email: null,
      name: null,
      phone: null,
      addressLine1: null,
      town: null,
      postcode: null,
      payoutSealed: null,
      payoutLast4: null,
    })
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order!.id))).toEqual([])
  })

  it('answers false for an unknown account, and changes nothing', async () => {
    const jo = await addUser('jo', true)
    const order = await addOrder({ userId: jo.id, email: jo.email })
    await expect(eraseAccount(db, randomUUID())).resolves.toBe(false)
    expect(await orderRows([order])).toEqual({ [order]: { userId: jo.id, email: jo.email } })
  })
})
