/**
 * The business collection form's rules (a valibot schema), run on the server by its action. Each
 * problem is a code naming its words in the page section the form is on; the smallest collection
 * is the editors' number (the section's `minimumDevices`), so the rules are made for it.
 */
import * as v from 'valibot'
import { UK_PHONE } from '@rules/uk-phone'
import { CONTROL, emailField, formSchema, MARKUP } from '@/forms/field-checks'
import { normalised, oneLine, text, validatorFor } from '@/forms/schema'
import { normalisePostcode } from '@/lib/uk-formats'
import { COLLECTION_LIMITS } from './fields'

/** The most devices one request may name: a number past this is a typing slip, not a collection. */
export const MOST_DEVICES = 100_000

export const COLLECTION_PROBLEMS = [
  'organisationMissing',
  'contactNameMissing',
  'emailInvalid',
  'phoneInvalid',
  'addressMissing',
  'postcodeInvalid',
  'deviceCountInvalid',
  'deviceCountTooFew',
  'devicesMissing',
  'preferredDatesMissing',
  'sicCodeInvalid',
  'tooLong',
  'plainText',
  'spam',
] as const
export type CollectionProblem = (typeof COLLECTION_PROBLEMS)[number]

// A line break or tab, which only the address, the devices and the dates may hold.
const LINE_BREAK = /[\r\n\t]/

/** Plain text, trimmed, required: on one line unless `multiline`. */
const plain = (max: number, missing: CollectionProblem, multiline = false) =>
  v.pipe(
    multiline
      ? v.pipe(
          text,
          v.transform((value) => value.trim()),
        )
      : oneLine,
    v.nonEmpty<string, CollectionProblem>(missing),
    v.maxLength<string, number, CollectionProblem>(max, 'tooLong'),
    v.check<string, CollectionProblem>(
      (value) => !CONTROL.test(value) && (multiline || !LINE_BREAK.test(value)) && !MARKUP.test(value),
      'plainText',
    ),
  )

const phoneField = v.pipe(
  oneLine,
  v.check<string, CollectionProblem>(
    (phone) => phone.length > 0 && phone.length <= COLLECTION_LIMITS.phone && UK_PHONE.test(phone),
    'phoneInvalid',
  ),
)

/**
 * The business's SIC code (SIC 2007: five digits, as Companies House lists it), for its waste
 * transfer note: optional, as a sole trader or a charity may not have one to hand; empty is null.
 * Spaces typed inside it are dropped.
 */
const sicCodeField = v.pipe(
  oneLine,
  v.transform((value) => value.replace(/\s/g, '')),
  v.check<string, CollectionProblem>((value) => value === '' || /^\d{5}$/.test(value), 'sicCodeInvalid'),
  v.transform((value) => value || null),
)

/** A whole number of devices, no fewer than the editors' minimum. */
const deviceCountField = (minimum: number) =>
  v.pipe(
    oneLine,
    v.check<string, CollectionProblem>((value) => /^\d{1,6}$/.test(value), 'deviceCountInvalid'),
    v.transform((value) => Number(value)),
    v.check<number, CollectionProblem>((count) => count <= MOST_DEVICES, 'deviceCountInvalid'),
    v.check<number, CollectionProblem>((count) => count >= minimum, 'deviceCountTooFew'),
  )

const collectionSchema = (minimum: number) =>
  v.pipe(
    formSchema({
      organisation: plain(COLLECTION_LIMITS.organisation, 'organisationMissing'),
      contactName: plain(COLLECTION_LIMITS.contactName, 'contactNameMissing'),
      email: emailField,
      phone: phoneField,
      address: plain(COLLECTION_LIMITS.address, 'addressMissing', true),
      postcode: normalised<CollectionProblem>(normalisePostcode, 'postcodeInvalid', 'postcodeInvalid'),
      deviceCount: deviceCountField(minimum),
      devices: plain(COLLECTION_LIMITS.devices, 'devicesMissing', true),
      preferredDates: plain(COLLECTION_LIMITS.preferredDates, 'preferredDatesMissing', true),
      sicCode: sicCodeField,
    }),
    // The honeypot's empty value is no part of the request.
    v.transform(
      ({
        organisation,
        contactName,
        email,
        phone,
        address,
        postcode,
        deviceCount,
        devices,
        preferredDates,
        sicCode,
      }) => ({
        organisation,
        contactName,
        email,
        phone,
        address,
        postcode,
        deviceCount,
        devices,
        preferredDates,
        sicCode,
      }),
    ),
  )

export type CollectionInput = v.InferOutput<ReturnType<typeof collectionSchema>>

/**
 * The form's rules for the editors' minimum. The shared e-mail and robot checks answer in their
 * own codes; they are named here in this form's words.
 */
export function validateCollectionRequest(body: unknown, minimum: number) {
  const checked = validatorFor<string, ReturnType<typeof collectionSchema>>(collectionSchema(minimum))(body)
  if (checked.ok) return checked
  return {
    ok: false as const,
    errors: checked.errors.map(({ field, code }) => ({ field, code: asCollectionProblem(field, code) })),
  }
}

function asCollectionProblem(field: string, code: string): CollectionProblem {
  if ((COLLECTION_PROBLEMS as readonly string[]).includes(code)) return code as CollectionProblem
  if (field === 'email') {
    if (code === 'too_long') return 'tooLong'
    return code === 'invalid_characters' ? 'plainText' : 'emailInvalid'
  }
  // A robot's filled-in honeypot, or a field no form of ours sends.
  return 'spam'
}
