import 'server-only'
import { asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { contactMessagesOf } from '@/contact/store'
import { collectionRequestsOf } from '@/collections/store'
import { subscriptionsOf } from '@/subscriptions/store'
import { readOutboxFiles } from '@/mail/eml'
import { outboxFolder as defaultOutboxFolder } from '@/config'
import { ordersOf } from '@/accounts/store'
import type { Db } from '@/db/connection'
import { mentionedReferences, repliesTo, sentTo } from './person-mail'
import {
  account,
  contactMessageEvent,
  manualOffer,
  emailOutbox,
  orderEvent,
  orderIdentityCheck,
  orderItem,
  orderItemPhoto,
  sellerOrder,
  session,
  user,
} from '@/db/schema'

export type AccountDataOptions = { outboxFolder?: string }

/**
 * Everything held about an account, for its owner's download (UK GDPR, article 15): the account,
 * its sessions, every order in full (contact details, address, devices with their check, the
 * history), the e-mails held about the person, their newsletter and price alert subscriptions and
 * the messages they sent through the contact form. docs/developers.md ("Your data") lists every
 * field. What is found by the address alone (guest orders, e-mails, subscriptions, messages) is only
 * given once the address is verified: it may be someone else's.
 */
export async function exportAccountData(db: Db, userId: string, options: AccountDataOptions = {}) {
  const [person] = await db.select().from(user).where(eq(user.id, userId))
  if (!person) return null
  const verified = person.emailVerified
  const [sessions, logins, orders] = await Promise.all([
    db
      .select({
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
        recheckedAt: session.recheckedAt,
        secondFactorAt: session.secondFactorAt,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(asc(session.createdAt)),
    db
      .select({ provider: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt })
      .from(account)
      .where(eq(account.userId, userId)),
    exportOrders(db, ordersOf({ id: userId, email: person.email, emailVerified: verified }), userId),
  ])
  const references = new Set(orders.map((order) => order.reference))
  const [emails, subscriptions, messages, collections] = await Promise.all([
    exportEmails(db, { email: person.email, verified, orderIds: orders.map((order) => order.id), references }, options),
    verified ? subscriptionsOf(db, person.email) : [],
    verified ? exportContactMessages(db, person.email) : [],
    verified ? collectionRequestsOf(db, person.email) : [],
  ])
  return {
    account: {
      id: person.id,
      name: person.name,
      email: person.email,
      emailVerified: verified,
      role: person.role ?? 'user',
      image: person.image,
      banned: person.banned ?? false,
      banReason: person.banReason,
      banExpires: person.banExpires,
      twoFactorEnabled: person.twoFactorEnabled,
      createdAt: person.createdAt,
      updatedAt: person.updatedAt,
    },
    // The password is held only as a scrypt hash, which is no use to its owner and not handed out.
    signInMethods: logins,
    sessions,
    orders: orders.map((order) => order.export),
    emails,
    subscriptions: subscriptions.map((row) => ({
      topic: row.topic,
      modelId: row.modelId,
      email: row.email,
      requestedAt: row.requestedAt,
      confirmedAt: row.confirmedAt,
      lastAlertedAt: row.lastAlertedAt,
    })),
    contactMessages: messages,
    // Business collections asked for with the address: what was asked, and each move (when and why, not who).
    collectionRequests: collections.map((request) => ({
      organisation: request.organisation,
      contactName: request.contactName,
      email: request.email,
      phone: request.phone,
      address: request.address,
      postcode: request.postcode,
      deviceCount: request.deviceCount,
      devices: request.devices,
      preferredDates: request.preferredDates,
      sicCode: request.sicCode,
      status: request.status,
      createdAt: request.createdAt,
      statusChangedAt: request.statusChangedAt,
      history: request.events.map((event) => ({
        at: event.at,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        reason: event.reason,
      })),
    })),
  }
}

/** The person's contact messages, each with what staff did with it (when, not who). */
async function exportContactMessages(db: Db, email: string) {
  const messages = await contactMessagesOf(db, email)
  if (!messages.length) return []
  const events = await db
    .select()
    .from(contactMessageEvent)
    .where(
      inArray(
        contactMessageEvent.messageId,
        messages.map((message) => message.id),
      ),
    )
    .orderBy(asc(contactMessageEvent.id))
  const offers = await db
    .select()
    .from(manualOffer)
    .where(
      inArray(
        manualOffer.messageId,
        messages.map((message) => message.id),
      ),
    )
    .orderBy(asc(manualOffer.madeAt))
  return messages.map((message) => ({
    name: message.name,
    email: message.email,
    phone: message.phone,
    message: message.message,
    status: message.status,
    receivedAt: message.receivedAt,
    statusChangedAt: message.statusChangedAt,
    history: events
      .filter((event) => event.messageId === message.id)
      .map((event) => ({ at: event.at, fromStatus: event.fromStatus, toStatus: event.toStatus })),
    // Our offers for a device not in the catalogue (what, at what price or free recycling, why, where it stands), not who made them.
    offers: offers
      .filter((offer) => offer.messageId === message.id)
      .map((offer) => ({
        model: offer.model,
        pricePence: offer.pricePence,
        recycle: offer.recycle,
        reason: offer.reason,
        status: offer.status,
        madeAt: offer.madeAt,
        expiresAt: offer.expiresAt,
        closedAt: offer.closedAt,
      })),
  }))
}

export type AccountData = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>

async function exportOrders(db: Db, which: SQL | undefined, userId: string) {
  const orders = await db
    .select()
    .from(sellerOrder)
    .where(which)
    .orderBy(desc(sellerOrder.placedAt), desc(sellerOrder.reference))
  if (!orders.length) return []
  const ids = orders.map((order) => order.id)
  const [items, events, photos, identity] = await Promise.all([
    db.select().from(orderItem).where(inArray(orderItem.orderId, ids)).orderBy(asc(orderItem.position)),
    db.select().from(orderEvent).where(inArray(orderEvent.orderId, ids)).orderBy(asc(orderEvent.id)),
    db
      .select()
      .from(orderItemPhoto)
      .where(inArray(orderItemPhoto.orderId, ids))
      .orderBy(asc(orderItemPhoto.createdAt), asc(orderItemPhoto.id)),
    db.select().from(orderIdentityCheck).where(inArray(orderIdentityCheck.orderId, ids)),
  ])
  return orders.map((order) => ({
    id: order.id,
    reference: order.reference,
    export: exportOrder(order, items, events, photos, identity, userId),
  }))
}

function exportOrder(
  order: typeof sellerOrder.$inferSelect,
  items: Array<typeof orderItem.$inferSelect>,
  events: Array<typeof orderEvent.$inferSelect>,
  photos: Array<typeof orderItemPhoto.$inferSelect>,
  identity: Array<typeof orderIdentityCheck.$inferSelect>,
  userId: string,
) {
  const check = identity.find((row) => row.orderId === order.id)
  return {
    reference: order.reference,
    placedBy: order.userId === userId ? ('this account' as const) : ('a guest, with this address' as const),
    status: order.status,
    placedAt: order.placedAt,
    updatedAt: order.updatedAt,
    totalPence: order.totalPence,
    contact: {
      name: order.name,
      email: order.email,
      phone: order.phone,
      addressLine1: order.addressLine1,
      addressLine2: order.addressLine2,
      town: order.town,
      postcode: order.postcode,
    },
    // The bank details are held sealed, for the manager who pays; only the account number's
    // last digits are given here, as on every page and e-mail.
    payout: {
      method: order.payoutMethod,
      accountNumberEnding: order.payoutLast4,
      bankDetailsHeld: order.payoutSealed ? ('sealed' as const) : ('none' as const),
      payeeCheck: order.payeeCheck,
      payeeBankName: order.payeeBankName,
      payeeReason: order.payeeReason,
    },
    marketingConsent: order.marketingConsent,
    termsRevision: order.termsRevision,
    declarations: order.declarations,
    statusSince: order.statusSince,
    holdUntil: order.holdUntil,
    offerDeadline: order.offerDeadline,
    offerRemindedAt: order.offerRemindedAt,
    returnTracking: order.returnTracking,
    postagePack: order.postagePack,
    payoutHeldUntil: order.payoutHeldUntil,
    devices: items
      .filter((item) => item.orderId === order.id)
      .map((item) => ({
        position: item.position,
        device: item.device,
        modelId: item.modelId,
        variantKey: item.variantKey,
        gradeChosen: item.gradeName,
        gradeKey: item.gradeKey,
        answers: item.answers,
        pricePence: item.pricePence,
        catalogueRevision: item.catalogueRevision,
        check: {
          gradeFound: item.foundGradeName,
          imei: item.imei,
          notes: item.checkNotes,
          answers: item.checkAnswers,
          register: item.registerResult,
          registerCertificate: item.registerCertificate,
          registerCheckedAt: item.registerCheckedAt,
          cautionClearedAt: item.cautionClearedAt,
          cautionClearedReason: item.cautionClearedReason,
          cautionClearedCertificate: item.cautionClearedCertificate,
        },
        revisedPricePence: item.revisedPricePence,
        revisedReason: item.revisedReason,
        offerAnswer: item.offerAnswer,
        offerAnsweredAt: item.offerAnsweredAt,
        returnTracking: item.returnTracking,
        returnedAt: item.returnedAt,
        // The photos taken at the check, as images a browser opens.
        photos: photos
          .filter((photo) => photo.orderItemId === item.id)
          .map((photo) => ({
            takenAt: photo.createdAt,
            contentType: photo.contentType,
            width: photo.width,
            height: photo.height,
            bytes: photo.byteSize,
            image: `data:${photo.contentType};base64,${photo.bytes.toString('base64')}`,
          })),
      })),
    // Proof of identity asked: the photo sent only until staff recorded their verdict.
    identityCheck: check
      ? {
          askedAt: check.askedAt,
          askedBecause: check.askedBecause,
          documentType: check.documentType,
          uploadedAt: check.uploadedAt,
          image: check.image ? `data:image/webp;base64,${check.image.toString('base64')}` : null,
          verifiedAt: check.verifiedAt,
          outcome: check.outcome,
        }
      : null,
    // Who acted is given as a role: a staff member's account is theirs, not the seller's.
    history: events
      .filter((event) => event.orderId === order.id)
      .map((event) => ({
        at: event.at,
        by: event.actor,
        action: event.action,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        reason: event.reason,
      })),
  }
}

type MailOwner = { email: string; verified: boolean; orderIds: string[]; references: Set<string> }

/**
 * The e-mails held about the person: rows of the outbox table and, when no SMTP server is set,
 * the .eml files written to the outbox folder. Those about their orders always; those found by
 * the address alone only once it is verified. Links that sign in or reset a password are disarmed:
 * a download must not be a way round the password.
 */
async function exportEmails(db: Db, owner: MailOwner, { outboxFolder = defaultOutboxFolder() }: AccountDataOptions) {
  const byOrder = owner.orderIds.length ? inArray(emailOutbox.orderId, owner.orderIds) : undefined
  const address = owner.email.toLowerCase()
  // Sent to them, or (a contact message forwarded to us) sent on their behalf.
  const byAddress = owner.verified
    ? or(eq(sql`lower(${emailOutbox.toAddress})`, address), eq(sql`lower(${emailOutbox.replyTo})`, address))
    : undefined
  const rows =
    byOrder || byAddress
      ? await db.select().from(emailOutbox).where(or(byOrder, byAddress)).orderBy(asc(emailOutbox.createdAt))
      : []
  const files = (await readOutboxFiles(outboxFolder)).filter(
    ({ mail }) =>
      mentionedReferences(mail).some((reference) => owner.references.has(reference)) ||
      (owner.verified && (sentTo(mail, owner.email) || repliesTo(mail, owner.email))),
  )
  return [
    ...rows.map((row) => ({
      source: 'database' as const,
      kind: row.kind,
      to: row.toAddress,
      replyTo: row.replyTo,
      subject: row.subject,
      text: disarmLinks(row.textBody),
      status: row.status,
      createdAt: row.createdAt,
      sentAt: row.sentAt,
    })),
    ...files.map(({ file, date, mail }) => ({
      source: 'file' as const,
      file,
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: disarmLinks(mail.text),
      date,
    })),
  ]
}

const ONE_TIME_TOKEN = /([?&]token=)[^&\s"'<>)\]]+/gi

export function disarmLinks(text: string): string {
  return text.replace(ONE_TIME_TOKEN, '$1(removed)')
}
