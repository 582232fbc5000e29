import { EnvelopeIcon } from '@sanity/icons/Envelope'
import { defineField, defineType } from 'sanity'
import { requiredString, requiredText, templateString, templateText } from '../fields'

const message = (name: string, title: string, placeholders: string) =>
  defineField({
    name,
    title,
    type: 'emailMessage',
    description: `Placeholders: {name} (the seller’s name), {productName}, {phone} and {email} (our contact details)${placeholders}.`,
    validation: (rule) => rule.required(),
  })

/** The words of every e-mail the site sends. */
export const emailCopy = defineType({
  name: 'emailCopy',
  title: 'E-mails',
  type: 'document',
  icon: EnvelopeIcon,
  fields: [
    templateString('greeting', 'Greeting', 'The first line of every e-mail. {name} becomes the seller’s name.', [
      'name',
    ]),
    requiredText('signOff', 'Sign-off', 'The last lines of every e-mail, for example "Thank you" and the team’s name.'),
    requiredText(
      'footer',
      'Footer',
      'Small print under every e-mail. {productName}, {phone} and {email} become our name and contact details.',
    ),
    message('verifyEmail', 'Verify your e-mail', ', {hours} (how long the link works)'),
    message('existingAccount', 'Sign-up with an address that has an account', ''),
    message('resetPassword', 'Reset your password', ', {minutes} (how long the link works)'),
    message('passwordChanged', 'Password changed', ''),
    message('accountDeleted', 'Account deleted', ''),
    message('staffInvitation', 'Staff invitation', ', {hours} (how long the set-up link works)'),
    message('staffTwoStepReset', 'Staff two-step login reset', ', {hours} (how long the set-up link works)'),
    requiredString(
      'greetingNoName',
      'Greeting without a name',
      'The first line of an e-mail to someone whose name we do not know (a newsletter sign-up), for example "Hello,".',
    ),
    requiredText(
      'subscriptionFooter',
      'Footer of subscription e-mails',
      'Small print under e-mails to subscribers (confirmations and price alerts), in place of the footer above, above the unsubscribe link. {productName}, {phone} and {email} become our name and contact details.',
    ),
    requiredString(
      'unsubscribeLabel',
      'Unsubscribe link',
      'The words of the unsubscribe link at the foot of every e-mail to a subscriber, for example "Unsubscribe".',
    ),
    message('newsletterConfirm', 'Newsletter sign-up: confirm', ', {days} (how long the link works)'),
    message(
      'priceAlertConfirm',
      'Price alert: confirm',
      ', {model} (the make and model) and {days} (how long the link works)',
    ),
    message(
      'priceAlert',
      'Price alert: the price went up',
      ', {model} (the make and model), {oldPrice} (the best price before) and {price} (the best price now)',
    ),
    message(
      'policyChanged',
      'Policy changed',
      ', {pageTitle} (the page that changed), {changedOn} (the day the change takes effect) and {summary} (what changed, as the Policy change document says it). Sent once to everyone whose data we hold (accounts, orders, subscribers), for a policy change ticked to be told by e-mail; it has no name to greet, so it opens with the greeting without a name. Its button opens the page',
    ),
    message(
      'contactReceived',
      'Contact message (to us)',
      ', {senderName}, {senderEmail}, {senderPhone} (the sender’s details, as they typed them) and {message} (what they wrote). Sent to the e-mail address in Site settings; answering it replies to the sender',
    ),
    message(
      'collectionRequested',
      'Business collection asked for (to the business)',
      ', {organisation}, {deviceCount}, {devices}, {address}, {postcode} and {preferredDates} (the request, as they typed it); {name} is the contact’s name. Sent to the address given on the business recycling page’s form once the request is kept: say what happens next (we call to book a date)',
    ),
    message(
      'collectionClosed',
      'Business collection closed, with its paperwork (to the business)',
      ', {organisation}, {count} (how many devices), {certificate}, {wasteNote} and {report} (the three documents’ numbers); {name} is the contact’s name. Sent when staff close a collection whose devices are all erased: the button opens the certificate’s PDF with every IMEI whole (by a link only they hold; its public check page shows each IMEI’s last digits), the second button the waste transfer note (PDF, by a link only they hold); the itemised report’s link (PDF, by a link only they hold) is listed under its own heading',
    ),
    requiredString(
      'collectionClosedReportHeading',
      'Collection closed: report heading',
      'Above the link to the itemised report in the collection-closed e-mail, for example "Your itemised report".',
    ),
    requiredString(
      'collectionClosedReportLink',
      'Collection closed: report link',
      'The link to the itemised report (a PDF) in the collection-closed e-mail, for example "Download the itemised report (PDF)".',
    ),
    message(
      'collectionQuote',
      'Business collection quote (to the business)',
      ', {organisation}, {count} (how many devices), {recycled} (how many will be recycled), {total} (the total in pounds) and {wasteCarrierNumber} (ours, from Site settings); {name} is the contact’s name. Sent when staff send a collected collection’s quote: the devices and their values are listed after the introduction, with the total. When the total is above £0 its button opens the page where the business gives its bank details (by a link only they hold, used once)',
    ),
    message(
      'collectionRemittance',
      'Business collection remittance statement (to the business)',
      ', {organisation}, {total} (the amount paid), {paidOn} (the day it was paid), {reference} (the payment’s reference on their statement), {count} (how many devices) and {recycled} (how many recycled with no value); {name} is the contact’s name. Sent when a manager pays a collection’s quote by bank transfer: each device with its value (or recycled) is listed after the introduction, with the total paid',
    ),
    message(
      'collectionPaymentReturned',
      'Business collection payment returned (to the business)',
      ', {organisation}, {total} (the quote’s total) and {days} (how many days the new link works); {name} is the contact’s name. Sent when the bank rejects or returns the payment of a collection’s quote: nothing was paid, and its button opens the page to give bank details again (a new link, used once)',
    ),
    message(
      'collectionBankLinkRenewed',
      'Business collection: a new bank details link (to the business)',
      ', {organisation}, {total} (the quote’s total) and {days} (how many days the link works); {name} is the contact’s name. Sent when a manager sends a new link for the business’s bank details (the one before expired or was lost, and no longer works)',
    ),
    requiredString(
      'collectionQuoteHeading',
      'Quote: devices heading',
      'Above the list of devices and their values in the quote, for example "What each device is worth".',
    ),
    templateString(
      'collectionQuoteDevice',
      'Quote: a device',
      'Each device in the quote. {make}, {model}, {imei} and {grade} (the condition grade staff found) become the device’s, for example "{make} {model} (IMEI {imei}), graded {grade}".',
      ['make', 'model', 'imei', 'grade'],
    ),
    requiredString(
      'collectionQuoteRecycled',
      'Quote: a device to be recycled',
      'In place of a value for a device with none, for example "No value: recycled".',
    ),
    requiredText(
      'staffFooter',
      'Footer of e-mails to us',
      'Small print under the e-mails the site sends the business itself (a contact message), in place of the footer above. {productName} becomes our name.',
    ),
    requiredString(
      'contactNoPhone',
      'No phone number given',
      'In place of {senderPhone} when the sender gave no phone number, for example "not given".',
    ),
    requiredString(
      'orderItemsHeading',
      'Devices heading',
      'Above the list of devices and prices in order e-mails, for example "Your devices".',
    ),
    requiredString('totalLabel', 'Total', 'Under the list of devices in order e-mails, for example "Total".'),
    templateString(
      'revisedPriceRow',
      'A device’s new price',
      'Beside each device whose price changed, in the revised offer e-mails. {old} becomes the price we first offered and {new} the new one, for example "{old}, now {new}".',
      ['old', 'new'],
    ),
    requiredString(
      'photosHeading',
      'Photos heading',
      'Above the links to the photos of the check in the revised offer e-mails, for example "Photos from our check".',
    ),
    templateString(
      'photoLink',
      'Photo link',
      'Each link to a photo. {number} becomes the photo’s number and {device} the device, for example "Photo {number} of your {device}".',
      ['number', 'device'],
    ),
    message(
      'orderConfirmation',
      'Order placed',
      ', {reference} (the order number), {total} (what we pay) and {holdUntil} (the last day the price is held). Its button opens the order; its second button opens the free postage label as a PDF',
    ),
    requiredText(
      'postagePackNote',
      'Postage pack on its way',
      'Added to the order placed e-mail, before its buttons, when the seller asked for a postage pack: what comes, and when.',
    ),
    message('deviceReceived', 'Device received', ', {reference} (the order number)'),
    message(
      'checked',
      'Devices checked',
      ', {reference} (the order number) and {results} (each device and what the stolen-device register said, a line each). Sent once the register has answered for every device and none is reported lost or stolen',
    ),
    message(
      'quarantined',
      'On hold: reported lost or stolen',
      ', {reference} (the order number) and {results} (the devices the register flagged, each with its certificate number). Sent when an order is quarantined, by itself on a register fail or by staff',
    ),
    message(
      'released',
      'Hold ended: checked again',
      ', {reference} (the order number) and {results} (each device and what the register said when we checked it again, a line each). Sent when staff end a hold early because every device now passes the register (or a record on it was looked into and cleared): we pay next',
    ),
    message(
      'heldReturned',
      'Hold ended: sent back',
      ', {reference} (the order number) and {results} (each device and what the register said when we checked it again, a line each). Sent when staff send a held device back because it is no longer reported lost or stolen but cannot be paid for. The tracking number follows in the sent back e-mail',
    ),
    message(
      'refused',
      'Not bought: sent back',
      ', {reference} (the order number) and {reason} (each device we cannot buy, with why: the device checklist’s words, a line each). Sent when the check refuses a device (not the device ordered): it is posted back free, and the tracking number follows in the sent back e-mail',
    ),
    message(
      'lostInCare',
      'Lost or damaged in our care',
      ', {reference} (the order number), {total} (what we pay) and {account} (where it goes). Sent when a manager records that a device was lost or damaged while we had it: we pay the price the seller agreed, as the terms promise, and the paid e-mail follows',
    ),
    message(
      'identityAsked',
      'Proof of identity asked',
      ', {reference} (the order number) and {days} (how long the link works). Sent when an order asks for proof of identity. Its button opens the seller’s upload page',
    ),
    message(
      'lockHeld',
      'Activation lock: how to remove it',
      ', {reference} (the order number), {devices} (the locked devices), {steps} (the steps below for Apple, Google or both, as the devices need) and {deadline} (the last day to remove it). Sent when staff hold a device for a lock. Its button opens the order page, where the seller says the lock is removed',
    ),
    message(
      'lockReminder',
      'Activation lock: reminder',
      ', {reference}, {devices}, {steps} and {deadline}, as in the e-mail above. Sent a working day before the deadline, when the seller has not said the lock is removed',
    ),
    message(
      'lockReturned',
      'Activation lock: sent back',
      ', {reference} (the order number) and {devices} (the locked devices). Sent when the deadline passes with the lock still on: the device is sent back free; the tracking number follows in the sent back e-mail',
    ),
    message(
      'erasureCertificate',
      'Data erased: your certificate',
      ', {reference} (the order number), {device} (the device erased) and {number} (its certificate’s number). Sent when a device from the order passes its erasure. Its button opens the certificate’s check page; the second button, the certificate as a PDF',
    ),
    requiredText(
      'lockStepsApple',
      'Steps to remove an Apple lock',
      'In {steps}, for an Apple device: how to remove Find My from afar, for example at icloud.com/find.',
    ),
    requiredText(
      'lockStepsGoogle',
      'Steps to remove a Google lock',
      'In {steps}, for any other device: how to remove the Google (and Samsung) account from afar.',
    ),
    templateString(
      'registerLine',
      'Register result line',
      'One device’s line in {results}: {device} (the device), {result} (one of the four words below) and {certificate} (the register’s certificate number).',
      ['device', 'result', 'certificate'],
    ),
    requiredString('registerPass', 'Register: passed', 'In {results}, for example "no record of loss or theft".'),
    requiredString(
      'registerCaution',
      'Register: caution',
      'In {results}: the register has a record that is not a theft, such as finance or a network block.',
    ),
    requiredString(
      'registerCleared',
      'Register: record cleared',
      'In {results}: a record on the register (not a theft) that we looked into and cleared, for example "a record we looked into and cleared".',
    ),
    requiredString('registerFail', 'Register: failed', 'In {results}, for example "reported lost or stolen".'),
    requiredString(
      'registerWaiting',
      'Register: waiting',
      'In {results}, for a device the register has not answered for yet (shown without a certificate).',
    ),
    message(
      'revisedOffer',
      'Revised offer',
      ', {reference} (the order number), {total} (the new total if every new price is accepted), {deadline} (the last day to reply) and {reason} (why each price changed). The seller accepts or declines each device on the order page: the button opens it',
    ),
    message(
      'revisedOfferReminder',
      'Revised offer reminder',
      ', {reference} (the order number), {total} (the new total) and {deadline} (the last day to reply)',
    ),
    message(
      'paid',
      'Paid',
      ', {reference} (the order number), {total} (what we paid), {account} (the account paid, as the seller’s way of being paid names it: "the account ending 5678", "the PayPal account s•••@e•••.com"), {last4} (the last digits of the account) and {reviewSite} (the review site). Sent once the bank (or PayPal) has confirmed the payment. Its second button opens our page on the review site (the address is in Site settings, under the rating)',
    ),
    message(
      'paymentFailed',
      'Payment failed',
      ', {reference} (the order number), {total} (what we pay), {account} (the account we tried, as the seller’s way of being paid names it) and {last4} (the last digits of the account we tried). Sent when the bank (or PayPal) refuses or returns the payment: ask the seller to check their payment details. Its button opens the order’s page, where they can change them',
    ),
    message(
      'labelReady',
      'Tracked label ready',
      ', {reference} (the order number) and {tracking} (the tracking number). Sent when the carrier could not make the tracked label as the order was placed, once it has: its second button opens the label',
    ),
    message(
      'parcelAstray',
      'Parcel astray',
      ', {reference} (the order number), {tracking} (the tracking number) and {astrayDays} (the days without a scan, Orders, Timings). Sent once when the carrier has not scanned the seller’s parcel for that many days: say what to do (keep the proof of postage, reply or call us). Its button opens the order’s page',
    ),
    templateText(
      'parcelAstrayText',
      'Text message: parcel astray',
      'The text sent with that e-mail, once, to a seller who gave a mobile number at checkout (and to nobody else). {reference} becomes the order number; {tracking}, {astrayDays}, {phone} and {email} may be used too. Keep it under 160 characters: a longer text is sent as two or more, each paid for.',
      ['reference'],
    ),
    message('returnRequested', 'Device asked back', ', {reference} (the order number)'),
    message('returned', 'Device sent back', ', {reference} (the order number) and {tracking} (the tracking number)'),
    message('cancelled', 'Order cancelled', ', {reference} (the order number)'),
    message(
      'expired',
      'Price hold ended',
      ', {reference} (the order number) and {holdDays} (the days a price is held)',
    ),
    message(
      'payoutCode',
      'Code to change bank details',
      ', {reference} (the order number), {code} (the 6-digit code) and {minutes} (how long it works)',
    ),
    message(
      'payoutChanged',
      'Bank details changed',
      ', {reference} (the order number), {account} (the new account, as the checkout words name it) and {until} (when we may pay)',
    ),
    message(
      'manualOffer',
      'Our offer for a device not in the list',
      ', {model} (the device as staff typed it), {price} (what we offer) and {until} (when the offer closes). Sent when staff make an offer from a contact message about a device not in the catalogue, to the address the message came from. Its button opens checkout with the offer, where filling in the form accepts it',
    ),
    message(
      'recyclingConfirmation',
      'Free recycling order placed',
      ', {reference} (the order number) and {holdUntil} (the day to post by). Sent instead of the order e-mail when a seller accepts a free recycling offer: nothing is paid, so no price is named. Its second button prints the free postage label',
    ),
    message(
      'recyclingChecked',
      'Free recycling order checked',
      ', {reference} (the order number) and {results} (each device’s stolen-device register result). Sent instead of the "checked" e-mail for a free recycling order: nothing is paid; next, we recycle the device',
    ),
    message(
      'manualRecyclingOffer',
      'Our offer to recycle a device for free',
      ', {model} (the device as staff typed it) and {until} (when the offer closes). Sent instead of the offer above when staff offer free recycling for a device with no resale value: nothing is paid, so say so (never "£0.00"). Its button opens checkout with the offer, where the seller gives their address for the free label, and no payout details',
    ),
    message(
      'payoutChangedStaff',
      'Bank details changed (to us)',
      ', {reference} (the order number), {account} (the new account, as the checkout words name it) and {until} (when it may be paid). Sent to the e-mail address in Site settings',
    ),
  ],
  preview: { prepare: () => ({ title: 'E-mails' }) },
})
