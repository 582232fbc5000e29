import 'server-only'
import { and, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from './db'
import { FINAL_STATUSES } from './lifecycle'
import { account, emailOutbox, sellerOrder, session, user, verification } from './schema'

export type AccountOrder = { reference: string; status: string; totalPence: number; placedAt: Date }

/**
 * The orders an account sees: those it placed, and those placed with its address as a guest. Only
 * once the address is verified: until then anyone could sign up with a seller's address to read
 * their orders.
 */
export async function listAccountOrders(
  db: Db,
  owner: { id: string; email: string; emailVerified: boolean },
): Promise<AccountOrder[]> {
  if (!owner.emailVerified) return []
  return selectOrders(
    db,
    or(
      eq(sellerOrder.userId, owner.id),
      // A guest order only: an order another account placed is never this one's to see.
      and(isNull(sellerOrder.userId), eq(sql`lower(${sellerOrder.email})`, owner.email.toLowerCase())),
    ),
  )
}

function selectOrders(db: Db, which: SQL | undefined): Promise<AccountOrder[]> {
  return db
    .select({
      reference: sellerOrder.reference,
      status: sellerOrder.status,
      totalPence: sellerOrder.totalPence,
      placedAt: sellerOrder.placedAt,
    })
    .from(sellerOrder)
    .where(which)
    .orderBy(desc(sellerOrder.placedAt), desc(sellerOrder.reference))
}

/** Everything held about an account, for its owner's download (UK GDPR, article 15). */
export async function exportAccountData(db: Db, userId: string) {
  const [person] = await db.select().from(user).where(eq(user.id, userId))
  if (!person) return null
  const [sessions, logins] = await Promise.all([
    db
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId)),
    db
      .select({ provider: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt })
      .from(account)
      .where(eq(account.userId, userId)),
  ])
  return {
    account: {
      name: person.name,
      email: person.email,
      emailVerified: person.emailVerified,
      role: person.role ?? 'user',
      createdAt: person.createdAt,
      updatedAt: person.updatedAt,
    },
    // The password is held only as a scrypt hash, which is not personal data to hand out.
    signInMethods: logins,
    sessions,
    // Everything held about the person: orders the account placed even before it was verified.
    orders: person.emailVerified
      ? await listAccountOrders(db, person)
      : await selectOrders(db, eq(sellerOrder.userId, userId)),
  }
}

// Guest orders with the address are the account's only if it proved it owns the address.
const guestOrdersOf = (email: string) =>
  and(isNull(sellerOrder.userId), eq(sql`lower(${sellerOrder.email})`, email.toLowerCase()))

/** Whether the account has an order that is not finished: deleting it would strand that order. */
export async function hasOpenOrders(
  db: Pick<Db, 'select'>,
  owner: { id: string; email: string; emailVerified: boolean },
): Promise<boolean> {
  const mine = owner.emailVerified
    ? or(eq(sellerOrder.userId, owner.id), guestOrdersOf(owner.email))
    : eq(sellerOrder.userId, owner.id)
  const [open] = await db
    .select({ id: sellerOrder.id })
    .from(sellerOrder)
    .where(and(mine, notInArray(sellerOrder.status, [...FINAL_STATUSES])))
    .limit(1)
  return Boolean(open)
}

/** An order's personal details, emptied: what is left is the record the law requires. */
const ERASED_DETAILS = {
  userId: null,
  email: null,
  name: null,
  phone: null,
  addressLine1: null,
  addressLine2: null,
  town: null,
  postcode: null,
  payoutSealed: null,
  payoutLast4: null,
  marketingConsent: false,
}

/**
 * Deletes an account in one transaction: its sessions, password and tokens go, and the orders it
 * placed keep their record (which the law requires) without the seller's details: no name, address,
 * e-mail, phone or bank details, no link to the account, and none of the e-mails sent about them.
 */
export async function eraseAccount(db: Db, userId: string): Promise<boolean | 'open-orders'> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId))
      .for('update')
    if (!person) return false
    const guestOrders = guestOrdersOf(person.email)
    // An order still in progress needs its seller's details to be paid or sent back.
    if (await hasOpenOrders(tx, { id: userId, ...person })) return 'open-orders'
    const erased = await tx
      .update(sellerOrder)
      .set(ERASED_DETAILS)
      .where(person.emailVerified ? or(eq(sellerOrder.userId, userId), guestOrders) : eq(sellerOrder.userId, userId))
      .returning({ id: sellerOrder.id })
    // The e-mails about those orders held the same details.
    if (erased.length) {
      await tx.delete(emailOutbox).where(
        inArray(
          emailOutbox.orderId,
          erased.map((order) => order.id),
        ),
      )
    }
    await tx.delete(verification).where(eq(verification.value, userId))
    // Sessions and the password row go with the user (ON DELETE CASCADE).
    await tx.delete(user).where(eq(user.id, userId))
    return true
  })
}
