import { defineField } from 'sanity'
import { requiredString, templateString } from '../../fields'

/**
 * Proof of identity: when an order asks for it (above an amount, a bank account another order was
 * paid to, or staff's request), the seller's upload page reached from their e-mail, and the staff
 * words for asking and for recording that a document was seen. Until it is seen, the order is not paid.
 */
export const identityFields = [
  defineField({
    name: 'askAbovePence',
    title: 'Asked above (pence)',
    type: 'number',
    description:
      'An order worth more than this many pence asks the seller for proof of identity when it is placed. Whole pence: 100000 is £1,000.',
    validation: (rule) => rule.required().integer().min(0).max(10_000_000),
  }),
  defineField({
    name: 'askWhenAccountShared',
    title: 'Asked when another seller used the bank account',
    type: 'boolean',
    description:
      'On: an order paid to a bank account that another seller’s order was paid to (the staff page’s related orders, "bank account"; the same e-mail address selling again is not another seller) asks the seller for proof of identity when it is placed.',
    validation: (rule) => rule.required(),
  }),
  requiredString(
    'pageHeading',
    'Order page heading',
    'The heading over proof of identity on the seller’s own order page, for example "Proof of identity". (The upload page’s heading is its page title, in Pages.)',
  ),
  templateString(
    'pageIntro',
    'Upload page introduction',
    'Under the heading: why it is asked and what to send. {reference} becomes the order number.',
    ['reference'],
  ),
  requiredString(
    'documentLegend',
    'Document question',
    'The question over the document types, for example "Which document is it?".',
  ),
  requiredString('passport', 'Passport', 'A document type, for example "Passport".'),
  requiredString('drivingLicence', 'Driving licence', 'A document type, for example "UK photocard driving licence".'),
  requiredString('identityCard', 'Identity card', 'A document type, for example "National identity card".'),
  requiredString('fileLabel', 'Photo field', 'The label of the photo field, for example "A photo of the document".'),
  templateString(
    'fileHint',
    'Photo field hint',
    'Under the photo field: the kinds of photo taken and the size limit. {megabytes} becomes the limit.',
    ['megabytes'],
  ),
  requiredString('submit', 'Send button', 'For example "Send the photo".'),
  requiredString(
    'uploaded',
    'Sent',
    'After the photo was sent: it waits for staff to look at it, for example "Thank you. We have your photo."',
  ),
  templateString(
    'sellerWaiting',
    'Order page: asked',
    'On the seller’s own order page while no photo has been sent: that we pay once we have seen a document, and to use the link in the e-mail. {asked} becomes the day it was asked (the e-mail’s day). The page cannot show the link itself: only the e-mail holds it.',
    ['asked'],
  ),
  requiredString(
    'sellerSent',
    'Order page: photo sent',
    'On the seller’s own order page once a photo was sent and before staff looked at it, for example "Your photo has arrived and waits for our team".',
  ),
  requiredString(
    'sellerRefused',
    'Order page: document refused',
    'On the seller’s own order page once staff refused the document sent, until they ask again: that the order is not paid yet and what the seller can do. Staff ask again from the order’s page, which e-mails a new link.',
  ),
  requiredString(
    'linkInvalid',
    'Link not valid',
    'When the link is damaged, replaced by a newer one, or the order no longer asks for a document.',
  ),
  requiredString('documentMissing', 'No document type', 'When no document type was chosen.'),
  requiredString('fileMissing', 'No photo', 'When no photo was sent.'),
  requiredString('fileNotImage', 'Not a photo', 'When the file is not a JPEG, PNG, WebP, HEIC or AVIF photo.'),
  templateString(
    'fileTooLarge',
    'Photo too large',
    'When the photo is over the limit. {megabytes} becomes the limit.',
    ['megabytes'],
  ),
  requiredString('fileUnreadable', 'Photo unreadable', 'When the file claims to be a photo and cannot be opened.'),
  requiredString(
    'staffHeading',
    'Staff heading',
    'Above the identity panel on an order’s staff page, for example "Proof of identity".',
  ),
  requiredString(
    'askButton',
    'Ask button',
    'On an order’s staff page, for example "Ask the seller for proof of identity".',
  ),
  requiredString(
    'becauseAmount',
    'Asked for the amount',
    'Why it was asked, for example "The order is above the amount set".',
  ),
  requiredString(
    'becauseDuplicate',
    'Asked for a shared bank account',
    'Why it was asked, for example "Another order was paid to the same bank account".',
  ),
  requiredString('becauseStaff', 'Asked by staff', 'Why it was asked, for example "Asked by staff".'),
  templateString('askedAt', 'Asked at', 'On the staff page: {at} becomes when it was asked, {because} why.', [
    'at',
    'because',
  ]),
  requiredString('waiting', 'Waiting', 'Before the seller sent a photo, for example "Waiting for the seller’s photo".'),
  templateString(
    'uploadedAt',
    'Photo sent at',
    'On the staff page: {at} becomes when the photo was sent, {document} its type.',
    ['at', 'document'],
  ),
  requiredString(
    'viewPhoto',
    'See the photo',
    'On the staff page, the link that opens the photo sent, for example "See the photo".',
  ),
  requiredString('seenButton', 'Seen button', 'For example "The document is genuine and matches the seller".'),
  requiredString('refuseButton', 'Refuse button', 'For example "Refuse the document".'),
  templateString(
    'seen',
    'Seen',
    'On the staff page once recorded: {document} (the type), {name} (who saw it), {at} (when). The photo itself is gone by then.',
    ['document', 'name', 'at'],
  ),
  templateString('refused', 'Refused', 'On the staff page once refused: {document}, {name} and {at}.', [
    'document',
    'name',
    'at',
  ]),
  requiredString(
    'notPaid',
    'Not paid until seen',
    'When staff try to pay an order whose proof of identity is not seen yet, for example "Not paid until the seller’s proof of identity is seen".',
  ),
  requiredString('alreadyAsked', 'Already asked', 'When staff ask on an order that is already waiting for a document.'),
  requiredString(
    'askEnded',
    'Order ended',
    'When staff ask on an order that is paid, sent back, cancelled, expired or closed: it will not be paid, so nothing is asked.',
  ),
  requiredString(
    'staffAlreadySeen',
    'Already seen (staff)',
    'When staff ask on an order whose seller’s document was already seen: nothing more to ask, for example "This seller’s proof of identity has already been seen for this order".',
  ),
  requiredString('askEvent', 'In the history: asked', 'For example "Asked for proof of identity".'),
  requiredString('uploadEvent', 'In the history: photo sent', 'For example "Proof of identity sent".'),
  requiredString('seenEvent', 'In the history: seen', 'For example "Proof of identity seen".'),
  requiredString('refuseEvent', 'In the history: refused', 'For example "Proof of identity refused".'),
  requiredString(
    'photoRemovedEvent',
    'In the history: photo deleted unchecked',
    'When the minute job deleted a photo nobody checked in time, or whose order ended (Timings → Days an unchecked identity photo is kept), for example "Unchecked identity photo deleted".',
  ),
]
