import 'server-only'
import { and, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm'
import { eraseContactMessagesOf } from '@/contact/store'
import { eraseCollectionRequestsOf } from '@/collections/store'
import { eraseSubscriptionsOf } from '@/subscriptions/store'
import { deleteOutboxFiles, readOutboxFiles } from '@/mail/eml'
import { outboxFolder as defaultOutboxFolder } from '@/config'
import type { AccountDataOptions } from './export'
import { ordersOf } from '@/accounts/store'
import { SETTLED_STATUSES } from '@/orders/record/lifecycle'
import {
  ERASED_EVENT,
  ERASED_ITEM,
  ERASED_ORDER,
  RECORD_ITEM_FIELDS,
  RECORD_ORDER_FIELDS,
  RECORD_STATUSES,
} from '@/orders/record/order-record'
import type { Db } from '@/db/connection'
import { mentionedReferences, repliesTo, sentTo } from './person-mail'
import {
  emailOutbox,
  orderEvent,
  orderItem,
  orderIdentityCheck,
  orderItemPhoto,
  payment,
  paymentRun,
  paymentRunLine,
  payoutChangeCode,
  sellerOrder,
  user,
  verification,
} from '@/db/schema'

/**
 * Deletes an account and everything held about the person, in one transaction: the account, its
 * sessions, password and tokens; the personal details of its orders (which keep the record the law
 * requires: for a purchase or a device flagged stolen, with the seller's name, address and the
 * IMEIs until retention's record period ends); the e-mails held about them, in the outbox table and
 * its folder; and, once the address is verified, its subscriptions and the messages sent with it
 * through the contact form. The files are done last inside the transaction, so if they fail
 * nothing is committed and the person can try again. An unverified account erases its own orders
 * and account e-mails only: guest orders, e-mails, subscriptions and messages with the address may
 * belong to the address's real owner.
 */
export async function eraseAccount(
  db: Db,
  userId: string,
  { outboxFolder = defaultOutboxFolder() }: AccountDataOptions = {},
): Promise<boolean | 'open-orders'> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId))
      .for('update')
    if (!person) return false
    const owner = { id: userId, ...person }
    const email = person.email.toLowerCase()
    // An order still in progress needs its seller's details to be paid or sent back.
    if (await hasOpenOrders(tx, owner)) return 'open-orders'

    // A purchase, or a device flagged stolen, keeps what the law's records need until retention's
    // record period ends: the seller's name and address, and each device's IMEI (order-record.ts).
    const forRecords = inArray(sellerOrder.status, [...RECORD_STATUSES])
    const erased = await tx
      .update(sellerOrder)
      .set({
        ...ERASED_ORDER,
        ...Object.fromEntries(
          RECORD_ORDER_FIELDS.map((field) => [field, sql`case when ${forRecords} then ${sellerOrder[field]} end`]),
        ),
      })
      .where(ordersOf(owner))
      .returning({ id: sellerOrder.id, reference: sellerOrder.reference, status: sellerOrder.status })
    const orderIds = erased.map((order) => order.id)
    const recordIds = erased
      .filter((order) => (RECORD_STATUSES as readonly string[]).includes(order.status))
      .map((order) => order.id)
    if (orderIds.length) {
      // The same rule for the devices, in one statement: the IMEI stays on a record's devices only.
      const onRecord = inArray(orderItem.orderId, recordIds)
      await tx
        .update(orderItem)
        .set({
          ...ERASED_ITEM,
          ...Object.fromEntries(
            RECORD_ITEM_FIELDS.map((field) => [field, sql`case when ${onRecord} then ${orderItem[field]} end`]),
          ),
        })
        .where(inArray(orderItem.orderId, orderIds))
      await tx.update(orderEvent).set(ERASED_EVENT).where(inArray(orderEvent.orderId, orderIds))
      // Photos of their device: the grade found, kept with the record, says what they showed.
      await tx.delete(orderItemPhoto).where(inArray(orderItemPhoto.orderId, orderIds))
      // The document's photo and the link go; whether identity was seen stays with the sale record.
      await tx
        .update(orderIdentityCheck)
        .set({ image: null, tokenHash: null })
        .where(inArray(orderIdentityCheck.orderId, orderIds))
      await tx.delete(payoutChangeCode).where(inArray(payoutChangeCode.orderId, orderIds))
      await eraseFromPaymentRuns(tx, orderIds)
    }
    const toAccount = eq(sql`lower(${emailOutbox.toAddress})`, email)
    const onTheirBehalf = eq(sql`lower(${emailOutbox.replyTo})`, email)
    await tx
      .delete(emailOutbox)
      .where(
        or(
          orderIds.length ? inArray(emailOutbox.orderId, orderIds) : undefined,
          person.emailVerified ? or(toAccount, onTheirBehalf) : and(toAccount, isNull(emailOutbox.orderId)),
        ),
      )
    // Reset and verification tokens name the account by its id, or by its address.
    await tx
      .delete(verification)
      .where(
        or(
          eq(verification.value, userId),
          sql`lower(${verification.value}) = ${email}`,
          sql`strpos(lower(${verification.identifier}), ${email}) > 0`,
        ),
      )
    // Sessions and the password row go with the user (ON DELETE CASCADE).
    await tx.delete(user).where(eq(user.id, userId))

    const references = new Set(erased.map((order) => order.reference))
    const files = (await readOutboxFiles(outboxFolder)).filter(({ mail }) => {
      const named = mentionedReferences(mail)
      if (named.some((reference) => references.has(reference))) return true
      // An account e-mail names no order; an order e-mail is the address owner's once verified.
      if (person.emailVerified && repliesTo(mail, email)) return true
      return sentTo(mail, email) && (person.emailVerified || named.length === 0)
    })
    await deleteOutboxFiles(
      outboxFolder,
      files.map(({ file }) => file),
    )
    if (person.emailVerified) {
      await eraseSubscriptionsOf(tx, email)
      // Their history, and the e-mail that forwarded each to us, go with them (ON DELETE CASCADE).
      await eraseContactMessagesOf(tx, email)
      await eraseCollectionRequestsOf(tx, email)
    }
    return true
  })
}

/**
 * A payment run's bank file holds every payee's details, sealed, and cannot lose one of them: the
 * file of any run with one of these orders goes (its count, total and fingerprint stay), and so do
 * the reasons typed for their failed payments.
 */
async function eraseFromPaymentRuns(tx: Pick<Db, 'update' | 'select'>, orderIds: string[]) {
  await tx.update(paymentRunLine).set({ failureReason: null }).where(inArray(paymentRunLine.orderId, orderIds))
  await tx.update(payment).set({ reason: null }).where(inArray(payment.orderId, orderIds))
  const runs = tx
    .select({ id: paymentRunLine.runId })
    .from(paymentRunLine)
    .where(inArray(paymentRunLine.orderId, orderIds))
  await tx
    .update(paymentRun)
    .set({ fileSealed: null, fileDeletedAt: new Date() })
    .where(and(inArray(paymentRun.id, runs), isNotNull(paymentRun.fileSealed)))
}

/** Whether the account has an order that is not finished: deleting it would strand that order. */
export async function hasOpenOrders(
  db: Pick<Db, 'select'>,
  owner: { id: string; email: string; emailVerified: boolean },
): Promise<boolean> {
  const [open] = await db
    .select({ id: sellerOrder.id })
    .from(sellerOrder)
    .where(and(ordersOf(owner), notInArray(sellerOrder.status, [...SETTLED_STATUSES])))
    .limit(1)
  return Boolean(open)
}
