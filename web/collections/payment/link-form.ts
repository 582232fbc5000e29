'use server'

/**
 * A manager e-mailing the business a new link for its bank details, from the collection's staff
 * page, with scripts or without: while the details are awaited (the link expired, or was lost),
 * once however often it is pressed (payment-returns.ts). Anyone who is not an active manager, and
 * any post from another site, meets the 404.
 */
import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getContactInboxCopy, getEmailCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Outcome } from '@/forms/form-action'
import { kickOutbox } from '@/mail/outbox-kick'
import { bankLinkMailer } from './link-mail'
import { renewBankLink } from './payment-returns'
import { collectionRequestPath, isCollectionRequestId } from '../statuses'

/** A manager with two-step login on; staff, and everyone else, get the 404. */
async function activeManagerFrom(incoming: Headers): Promise<StaffMember | null> {
  const member = await activeStaffFrom(incoming)
  return member?.user.role === 'manager' ? member : null
}

export const collectionLinkForm = formAction<{ id: string; issuedAt: Date }, 'notRenewable', never, StaffMember>({
  page: (body) => collectionRequestPath(isCollectionRequestId(body.id ?? '') ? (body.id ?? '') : ''),
  only: activeManagerFrom,
  validate: ({ id = '', issued = '' }) => {
    const issuedAt = new Date(issued)
    if (!isCollectionRequestId(id) || Number.isNaN(issuedAt.getTime())) notFound()
    return { ok: true, value: { id, issuedAt } }
  },
  run: async ({ id, issuedAt }, { who }): Promise<Outcome<'notRenewable'>> => {
    const mail = bankLinkMailer(await getEmailCopy())
    const by = { actor: 'manager' as const, userId: who.user.id }
    const outcome = await renewBankLink(await getDb(), id, issuedAt, by, mail)
    if (outcome.kind === 'sent') kickOutbox()
    // Sent, or sent by the press before this one: either way the business has one new link.
    if (outcome.kind === 'sent' || outcome.code === 'renewed')
      return { ok: true, redirect: `${collectionRequestPath(id)}?relinked=1` }
    if (outcome.code === 'notFound') notFound()
    return { ok: false, errors: 'notRenewable' }
  },
  words: async () => {
    const copy = (await getContactInboxCopy()).collectionPayment
    return () => copy.notRenewable
  },
  // The error's kind only.
  name: 'Collection bank link',
})
