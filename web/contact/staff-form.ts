'use server'

import 'server-only'
import { headers } from 'next/headers'
import { notFound, redirect, RedirectType } from 'next/navigation'
import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getContactInboxCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { describedRequest, fieldsOf } from '@/forms/form-action'
import type { FormState } from '@/forms/form-state'
import { isCrossOrigin } from '@/http/same-origin'
import { describeError } from '@/lib/log'
import { fillTemplate } from '@/lib/templates'
import { contactMessagePath, isContactMessageId, isContactStatus } from './statuses'
import { setContactStatus, type StatusChangeResult } from './store'

type Problem = { code: 'invalid' | 'unavailable' } | { code: 'moved'; status: string }

/**
 * A message's status form (mark answered, close, reopen) as a server action, posted with scripts or
 * without. Anyone who is not active staff meets the 404 the staff pages give them, and nothing
 * changes; nor does a form posted from another site. The change is made only from the status the
 * page showed: done, staff are sent on (303) to the message saying so; changed by someone else
 * first, the form comes back saying what it is now, in the content's words.
 */
export async function contactStatusForm(previous: FormState, form: FormData): Promise<FormState> {
  const incoming = await headers()
  const body = fieldsOf(form)
  const id = body.id ?? ''
  if (!isContactMessageId(id)) notFound()
  if (isCrossOrigin(describedRequest(incoming, contactMessagePath(id)))) notFound()
  const visitor = await getSignedIn(incoming)
  if (!visitor || !isActiveStaff(visitor)) notFound()

  const from = body.expectedStatus
  const to = body.status
  let problem: Problem
  if (!isContactStatus(from) || !isContactStatus(to)) {
    problem = { code: 'invalid' }
  } else {
    let result: StatusChangeResult | null
    try {
      const actor = { userId: visitor.user.id, name: visitor.user.name }
      result = await setContactStatus(await getDb(), { id, from, to, actor })
    } catch (error) {
      // The error's kind only: a failed query's message can quote the sender's details.
      console.error(`Contact message status not changed: ${describeError(error)}`)
      result = null
    }
    if (result?.ok) redirect(`${contactMessagePath(id)}?done=${to}`, RedirectType.push)
    if (result && !result.ok && result.code === 'notFound') notFound()
    problem = !result
      ? { code: 'unavailable' }
      : result.code === 'moved'
        ? { code: 'moved', status: result.status }
        : { code: 'invalid' }
  }

  const copy = await getContactInboxCopy()
  const message =
    problem.code === 'moved'
      ? fillTemplate(copy.message.moved, {
          status: isContactStatus(problem.status) ? copy.statuses[problem.status] : problem.status,
        })
      : copy.message[problem.code]
  return { problems: [{ field: null, code: problem.code, message }], typed: {}, sent: (previous?.sent ?? 0) + 1 }
}
