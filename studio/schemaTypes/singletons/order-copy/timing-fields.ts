import { defineField } from 'sanity'
import { requiredString } from '../../fields'

const days = (name: string, title: string, description: string, min: number, max: number) =>
  defineField({
    name,
    title,
    type: 'number',
    description,
    validation: (rule) => rule.required().integer().min(min).max(max),
  })

/** Numbers editors can change. How long a price is held lives in Pricing rules. */
export const timingFields = [
  days(
    'revisedOfferDays',
    'Days to answer a revised offer',
    'How many days a seller has to accept or decline a revised offer, counted from the day we send it.',
    1,
    60,
  ),
  defineField({
    name: 'reminderDaysBefore',
    title: 'Reminder, days before the deadline',
    type: 'number',
    description:
      'A reminder e-mail goes this many days before a revised offer’s deadline. Keep it below the days to answer.',
    validation: (rule) =>
      rule
        .required()
        .integer()
        .min(1)
        .max(30)
        .custom((value, context) => {
          const offerDays = (context.parent as { revisedOfferDays?: number } | undefined)?.revisedOfferDays
          return value === undefined || offerDays === undefined || value < offerDays
            ? true
            : 'Send the reminder before the deadline: use fewer days than the days to answer.'
        }),
  }),
  days(
    'checkWorkingDays',
    'Working days to check a device',
    'How many working days (Monday to Friday) after a parcel arrives we promise to have checked its devices. The staff dashboard counts the orders waiting longer and draws it on its charts. The sentences that promise it to sellers (the “Device received” status, its e-mail, How it works) say it in words: change them with it.',
    1,
    10,
  ),
  days(
    'returnWorkingDays',
    'Working days to send a return',
    'How many working days staff have to post a device back once its return is due. Sellers are promised no number; the staff lists show each return’s age against it and the dashboard counts those sent late.',
    1,
    10,
  ),
  days(
    'claimHours',
    'Hours a claim lasts',
    'How many hours an order a member of staff claims stays theirs before anyone can claim it, so that nothing stays with someone who has left or gone home. Claiming it again starts the hours again.',
    1,
    72,
  ),
  days(
    'lockWorkingDays',
    'Working days to remove a lock',
    'How many working days a seller has to remove an activation lock (Find My, Google’s) once we hold their device for it. A reminder is e-mailed a working day before; past it, the device is sent back free.',
    2,
    30,
  ),
  days(
    'quarantineDays',
    'Days a flagged device is held',
    'How long we hold a device flagged as lost or stolen before its order closes.',
    1,
    365,
  ),
  defineField({
    name: 'lapsedOffer',
    title: 'What happens to an unanswered offer',
    type: 'string',
    description:
      'What happens to a device whose new price nobody answers by its deadline: we accept it for the seller and pay, or we send the device back free. The Terms, the order page and the e-mails say it through the site fact {unansweredOffer}, made from the two sentences below.',
    options: {
      list: [
        { title: 'Accept it and pay the seller', value: 'accept' },
        { title: 'Send the device back free', value: 'return' },
      ],
      layout: 'radio',
    },
    validation: (rule) => rule.required(),
  }),
  days(
    'bankDetailsDays',
    'Days bank details are kept after an order ends',
    'How many days after an order is paid, sent back, cancelled or expired the seller’s full bank details are deleted (the last four digits stay with the order). Elsewhere, write {bankDetailsDays}; the privacy policy does.',
    1,
    365,
  ),
  days(
    'identityPhotoDays',
    'Days an unchecked identity photo is kept',
    'A photo of a seller’s identity document that staff have not yet looked at is deleted this many days after it was sent, or as soon as its order is cancelled, sent back or expired (once staff record a verdict it is deleted at once). The seller can send another through their link while it works. Elsewhere, write {identityPhotoDays}; the privacy policy does.',
    1,
    90,
  ),
  days(
    'recordYears',
    'Years an order is kept',
    'How many years after it was placed an order is reduced to what HMRC asks a second-hand dealer to keep: the order number, dates, amounts and device models, without the seller’s name, address, e-mail, phone or bank details. At least 6. Elsewhere, write {recordYears}; the privacy policy does.',
    6,
    20,
  ),
  days(
    'astrayDays',
    'Days without a scan before a parcel is astray',
    'A parcel handed in and still on its way to us (its order waiting for it) that the carrier has not scanned for this many days since its last scan is astray (one never handed in is not): the minute job marks it once, e-mails the seller and, if they gave a mobile number, texts them (the words are in the E-mails document), and goods-in lists it under "Astray". Elsewhere, write {astrayDays}.',
    2,
    30,
  ),
  requiredString(
    'unansweredAccept',
    'Unanswered: accepted',
    'How the site says "accept" above, after "If you do not answer by the deadline,", for example "we accept the new price for you and pay it". Shown as {unansweredOffer} when that is the choice.',
  ),
  requiredString(
    'unansweredReturn',
    'Unanswered: sent back',
    'How the site says "send back" above, after "If you do not answer by the deadline,", for example "we send the device back to you free". Shown as {unansweredOffer} when that is the choice.',
  ),
]
