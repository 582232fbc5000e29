'use server'

/**
 * Staff valuing a collection's devices and sending its quote, as server actions posted with
 * scripts or without. Anyone who is not active staff, and any post from another site, meets the
 * 404 and nothing changes. A value is a price in pounds (kept in pence) or recycle, with one of the
 * catalogue's condition grades (the Condition grade documents, as sellers see them); the quote is
 * refused, saying why, until every device has one, and sent twice it is sent once. Done, staff go
 * back (303) to the collection saying so.
 */
import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getConditionGrades, getContactInboxCopy, getEmailCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Outcome } from '@/forms/form-action'
import { poundsToPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { kickOutbox } from '@/mail/outbox-kick'
import { linkOrigin } from '@/mail/link-origin'
import { collectionQuoteMail } from '../mail'
import { bankLinkPath } from '../payment/payment-link'
import { sendCollectionQuote, valueCollectionDevice, type DeviceValue } from './quote-store'
import { collectionRequestPath, isCollectionRequestId } from '../statuses'

type ValueProblem = 'valueInvalid' | 'gradeMissing' | 'notCollected' | 'quoteSent'
type ValueInput = { id: string; position: number; value: DeviceValue }

const pageOf = (body: Record<string, string | undefined>) =>
  collectionRequestPath(isCollectionRequestId(body.id ?? '') ? (body.id ?? '') : '')

export const collectionValueForm = formAction<ValueInput, ValueProblem, never, StaffMember>({
  page: pageOf,
  only: activeStaffFrom,
  validate: async ({ id = '', position = '', value = '', recycle, grade = '' }) => {
    const at = Number(position)
    if (!isCollectionRequestId(id) || !Number.isSafeInteger(at) || at < 1) notFound()
    const pence = recycle ? null : poundsToPence(value)
    const found = (await getConditionGrades()).find((known) => known.key === grade)
    const errors = [
      ...(!recycle && (pence === null || pence < 1) ? [{ field: 'value', code: 'valueInvalid' as const }] : []),
      ...(found ? [] : [{ field: 'grade', code: 'gradeMissing' as const }]),
    ]
    if (errors.length || !found) return { ok: false, errors }
    const graded = { grade: { key: grade, name: found.name } }
    const kept: DeviceValue = pence === null ? { kind: 'recycle', ...graded } : { kind: 'price', pence, ...graded }
    return { ok: true, value: { id, position: at, value: kept } }
  },
  run: async ({ id, position, value }, { who }): Promise<Outcome<ValueProblem>> => {
    const by = { actor: who.user.role, userId: who.user.id }
    const outcome = await valueCollectionDevice(await getDb(), id, position, value, by)
    if (outcome.kind !== 'refused') return { ok: true, redirect: `${collectionRequestPath(id)}?valued=${position}` }
    if (outcome.code === 'notFound') notFound()
    return { ok: false, errors: outcome.code }
  },
  words: async () => {
    const copy = (await getContactInboxCopy()).collections
    return (code) =>
      code === 'valueInvalid' || code === 'gradeMissing' || code === 'notCollected' || code === 'quoteSent'
        ? copy[code]
        : copy.unavailable
  },
  // The error's kind only.
  name: 'Collection device value',
})

type SendProblem = 'notCollected' | 'noDevices' | 'notValued'

export const collectionQuoteForm = formAction<string, SendProblem, never, StaffMember>({
  page: pageOf,
  only: activeStaffFrom,
  validate: ({ id = '' }) => {
    if (!isCollectionRequestId(id)) notFound()
    return { ok: true, value: id }
  },
  run: async (id, { who }): Promise<Outcome<SendProblem>> => {
    const [copy, settings] = await Promise.all([getEmailCopy(), getSiteSettings()])
    const by = { actor: who.user.role, userId: who.user.id }
    const origin = linkOrigin()
    const outcome = await sendCollectionQuote(await getDb(), id, by, (request, quote, token) =>
      collectionQuoteMail(
        request,
        quote,
        copy,
        settings.wasteCarrierNumber,
        token ? origin + bankLinkPath(token) : undefined,
      ),
    )
    if (outcome.kind === 'sent') kickOutbox()
    if (outcome.kind !== 'refused') return { ok: true, redirect: `${collectionRequestPath(id)}?quoted=1` }
    if (outcome.code === 'notFound') notFound()
    if (outcome.code === 'notValued') return { ok: false, errors: 'notValued', fill: { count: outcome.count } }
    return { ok: false, errors: outcome.code }
  },
  words: async () => {
    const copy = (await getContactInboxCopy()).collections
    return (code, fill) => {
      if (code === 'notValued') return fillTemplate(copy.notValued, { count: fill?.count ?? '' })
      if (code === 'notCollected') return copy.quoteNotCollected
      if (code === 'noDevices') return copy.quoteNoDevices
      return copy.unavailable
    }
  },
  // The error's kind only: a failed query's message can quote the business's details.
  name: 'Collection quote',
})
