'use server'

import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getContactInboxCopy, getEmailCopy, getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction } from '@/forms/form-action'
import { fillTemplate } from '@/lib/templates'
import { collectionRequestPath, isCollectionRequestId, isCollectionStatus } from './statuses'
import { kickOutbox } from '@/mail/outbox-kick'
import { linkOrigin } from '@/mail/link-origin'
import { collectionClosedMail } from './mail'
import type { ClosingContext, ClosingRefusal } from './closing'
import { collectionCertificatePdfPath, collectionCertificateToken } from './paperwork/certificate-link'
import { reportPath, reportToken } from './paperwork/report-link'
import { collectionSiteEntries } from './site-entries'
import { moveCollectionRequest } from './store'
import { wasteNotePath, wasteNoteToken } from './paperwork/waste-note-link'

type Move = { id: string; from: string; to: string; reason: string }
type Problem = 'invalid' | 'moved' | 'reasonMissing' | ClosingRefusal

const REASON_MAX = 500

/**
 * A collection request's move (book, collect, close, reopen) as a server action, posted with
 * scripts or without. Anyone who is not active staff, and any post from another site, meets the
 * 404 the staff pages give them, and nothing changes. The move is made only from the status the
 * page showed, and only with a reason: done, staff are sent on (303) to the request saying so;
 * moved by someone else first, the form comes back saying where it stands now.
 */
export const collectionMoveForm = formAction<Move, Problem, never, StaffMember>({
  page: (body) => collectionRequestPath(isCollectionRequestId(body.id ?? '') ? (body.id ?? '') : ''),
  only: activeStaffFrom,
  validate: ({ id = '', expectedStatus = '', status = '', reason = '' }) => {
    if (!isCollectionRequestId(id)) notFound()
    const why = reason.trim().slice(0, REASON_MAX)
    if (!why) return { ok: false, errors: [{ field: 'reason', code: 'reasonMissing' }] }
    return { ok: true, value: { id, from: expectedStatus, to: status, reason: why } }
  },
  run: async ({ id, from, to, reason }, { who }) => {
    if (!isCollectionStatus(from) || !isCollectionStatus(to)) return { ok: false, errors: 'invalid' }
    const actor = { userId: who.user.id, name: who.user.name }
    const [copy, orderCopy, inboxCopy] = await Promise.all([getEmailCopy(), getOrderCopy(), getContactInboxCopy()])
    const origin = linkOrigin()
    const closing: ClosingContext = {
      paperworkMail: (request, paperwork) =>
        collectionClosedMail(request, paperwork, copy, {
          certificate: `${origin}${collectionCertificatePdfPath(paperwork.certificate, collectionCertificateToken(paperwork.certificate))}`,
          wasteNote: `${origin}${wasteNotePath(paperwork.wasteNote, wasteNoteToken(paperwork.wasteNote))}`,
          report: `${origin}${reportPath(paperwork.report, reportToken(paperwork.report))}`,
        }),
      site: collectionSiteEntries(orderCopy, inboxCopy.collections),
    }
    const result = await moveCollectionRequest(await getDb(), { id, from, to, reason, actor }, new Date(), closing)
    if (result.ok) kickOutbox()
    if (result.ok) return { ok: true, redirect: `${collectionRequestPath(id)}?done=${to}` }
    if (result.code === 'notFound') notFound()
    if (result.code === 'moved') return { ok: false, errors: 'moved', fill: { status: result.status } }
    return { ok: false, errors: result.code === 'notAllowed' ? 'invalid' : result.code }
  },
  words: async () => {
    const copy = (await getContactInboxCopy()).collections
    return (code, fill) => {
      if (code === 'reasonMissing') return copy.reasonMissing
      if (code === 'certificateMissing') return copy.closeNeedsCertificate
      if (code === 'quoteNotSent') return copy.closeNeedsQuote
      if (code === 'quoteNotPaid') return copy.closeNeedsPayment
      if (code === 'invalid') return copy.invalid
      if (code !== 'moved') return copy.unavailable
      const status = String(fill?.status ?? '')
      return fillTemplate(copy.moved, { status: isCollectionStatus(status) ? copy[status] : status })
    }
  },
  // The error's kind only: a failed query's message can quote the business's details.
  name: 'Collection request move',
})
