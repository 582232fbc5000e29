/**
 * The devices a collection brought, as staff type them at goods-in: one a line, "make, model, IMEI"
 * (`Apple, iPhone 12, 356938035643809`), a serial in place of the IMEI for a device without one.
 * A model may hold commas: the first part is the make, the last the IMEI, the rest the model. Each
 * problem names its line, so a list of 20 can be put right where it went wrong. Pure.
 */
import { isImei, isSerial, normaliseDeviceId } from '@/register/device-id'

/** The most lines one paste may hold: more is a file, not a list typed or pasted at goods-in. */
export const MOST_DEVICE_LINES = 500
/** The longest make or model kept. */
export const NAME_MAX = 80

export type CollectionDeviceInput = { make: string; model: string; imei: string }

export const DEVICE_LIST_PROBLEMS = [
  'devicesNone',
  'devicesTooMany',
  'deviceIncomplete',
  'deviceNameTooLong',
  'imeiInvalid',
  'serialInvalid',
  'deviceRepeated',
] as const
export type DeviceListProblem = (typeof DEVICE_LIST_PROBLEMS)[number]

export type DeviceListResult =
  { ok: true; devices: CollectionDeviceInput[] } | { ok: false; problem: DeviceListProblem; line: number; text: string }

/** Fifteen digits (or any all-digit code) must pass the IMEI's check digit; anything else must read as a serial. */
function idProblem(id: string): DeviceListProblem | null {
  if (/^\d+$/.test(id)) return isImei(id) ? null : 'imeiInvalid'
  return isSerial(id) ? null : 'serialInvalid'
}

export function readDeviceList(typed: string): DeviceListResult {
  const lines = typed
    .split(/\r?\n/)
    .map((text, index) => ({ text: text.trim(), line: index + 1 }))
    .filter(({ text }) => text)
  if (!lines.length) return { ok: false, problem: 'devicesNone', line: 0, text: '' }
  if (lines.length > MOST_DEVICE_LINES) return { ok: false, problem: 'devicesTooMany', line: 0, text: '' }
  const devices: CollectionDeviceInput[] = []
  const seen = new Set<string>()
  for (const { text, line } of lines) {
    const parts = text.split(/[,\t;]/).map((part) => part.trim())
    const make = parts[0] ?? ''
    const id = normaliseDeviceId(parts.at(-1) ?? '')
    const model = parts.slice(1, -1).filter(Boolean).join(', ')
    const fail = (problem: DeviceListProblem) => ({ ok: false, problem, line, text }) as const
    if (parts.length < 3 || !make || !model || !id) return fail('deviceIncomplete')
    if (make.length > NAME_MAX || model.length > NAME_MAX) return fail('deviceNameTooLong')
    const problem = idProblem(id)
    if (problem) return fail(problem)
    if (seen.has(id)) return fail('deviceRepeated')
    seen.add(id)
    devices.push({ make, model, imei: id })
  }
  return { ok: true, devices }
}
