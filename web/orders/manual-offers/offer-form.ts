'use server'

import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getContactInboxCopy, getPricingRules } from '@/content/loaders'
import { contactMessagePath, isContactMessageId } from '@/contact/statuses'
import { getDb } from '@/db/connection'
import { formAction } from '@/forms/form-action'
import { linkOrigin } from '@/mail/link-origin'
import { kickOutbox } from '@/mail/outbox-kick'
import { addDays } from '@/orders/record/lifecycle'
import { loadOrderMailContext } from '@/orders/record/mail-context'
import { manualOfferMail } from './offer-mail'
import { validateOffer, type OfferInput, type OfferProblem } from './offer-rules'
import { makeOffer, withdrawOffer } from './offer-store'

const messagePage = (body: Record<string, string>) =>
  contactMessagePath(isContactMessageId(body.messageId ?? '') ? (body.messageId ?? '') : '')

const offerWords = async () => {
  const copy = await getContactInboxCopy()
  return (code: OfferProblem | 'tooMany' | 'crossOrigin' | 'unavailable') =>
    code === 'tooMany' || code === 'crossOrigin' || code === 'unavailable'
      ? copy.message.unavailable
      : copy.offers[code]
}

/**
 * Staff make an offer for a device not in the catalogue from its contact message: only active
 * staff (anyone else meets the 404 and nothing is made); the price is checked here, within its
 * bounds, whatever the browser did. It is open for the price hold's days (Pricing rules) and its
 * e-mail goes to the message's address with the link to accept it.
 */
export const makeOfferForm = formAction<OfferInput, OfferProblem, never, StaffMember>({
  page: messagePage,
  only: activeStaffFrom,
  validate: (body) => {
    if (!isContactMessageId(body.messageId ?? '')) notFound()
    return validateOffer(body)
  },
  run: async (offer, { who }) => {
    const [rules, mail] = await Promise.all([getPricingRules(), loadOrderMailContext(linkOrigin())])
    const now = new Date()
    const expiresAt = addDays(now, rules.priceHoldDays)
    const id = await makeOffer(
      await getDb(),
      { ...offer, actor: { userId: who.user.id, name: who.user.name }, expiresAt },
      (recipient) => manualOfferMail(recipient, { ...offer, expiresAt }, mail, offer.messageId),
      now,
    )
    if (!id) return { ok: false, errors: 'messageGone' }
    kickOutbox()
    return { ok: true, redirect: `${contactMessagePath(offer.messageId)}?done=offer#offers` }
  },
  words: offerWords,
  // The error's kind only: a failed query's message can quote the sender's details.
  name: 'Staff offer',
})

/** Staff withdraw an open offer: its link no longer places an order. Accepted already, nothing changes. */
export const withdrawOfferForm = formAction<{ id: string; messageId: string }, OfferProblem, never, StaffMember>({
  page: messagePage,
  only: activeStaffFrom,
  validate: (body) => {
    if (!isContactMessageId(body.messageId ?? '')) notFound()
    return { ok: true, value: { id: body.offerId ?? '', messageId: body.messageId ?? '' } }
  },
  run: async ({ id, messageId }, { who }) => {
    const withdrawn = await withdrawOffer(await getDb(), { id, messageId, actorName: who.user.name })
    if (!withdrawn) return { ok: false, errors: 'offerClosed' }
    return { ok: true, redirect: `${contactMessagePath(messageId)}?done=withdrawn#offers` }
  },
  words: offerWords,
  name: 'Staff offer withdrawal',
})
