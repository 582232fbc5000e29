import 'server-only'
import { linkOrigin } from '@/mail/link-origin'
import { fetchQuery } from '@/content/fetch-query'
import { cacheTags } from '@/content/cache-tags'
import { getPublishedModelIds } from '@/content/loaders'
import { modelForAlertQuery } from '@/content/catalogue-queries'
import { getDb } from '@/db/connection'
import type { SubscriptionRow } from '@/db/schema'
import { RateLimiter } from '@/http/rate-limit'
import { queueEmails, type QueuedEmail } from '@/mail/queue'
import { kickOutbox } from '@/mail/outbox-kick'
import { readUnsubscribeLink } from './links'
import { newsletterConfirmMail, priceAlertConfirmMail } from './mail'
import { mailContext } from './mail-context'
import {
  confirmSubscription,
  deleteSubscription,
  findByConfirmToken,
  getSubscription,
  requestSubscription,
  type SubscriptionRequest,
} from './store'

/** The address links start with, whoever asked (see linkOrigin). */
async function requestOrigin(): Promise<string> {
  return linkOrigin()
}

/**
 * A model as a price alert names it, read through the content cache (which every publish
 * refreshes): a form post may not cost a request to Sanity. Null when there is no such model,
 * known from the published catalogue's ids before any query is made for this one id (each id
 * would otherwise be a cache entry of its own, kept for ever).
 */
export async function modelForAlert(modelId: string) {
  if (!(await getPublishedModelIds()).includes(modelId)) return null
  return fetchQuery(modelForAlertQuery, { params: { id: modelId }, tags: [cacheTags.deviceModel] })
}

/**
 * At most this many confirmation e-mails to one address an hour, whatever was asked for and from
 * however many client addresses: a stranger typing someone's address into every model's form
 * cannot fill their inbox. Past it, requests are answered as usual, and nothing is stored or sent.
 */
const confirmationsPerAddress = new RateLimiter('subscriptionConfirmations', 3, 60 * 60 * 1000)

/**
 * Asks the address to confirm a subscription: the request is stored and the confirmation e-mail
 * written to the outbox in one transaction. A confirmed address, or one asked within the hour, gets
 * nothing more, and the caller answers alike either way: the form tells no one who subscribes.
 */
async function request(subscription: SubscriptionRequest, mail: (id: string, token: string) => QueuedEmail) {
  const db = await getDb()
  const address = `address:${subscription.email.toLowerCase()}`
  // Checked first, so that a request past the cap leaves the last link sent working.
  if (!(await confirmationsPerAddress.check(address)).allowed) return
  const requested = await requestSubscription(db, subscription, new Date(), (tx, { id, token }) =>
    queueEmails(tx, [mail(id, token)]),
  )
  if (!requested) return
  await confirmationsPerAddress.take(address)
  kickOutbox()
}

export async function requestNewsletter(email: string): Promise<void> {
  const context = await mailContext(await requestOrigin())
  await request({ topic: 'newsletter', email }, (id, token) =>
    newsletterConfirmMail({ id, email: email.toLowerCase() }, token, context),
  )
}

/** False when the model is not (or no longer) published: nothing is stored. */
export async function requestPriceAlert(email: string, modelId: string): Promise<boolean> {
  const model = await modelForAlert(modelId)
  if (!model) return false
  const context = await mailContext(await requestOrigin())
  await request({ topic: 'price-alert', modelId, email }, (id, token) =>
    priceAlertConfirmMail({ id, email: email.toLowerCase() }, token, model, context),
  )
  return true
}

export type OpenedSubscription = { subscription: SubscriptionRow; modelName: string | null }

async function withModelName(row: SubscriptionRow | null): Promise<OpenedSubscription | null> {
  if (!row) return null
  const model = row.modelId ? await modelForAlert(row.modelId) : null
  return { subscription: row, modelName: model?.name ?? null }
}

/** What a confirmation link opens, for its page; null when it has expired or is not valid. */
export async function openConfirmLink(token: string): Promise<OpenedSubscription | null> {
  return withModelName(await findByConfirmToken(await getDb(), token))
}

export async function confirmLink(token: string): Promise<OpenedSubscription | null> {
  const db = await getDb()
  const found = await findByConfirmToken(db, token)
  if (!found) return null
  const model = found.modelId ? await modelForAlert(found.modelId) : null
  const confirmed = await confirmSubscription(db, token, { currentPence: model?.topPricePence ?? undefined })
  return confirmed ? { subscription: confirmed, modelName: model?.name ?? null } : null
}

export type UnsubscribeLink = { valid: false } | { valid: true; id: string; opened: OpenedSubscription | null }

/** What an unsubscribe link opens: a subscription, or one already ended (valid, nothing left). */
export async function openUnsubscribeLink(query: { s?: string; t?: string }): Promise<UnsubscribeLink> {
  const id = readUnsubscribeLink(query)
  if (!id) return { valid: false }
  return { valid: true, id, opened: await withModelName(await getSubscription(await getDb(), id)) }
}

/** Ends the subscription the link names; unsubscribing twice is unsubscribing once. */
export async function unsubscribeLink(query: { s?: string | null; t?: string | null }): Promise<boolean> {
  const id = readUnsubscribeLink(query)
  if (!id) return false
  await deleteSubscription(await getDb(), id)
  return true
}
