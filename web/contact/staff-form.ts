'use server'

import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getContactInboxCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction } from '@/forms/form-action'
import { fillTemplate } from '@/lib/templates'
import { contactMessagePath, isContactMessageId, isContactStatus } from './statuses'
import { setContactStatus } from './store'

type Change = { id: string; from: string; to: string }

/**
 * A message's status form (mark answered, close, reopen) as a server action, posted with scripts or
 * without. Anyone who is not active staff, and any post from another site, meets the 404 the staff
 * pages give them, and nothing changes. The change is made only from the status the page showed:
 * done, staff are sent on (303) to the message saying so; changed by someone else first, the form
 * comes back saying what it is now, in the content's words.
 */
export const contactStatusForm = formAction<Change, 'invalid' | 'moved', never, StaffMember>({
  page: (body) => contactMessagePath(isContactMessageId(body.id ?? '') ? (body.id ?? '') : ''),
  only: activeStaffFrom,
  validate: ({ id = '', expectedStatus = '', status = '' }) => {
    if (!isContactMessageId(id)) notFound()
    return { ok: true, value: { id, from: expectedStatus, to: status } }
  },
  run: async ({ id, from, to }, { who }) => {
    if (!isContactStatus(from) || !isContactStatus(to)) return { ok: false, errors: 'invalid' }
    const actor = { userId: who.user.id, name: who.user.name }
    const result = await setContactStatus(await getDb(), { id, from, to, actor })
    if (result.ok) return { ok: true, redirect: `${contactMessagePath(id)}?done=${to}` }
    if (result.code === 'notFound') notFound()
    return result.code === 'moved'
      ? { ok: false, errors: 'moved', fill: { status: result.status } }
      : { ok: false, errors: 'invalid' }
  },
  words: async () => {
    const copy = await getContactInboxCopy()
    return (code, fill) => {
      if (code !== 'moved') return copy.message[code === 'invalid' ? 'invalid' : 'unavailable']
      const status = String(fill?.status ?? '')
      return fillTemplate(copy.message.moved, { status: isContactStatus(status) ? copy.statuses[status] : status })
    }
  },
  // The error's kind only: a failed query's message can quote the sender's details.
  name: 'Contact message status change',
})
