import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { priceAlertPrice, subscription, type SubscriptionRow, type SubscriptionTopic } from '@/db/schema'

/** How long a confirmation link works; an unconfirmed request is deleted once it has expired. */
export const CONFIRM_LINK_DAYS = 7
/** A request made again within this time is answered alike but sends no second e-mail. */
export const RESEND_AFTER_MS = 60 * 60 * 1000
/** At most one price alert goes to one address in this time, whichever models it follows. */
export const ALERT_EVERY_MS = 24 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type Topic = { topic: 'newsletter' } | { topic: 'price-alert'; modelId: string }
export type SubscriptionRequest = Topic & { email: string }

export function hashConfirmToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const sameTopic = (topic: Topic) =>
  and(
    eq(subscription.topic, topic.topic),
    topic.topic === 'price-alert' ? eq(subscription.modelId, topic.modelId) : isNull(subscription.modelId),
  )

/**
 * Records a request to subscribe and gives back the token its confirmation link carries, or null
 * when no e-mail should go: the address is already confirmed, or was sent a link within the last
 * RESEND_AFTER_MS (so the form cannot be used to flood someone's inbox). A new link replaces the
 * old one. `send` queues the confirmation in the same transaction: a request is never stored
 * without its e-mail. Every caller answers the visitor alike whatever this returns.
 */
export async function requestSubscription(
  db: Db,
  request: SubscriptionRequest,
  now = new Date(),
  send: (tx: Tx, requested: { id: string; token: string }) => Promise<void> = async () => {},
): Promise<{ id: string; token: string } | null> {
  const email = request.email.toLowerCase()
  const token = randomBytes(32).toString('base64url')
  const tokenHash = hashConfirmToken(token)
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(subscription)
      .where(and(sameTopic(request), eq(subscription.email, email)))
      .for('update')
    if (existing) {
      if (existing.confirmedAt) return null
      if (now.getTime() - existing.requestedAt.getTime() < RESEND_AFTER_MS) return null
      await tx
        .update(subscription)
        .set({ confirmTokenHash: tokenHash, requestedAt: now })
        .where(eq(subscription.id, existing.id))
      await send(tx, { id: existing.id, token })
      return { id: existing.id, token }
    }
    const [created] = await tx
      .insert(subscription)
      .values({
        topic: request.topic,
        modelId: request.topic === 'price-alert' ? request.modelId : null,
        email,
        confirmTokenHash: tokenHash,
        requestedAt: now,
      })
      // Two requests at once for one address: the second finds the first's row taken.
      .onConflictDoNothing()
      .returning({ id: subscription.id })
    if (!created) return null
    await send(tx, { id: created.id, token })
    return { id: created.id, token }
  })
}

/** The subscription a confirmation link opens while it works (confirmed or not), or null. */
export async function findByConfirmToken(db: Db, token: string, now = new Date()): Promise<SubscriptionRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
  const [row] = await db
    .select()
    .from(subscription)
    .where(eq(subscription.confirmTokenHash, hashConfirmToken(token)))
  if (!row) return null
  return row.confirmedAt || !isExpired(row, now) ? row : null
}

const isExpired = (row: Pick<SubscriptionRow, 'requestedAt'>, now: Date) =>
  now.getTime() - row.requestedAt.getTime() > CONFIRM_LINK_DAYS * DAY_MS

/**
 * Confirms the subscription the link opens. Confirming twice is confirming once. A price alert
 * takes the model's best price now as the one to rise above (or keeps a higher one last alerted).
 */
export async function confirmSubscription(
  db: Db,
  token: string,
  { now = new Date(), currentPence }: { now?: Date; currentPence?: number } = {},
): Promise<SubscriptionRow | null> {
  const found = await findByConfirmToken(db, token, now)
  if (!found) return null
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscription)
      .set({ confirmedAt: sql`coalesce(${subscription.confirmedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(subscription.id, found.id))
      .returning()
    if (!row) return null
    if (row.modelId && currentPence !== undefined) await raiseBaseline(tx, row.modelId, currentPence, now)
    return row
  })
}

async function raiseBaseline(tx: Tx, modelId: string, pence: number, now: Date) {
  await tx
    .insert(priceAlertPrice)
    .values({ modelId, pence, updatedAt: now })
    .onConflictDoUpdate({
      target: priceAlertPrice.modelId,
      set: { pence: sql`greatest(${priceAlertPrice.pence}, excluded.pence)`, updatedAt: now },
    })
}

/** Deletes a subscription (unsubscribing keeps nothing); true when there was one to delete. */
export async function deleteSubscription(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(subscription).where(eq(subscription.id, id)).returning({ id: subscription.id })
  return deleted.length > 0
}

export async function getSubscription(db: Db, id: string): Promise<SubscriptionRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null
  const [row] = await db.select().from(subscription).where(eq(subscription.id, id))
  return row ?? null
}

/** Deletes requests never confirmed whose link has expired; returns how many. */
export async function purgeUnconfirmed(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(subscription)
    .where(
      and(
        isNull(subscription.confirmedAt),
        lt(subscription.requestedAt, new Date(now.getTime() - CONFIRM_LINK_DAYS * DAY_MS)),
      ),
    )
    .returning({ id: subscription.id })
  return deleted.length
}

/** The newsletter's confirmed subscribers, oldest first: what the export hands to a mailing tool. */
export async function confirmedNewsletter(
  db: Db,
): Promise<Array<Pick<SubscriptionRow, 'id' | 'email' | 'confirmedAt'>>> {
  return db
    .select({ id: subscription.id, email: subscription.email, confirmedAt: subscription.confirmedAt })
    .from(subscription)
    .where(and(eq(subscription.topic, 'newsletter'), isNotNull(subscription.confirmedAt)))
    .orderBy(subscription.confirmedAt, subscription.email)
}

/** The models somebody is waiting to hear about, with the price their alerts must rise above. */
export async function watchedModels(db: Db): Promise<Array<{ modelId: string; pence: number | null }>> {
  return db
    .selectDistinct({ modelId: sql<string>`${subscription.modelId}`, pence: priceAlertPrice.pence })
    .from(subscription)
    .leftJoin(priceAlertPrice, eq(priceAlertPrice.modelId, subscription.modelId))
    .where(and(eq(subscription.topic, 'price-alert'), isNotNull(subscription.confirmedAt)))
}

export type AlertRecipient = { id: string; email: string }

/**
 * A model's best price went from `from` to `to`: moves the price alerts must rise above, and
 * gives the confirmed subscribers to e-mail (those not alerted in the last ALERT_EVERY_MS), each
 * marked alerted, for `queue` to write their e-mails in the same transaction. Guarded: when
 * another run (a replayed webhook, another instance) moved the price first, nobody is alerted.
 */
export async function alertRise(
  db: Db,
  { modelId, from, to }: { modelId: string; from: number; to: number },
  queue: (tx: Tx, recipients: AlertRecipient[]) => Promise<void>,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(priceAlertPrice)
      .set({ pence: to, updatedAt: now })
      .where(and(eq(priceAlertPrice.modelId, modelId), eq(priceAlertPrice.pence, from)))
      .returning({ modelId: priceAlertPrice.modelId })
    if (!moved.length) return 0
    const since = new Date(now.getTime() - ALERT_EVERY_MS)
    const recipients = await tx
      .update(subscription)
      .set({ lastAlertedAt: now })
      .where(
        and(
          eq(subscription.topic, 'price-alert'),
          eq(subscription.modelId, modelId),
          isNotNull(subscription.confirmedAt),
          sql`not exists (select 1 from ${subscription} as recent where recent.email = ${subscription.email} and recent.last_alerted_at > ${since.toISOString()}::timestamptz)`,
        ),
      )
      .returning({ id: subscription.id, email: subscription.email })
    await queue(tx, recipients)
    return recipients.length
  })
}

/** A model with confirmed alerts but no price to rise above yet: it starts from today's. */
export async function startBaseline(db: Db, modelId: string, pence: number, now = new Date()): Promise<void> {
  await db.insert(priceAlertPrice).values({ modelId, pence, updatedAt: now }).onConflictDoNothing()
}

/** Every subscription held for an address, for its owner's data download. */
export async function subscriptionsOf(db: Db, email: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscription)
    .where(eq(subscription.email, email.toLowerCase()))
    .orderBy(subscription.requestedAt)
}

/** Deletes every subscription held for an address; returns how many. */
export async function eraseSubscriptionsOf(db: Pick<Db, 'delete'>, email: string): Promise<number> {
  const deleted = await db
    .delete(subscription)
    .where(eq(subscription.email, email.toLowerCase()))
    .returning({ id: subscription.id })
  return deleted.length
}

export type { SubscriptionTopic }
