'use server'

/**
 * Staff recording the devices a collection brought, one typed in its three boxes or a list pasted
 * (one a line), as a server action posted with scripts or without. Anyone who is not active staff,
 * and any post from another site, meets the 404 and nothing changes. Every line is checked before
 * any is kept (an IMEI's check digit included); the first problem is named by its line, and then
 * nothing is added. Done, staff are sent back (303) to the collection saying how many were added.
 */
import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getContactInboxCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Outcome } from '@/forms/form-action'
import { fillTemplate } from '@/lib/templates'
import { MOST_DEVICE_LINES, readDeviceList, type DeviceListProblem, type DeviceListResult } from './device-list'
import { addCollectionDevices } from './devices-store'
import { collectionRequestPath, isCollectionRequestId } from './statuses'

type Problem = DeviceListProblem | 'alreadyListed' | 'notCollected' | 'certified' | 'quoteSent'
// The list is read in `run`, whose answer can fill the problem's words with its line.
type Input = { id: string; read: DeviceListResult; field: 'list' | 'imei' }

/** The three boxes of one device, written as a line of the list, so both are read by the same rules. */
const asList = ({ list, make = '', model = '', imei = '' }: Record<string, string | undefined>) =>
  list ?? [make, model, imei].map((part) => part.replace(/[,;\t]/g, ' ')).join(', ')

export const collectionDevicesForm = formAction<Input, Problem, never, StaffMember>({
  page: (body) => collectionRequestPath(isCollectionRequestId(body.id ?? '') ? (body.id ?? '') : ''),
  only: activeStaffFrom,
  validate: (body) => {
    if (!isCollectionRequestId(body.id ?? '')) notFound()
    const field = body.list === undefined ? 'imei' : 'list'
    return { ok: true, value: { id: body.id!, read: readDeviceList(asList(body)), field } }
  },
  run: async ({ id, read, field }, { who }): Promise<Outcome<Problem>> => {
    if (!read.ok)
      return { ok: false, errors: [{ field, code: read.problem }], fill: { line: read.line, id: idOf(read.text) } }
    const by = { actor: who.user.role, userId: who.user.id }
    const outcome = await addCollectionDevices(await getDb(), id, read.devices, by)
    if (outcome.kind === 'added') return { ok: true, redirect: `${collectionRequestPath(id)}?added=${outcome.count}` }
    if (outcome.code === 'notFound') notFound()
    if (outcome.code === 'alreadyListed') return { ok: false, errors: 'alreadyListed', fill: { id: outcome.imei } }
    return { ok: false, errors: outcome.code }
  },
  words: async () => {
    const copy = (await getContactInboxCopy()).collections
    return (code, fill) => {
      const values = { line: fill?.line ?? '', id: fill?.id ?? '', most: MOST_DEVICE_LINES }
      if (code === 'tooMany' || code === 'crossOrigin' || code === 'unavailable') return copy.unavailable
      return fillTemplate(copy[code], values)
    }
  },
  // The error's kind only: what was typed is the business's devices.
  name: 'Collection devices',
})

/** What a line's problem names: the IMEI or serial as typed (its last part), short enough to read. */
function idOf(line: string): string {
  return (line.split(/[,;\t]/).at(-1) ?? '').trim().slice(0, 40)
}
