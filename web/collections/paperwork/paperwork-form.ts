'use server'

/**
 * Staff issuing a collection's certificate, as a server action posted with scripts or without:
 * anyone who is not active staff, and any post from another site, meets the 404. It is refused,
 * saying why, until the collection is collected and every device it brought has a passed erasure;
 * sent twice, the second finds it issued and changes nothing. Done, staff go back (303) to the page.
 */
import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getContactInboxCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Outcome } from '@/forms/form-action'
import { fillTemplate } from '@/lib/templates'
import { issueCollectionCertificate } from './paperwork-store'
import { collectionRequestPath, isCollectionRequestId } from '../statuses'

type Problem = 'notCollected' | 'noDevices' | 'notAllErased'

export const collectionCertificateForm = formAction<string, Problem, never, StaffMember>({
  page: (body) => collectionRequestPath(isCollectionRequestId(body.id ?? '') ? (body.id ?? '') : ''),
  only: activeStaffFrom,
  validate: ({ id = '' }) => {
    if (!isCollectionRequestId(id)) notFound()
    return { ok: true, value: id }
  },
  run: async (id, { who }): Promise<Outcome<Problem>> => {
    const outcome = await issueCollectionCertificate(await getDb(), id, { actor: who.user.role, userId: who.user.id })
    if (outcome.kind !== 'refused') return { ok: true, redirect: `${collectionRequestPath(id)}?issued=certificate` }
    if (outcome.code === 'notFound') notFound()
    if (outcome.code === 'notAllErased') return { ok: false, errors: 'notAllErased', fill: { count: outcome.count } }
    return { ok: false, errors: outcome.code }
  },
  words: async () => {
    const copy = (await getContactInboxCopy()).collections
    return (code, fill) => {
      if (code === 'notAllErased') return fillTemplate(copy.notAllErased, { count: fill?.count ?? '' })
      if (code === 'notCollected' || code === 'noDevices') return copy[code]
      return copy.unavailable
    }
  },
  name: 'Collection certificate',
})
