import { requiredLink, requiredString, requiredText, templateString, templateText } from '../../fields'

/** One order, on /order-tracker-details and in the seller's list on /profile. */
export const detailsFields = [
  requiredString('referenceLabel', 'Order number label', 'For example "Order number".'),
  requiredString(
    'labelLink',
    'Print the label again',
    'Until the parcel arrives: the link to the free postage label and packing slip as a PDF, for example "Print your free postage label again (PDF)".',
  ),
  requiredString('placedLabel', 'Placed label', 'Beside the date the order was placed, for example "Placed".'),
  requiredString('statusHeading', 'Status heading', 'Above the order’s status, for example "Where your order is".'),
  requiredString('itemsHeading', 'Devices heading', 'Above the table of devices, for example "Devices".'),
  requiredString('deviceColumn', 'Device column', 'For example "Device".'),
  requiredString(
    'conditionColumn',
    'Condition column',
    'The condition the seller gave, for example "Condition you told us".',
  ),
  requiredString(
    'foundColumn',
    'Condition found column',
    'The grade we gave after checking, for example "Condition we found".',
  ),
  requiredString('priceColumn', 'Price column', 'For example "Price".'),
  requiredString(
    'revisedColumn',
    'Revised price column',
    'Shown when a price was revised, for example "Revised price".',
  ),
  requiredString('totalLabel', 'Total', 'Beside the sum of the prices, for example "Total".'),
  requiredString(
    'timelineHeading',
    'History heading',
    'Above the dated list of events, for example "What has happened".',
  ),
  requiredString('revisedHeading', 'Revised offer heading', 'For example "We have a new offer for you".'),
  templateText(
    'revisedText',
    'Revised offer',
    '{total} becomes the total if every new price is accepted and {date} the last day to reply. Say that each device is answered on its own, and what happens without a reply with the site fact {unansweredOffer}.',
    ['total', 'date'],
  ),
  requiredString(
    'reasonLabel',
    'Reason label',
    'Above our reason for each new price, for example "Why the price changed".',
  ),
  templateString(
    'acceptButton',
    'Accept button',
    'Under each device with a new price. {price} becomes the new price, for example "Accept {price}".',
    ['price'],
  ),
  requiredString(
    'declineButton',
    'Decline button',
    'Under each device with a new price: say the device comes back free, for example "Decline and get it back free".',
  ),
  requiredString('accepted', 'Price accepted', 'Shown after accepting one device’s new price: what happens next.'),
  requiredString('declined', 'Price declined', 'Shown after declining one device’s new price: how it comes back.'),
  requiredString(
    'answeredAccept',
    'Accepted, on the device',
    'Beside a device whose new price was accepted, for example "Accepted: we pay this price.".',
  ),
  requiredString(
    'answeredDecline',
    'Declined, on the device',
    'Beside a device whose new price was declined, for example "Declined: we post it back to you free.".',
  ),
  requiredString(
    'photosHeading',
    'Photos heading',
    'Above the photos of a device from our check, for example "Photos from our check".',
  ),
  templateString(
    'photoAlt',
    'Photo description',
    'What each photo is, for people who cannot see it (staff pages too). {number} becomes the photo’s number and {device} the device, for example "Photo {number} of the {device}".',
    ['number', 'device'],
  ),
  requiredString('cancelButton', 'Cancel button', 'For example "Cancel this order".'),
  requiredText('cancelHelp', 'Cancel help', 'Until when an order can be cancelled.'),
  requiredText(
    'signedLinkNeeded',
    'How to cancel or answer',
    'On an order opened from the tracker (whose number and postcode anyone holding the parcel can read): say that cancelling or answering an offer needs the link in our e-mail, or logging in.',
  ),
  requiredLink('signedLinkLogin', 'Log in link', 'Under "How to cancel or answer", usually to /login?next=/profile.'),
  requiredString('cancelled', 'Order cancelled', 'Shown after cancelling, for example "Your order is cancelled."'),
  templateString(
    'paidTo',
    'Paid to',
    '{account} becomes the account we paid, as the checkout words name it (the account ending 5678).',
    ['account'],
  ),
  templateString(
    'returnTracking',
    'Return tracking',
    '{tracking} becomes the tracking number of the returned parcel.',
    ['tracking'],
  ),
  templateString(
    'parcelTracking',
    'Parcel tracking number',
    'Until the parcel arrives, once the carrier has made its tracked label: {tracking} becomes its tracking number and {insured} what the carrier insures it for, for example "Your parcel’s tracking number: {tracking}. It is insured for {insured}."',
    ['tracking', 'insured'],
  ),
  templateString(
    'parcelTrackingFree',
    'Parcel tracking number, free recycling',
    'The same, for a free recycling order, whose parcel is insured for nothing: {tracking} becomes its tracking number, for example "Your parcel’s tracking number: {tracking}."',
    ['tracking'],
  ),
  requiredString(
    'parcelAccepted',
    'Parcel handed in',
    'In the history, when the carrier scans the parcel at a post office, for example "Handed in at a post office".',
  ),
  requiredString(
    'parcelInTransit',
    'Parcel on its way',
    'In the history, when the carrier scans the parcel on its way to us, for example "On its way to us".',
  ),
  requiredString(
    'parcelDelivered',
    'Parcel arrived',
    'In the history, when the carrier delivers the parcel to us, for example "Arrived at our address".',
  ),
  requiredString(
    'newLabelButton',
    'New label button',
    'Under the label link while the parcel is not yet posted, for example "Get a new postage label".',
  ),
  requiredText(
    'newLabelHelp',
    'New label help',
    'Beside that button: when to use it, and that the old label stops working.',
  ),
  requiredString(
    'newLabelDone',
    'New label made',
    'Said after a new label is made, for example "Here is your new label. The old one no longer works."',
  ),
  requiredString(
    'parcelAstray',
    'Parcel astray',
    'In the history (the seller’s and staff’s), when the carrier has not scanned the parcel for the days set in Timings and the seller has been told, for example "No scan for {astrayDays} days: we have e-mailed you".',
  ),
  requiredString(
    'lostInCare',
    'Lost or damaged in our care',
    'In the seller’s history, when a manager records that a device was lost or damaged while we had it and the seller is paid the price they agreed, for example "Lost or damaged in our care: we pay the price you agreed".',
  ),
  requiredText(
    'freeRecycling',
    'Free recycling order',
    'In place of the status’s explanation for a free recycling order (a £0 offer accepted) until it is taken for recycling: nothing is paid, post the device with the free label, and once it is checked we recycle it.',
  ),
  requiredString('viewOrder', 'View order link', 'The link on each order in the seller’s list on /profile.'),
  requiredString(
    'returnHeading',
    'Send it back heading',
    'Above the button that asks for the device back, for example "Changed your mind?".',
  ),
  requiredText(
    'returnHelp',
    'Send it back help',
    'Until when a seller can ask for the device back free, and what happens next. {payoutHoldHours} and other site facts may be used.',
  ),
  requiredString('returnButton', 'Send it back button', 'For example "Send my device back free".'),
  requiredString(
    'returnRequested',
    'Send it back asked',
    'Shown after asking for the device back, for example "We will send your device back free.".',
  ),
]
