/**
 * The records form, read: which record, the London days it covers, a device's IMEI or serial (the
 * police ask about one device), and the police reference or reason kept with the export. Pure.
 */
import { isDayString } from '@rules/days'
import { isDeviceId, normaliseDeviceId } from '@/register/device-id'

export type RecordsRequest = {
  kind: 'purchase-register' | 'stock-book'
  /** London days, both included; both null for one device over all time. */
  from: string | null
  to: string | null
  deviceCode: string | null
  reason: string | null
}

/** What a refusal names: the field it is about, and the content's word for why. */
export type RecordsProblem =
  'kindUnknown' | 'datesMissing' | 'dateInvalid' | 'datesOrder' | 'deviceInvalid' | 'reasonMissing' | 'reasonTooLong'

export const REASON_MAX = 200

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * The stock book needs both days; the register both days, or a device (then the days narrow it if
 * given), and always a reason, since it names sellers and where they live.
 */
export function readRecordsForm(form: FormData): { request: RecordsRequest } | { problem: RecordsProblem } {
  const kind = text(form, 'kind')
  if (kind !== 'purchase-register' && kind !== 'stock-book') return { problem: 'kindUnknown' }
  const from = text(form, 'from')
  const to = text(form, 'to')
  const typedDevice = kind === 'purchase-register' ? normaliseDeviceId(text(form, 'device')) : ''
  if (typedDevice && !isDeviceId(typedDevice)) return { problem: 'deviceInvalid' }
  if ((from || to || !typedDevice) && (!from || !to)) return { problem: 'datesMissing' }
  if (from && (!isDayString(from) || !isDayString(to))) return { problem: 'dateInvalid' }
  if (from && from > to) return { problem: 'datesOrder' }
  const reason = kind === 'purchase-register' ? text(form, 'reason') : ''
  if (kind === 'purchase-register' && !reason) return { problem: 'reasonMissing' }
  if (reason.length > REASON_MAX) return { problem: 'reasonTooLong' }
  return {
    request: { kind, from: from || null, to: to || null, deviceCode: typedDevice || null, reason: reason || null },
  }
}
