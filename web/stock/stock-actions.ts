'use server'

/**
 * The stock forms on a device's staff page, as a server action posted with scripts or without: a
 * move (shelved, listed, taken off sale, sold, sent to a refurbisher, recycled) or an erasure typed
 * from the tool's screen. Anyone who is not active staff, and any post from another site, meets the
 * 404 and nothing changes. Done, staff are sent back (303 without scripts) to the device's page.
 */
import 'server-only'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Outcome } from '@/forms/form-action'
import { fillTemplate } from '@/lib/templates'
import { FACT_MAX, parseStockForm, type InputProblem } from './stock-input'
import { kickOutbox } from '@/mail/outbox-kick'
import { certificateMailContext } from './certificate-mail-context'
import { moveDevice, recordErasure, stockDeviceRecord } from './stock-store'
import { stateName } from './stock-words'

type Problem = InputProblem | 'notErased' | 'moved' | 'gone' | 'recordedBefore' | 'notFrom'

const byOf = (who: StaffMember) => ({ actor: who.user.role, userId: who.user.id })

export const stockForm = formAction<ReturnType<typeof parseStockForm> & { ok: true }, Problem, never, StaffMember>({
  page: (body) => `/admin/stock/${encodeURIComponent(body.number ?? '')}`,
  only: activeStaffFrom,
  validate: (body) => {
    const parsed = parseStockForm(body)
    return parsed.ok ? { ok: true, value: parsed } : parsed
  },
  run: async ({ value: input }, { who }): Promise<Outcome<Problem>> => {
    const db = await getDb()
    const record = await stockDeviceRecord(db, input.deviceId)
    if (!record) return { ok: false, errors: 'invalid' }
    const page = `/admin/stock/${record.device.number}`
    if (input.kind === 'erasure') {
      const outcome = await recordErasure(db, {
        deviceId: input.deviceId,
        source: 'manual',
        facts: input.facts,
        by: byOf(who),
        mail: await certificateMailContext(),
      })
      if (outcome.kind === 'recorded') {
        kickOutbox()
        return { ok: true, redirect: `${page}?done=erasure` }
      }
      if (outcome.kind === 'already') return { ok: false, errors: 'recordedBefore' }
      return { ok: false, errors: outcome.kind === 'refused' && outcome.code === 'gone' ? 'gone' : 'invalid' }
    }
    const outcome = await moveDevice(db, {
      deviceId: input.deviceId,
      action: input.action,
      expectedState: input.seen,
      by: byOf(who),
      location: input.location,
      counterparty: input.counterparty,
      pricePence: input.pricePence,
      wasteNote: input.wasteNote,
      note: input.note,
    })
    switch (outcome.kind) {
      case 'moved':
        return { ok: true, redirect: `${page}?done=move` }
      case 'stale':
        return { ok: false, errors: 'moved', fill: { state: outcome.state } }
      case 'missing':
        return { ok: false, errors: 'invalid' }
      case 'refused':
        return {
          ok: false,
          errors: outcome.code === 'notErased' ? 'notErased' : outcome.code === 'notFrom' ? 'notFrom' : 'invalid',
        }
    }
  },
  words: async () => {
    const copy = await getOrderCopy()
    const text = copy.stock
    return (code, fill) => {
      switch (code) {
        case 'locationMissing':
        case 'buyerMissing':
        case 'priceMissing':
        case 'refurbisherMissing':
        case 'facilityMissing':
        case 'wasteNoteMissing':
        case 'factMissing':
        case 'notErased':
        case 'gone':
          return text[code]
        case 'factTooLong':
          return fillTemplate(text.factTooLong, { max: FACT_MAX })
        case 'moved':
        case 'notFrom':
          return fillTemplate(text.stale, { state: stateName(text, String(fill?.state ?? '')) })
        case 'recordedBefore':
          return text.erasureAlready
        case 'unavailable':
          return copy.problems.unavailable
        default:
          return copy.admin.invalid
      }
    }
  },
  name: 'Stock form',
})
