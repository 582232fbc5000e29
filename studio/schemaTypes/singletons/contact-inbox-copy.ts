import { InboxIcon } from '@sanity/icons/Inbox'
import { defineField, defineType } from 'sanity'
import { copyGroup as group, requiredString, templateString } from '../fields'
import { collectionPaymentGroup } from './contact-inbox-collection-payment'
import { collectionsGroup } from './contact-inbox-collections'

/**
 * Every word of the staff pages for contact-form messages, the working days promised for a reply,
 * and how long a closed one is kept; and the staff pages' words for business collection requests.
 */
export const contactInboxCopy = defineType({
  name: 'contactInboxCopy',
  title: 'Contact inbox',
  type: 'document',
  icon: InboxIcon,
  groups: [
    { name: 'list', title: 'Messages list', default: true },
    { name: 'statuses', title: 'Statuses' },
    { name: 'message', title: 'One message' },
    { name: 'offers', title: 'Offers' },
    { name: 'replying', title: 'Replying' },
    { name: 'retention', title: 'Keeping messages' },
    { name: 'collections', title: 'Business collections' },
    { name: 'collectionPayment', title: 'Business collection payment' },
  ],
  fields: [
    group('list', 'Messages list', 'The list of contact-form messages at /admin/messages, seen only by staff.', [
      requiredString('heading', 'Heading', 'Above the list, for example "Contact messages".'),
      requiredString(
        'staffHomeLink',
        'Link from the staff home',
        'The link from the list of orders to the messages, for example "Contact messages".',
      ),
      requiredString('backToOrders', 'Back to the orders', 'The link back to the orders, for example "All orders".'),
      templateString(
        'retentionNote',
        'How long answered and closed messages stay',
        'Under the heading. {days} becomes the days an answered or closed message is kept (set under Keeping messages).',
        ['days'],
      ),
      requiredString('statusFilter', 'Status filter', 'The label of the status filter, for example "Status".'),
      requiredString(
        'allStatuses',
        'All statuses',
        'The first choice of the status filter, for example "All messages".',
      ),
      requiredString('search', 'Search', 'The label of the search field: say what it searches.'),
      requiredString('searchButton', 'Search button', 'For example "Search".'),
      requiredString('empty', 'No messages', 'When no message matches the filter and search.'),
      requiredString('receivedColumn', 'Received column', 'For example "Received".'),
      requiredString('senderColumn', 'Sender column', 'For example "From". Each name opens its message.'),
      requiredString('emailColumn', 'E-mail column', 'For example "E-mail address".'),
      requiredString('messageColumn', 'Message column', 'The start of each message, for example "Message".'),
      requiredString('statusColumn', 'Status column', 'For example "Status".'),
      requiredString(
        'waitingColumn',
        'Waiting column',
        'How long a new message has waited for a reply, against the promise (set under Replying), for example "Waiting".',
      ),
      templateString(
        'timerWaited',
        'Time waited',
        'In the waiting column. {waited} becomes the whole working days waited so far, {promise} the working days promised, for example "{waited} of {promise} working days".',
        ['waited', 'promise'],
      ),
      requiredString(
        'timerLate',
        'Late',
        'After a message waiting past the promise, in words (not colour alone), for example "Late".',
      ),
    ]),
    group('statuses', 'Statuses', 'What staff read for where a message stands, in the list and on its page.', [
      requiredString('new', 'New', 'A message nobody has answered yet, for example "New".'),
      requiredString('answered', 'Answered', 'A message someone has replied to, for example "Answered".'),
      requiredString(
        'closed',
        'Closed',
        'A message that needs nothing more, for example "Closed". It is deleted once kept for the days set under Keeping messages.',
      ),
    ]),
    group('message', 'One message', 'One message at /admin/messages/…, with what staff can do to it.', [
      requiredString('backToList', 'Back to the list', 'The link back to the list, for example "All messages".'),
      templateString(
        'heading',
        'Heading',
        'The page’s heading. {name} becomes the sender’s name, for example "Message from {name}".',
        ['name'],
      ),
      requiredString('statusLabel', 'Status', 'For example "Status".'),
      requiredString('receivedLabel', 'Received', 'For example "Received".'),
      requiredString('senderHeading', 'Sender heading', 'Above the sender’s details, for example "Sender".'),
      requiredString('nameLabel', 'Name', 'For example "Name".'),
      requiredString('emailLabel', 'E-mail address', 'For example "E-mail address".'),
      requiredString('phoneLabel', 'Phone number', 'For example "Phone number".'),
      requiredString('noPhone', 'No phone number', 'When the sender gave none, for example "Not given".'),
      requiredString('messageHeading', 'Message heading', 'Above what the sender wrote, for example "Message".'),
      requiredString('actionsHeading', 'Actions heading', 'Above the buttons, for example "Change the status".'),
      requiredString(
        'markAnswered',
        'Mark answered',
        'The button for a message replied to, for example "Mark answered".',
      ),
      requiredString('close', 'Close', 'The button for a message that needs nothing more, for example "Close".'),
      requiredString('reopen', 'Reopen', 'The button that makes a message new again, for example "Reopen".'),
      templateString('done', 'Done', 'After a change went through. {status} becomes the message’s status now.', [
        'status',
      ]),
      templateString(
        'moved',
        'Changed by someone else',
        'When another member of staff changed the message first, so nothing was changed. {status} becomes its status now.',
        ['status'],
      ),
      requiredString('invalid', 'Change not possible', 'When the change asked for cannot be made to this message.'),
      requiredString(
        'unavailable',
        'Could not be saved',
        'When the change could not be saved just now, for example "Not saved: try again in a minute.".',
      ),
      requiredString(
        'historyHeading',
        'History heading',
        'Above who changed the message and when, for example "History".',
      ),
      requiredString(
        'historyReceived',
        'Received, in the history',
        'The first line of the history, for example "Received through the contact form".',
      ),
      templateString(
        'historyChange',
        'A change, in the history',
        'One line per change. {name} becomes the staff member’s name when they made it, {from} and {to} the statuses before and after.',
        ['name', 'from', 'to'],
      ),
    ]),
    group(
      'offers',
      'Offers',
      'Our offer for a device not in the catalogue, made from its message (the pages promise "contact us and we set up the order for you"): the form on the message’s page, the offers made, and the count on the staff home.',
      [
        requiredString('heading', 'Heading', 'Above the offers and the form, for example "Offers".'),
        requiredString('model', 'Model', 'The device as the sender named it, for example "Make, model and storage".'),
        requiredString('price', 'Price', 'The price in pounds, for example "Price (£)".'),
        templateString(
          'priceHint',
          'Price hint',
          'Under the price. {min} and {max} become the lowest and highest price allowed.',
          ['min', 'max'],
        ),
        requiredString(
          'recycle',
          'Free recycling',
          'The tick box for a device with no resale value: instead of a price, we recycle it free (nothing is paid, no payout details are asked), for example "Recycle it for free instead (no price: nothing is paid)".',
        ),
        requiredString(
          'recycleFree',
          'Free recycling, in place of a price',
          'In an offer’s line in place of its price, for a free recycling offer, for example "free recycling".',
        ),
        requiredString(
          'reason',
          'Reason',
          'Why this price, for example "Why this price (the order’s history keeps it)".',
        ),
        requiredString('submit', 'Send the offer', 'The button, for example "E-mail the offer".'),
        requiredString('made', 'Offer sent', 'After an offer was made and its e-mail queued.'),
        requiredString('withdraw', 'Withdraw', 'The button beside an open offer, for example "Withdraw".'),
        requiredString('withdrawn', 'Offer withdrawn', 'After an offer was withdrawn: its link no longer works.'),
        templateString(
          'line',
          'One offer',
          'One line per offer. {model}, {price}, {status}, {name} (who made it), {at} (when) and {until} (when it closes).',
          ['model', 'price', 'status', 'name'],
        ),
        requiredString('open', 'Open', 'An offer waiting for the seller, for example "Open".'),
        requiredString('accepted', 'Accepted', 'An offer the seller accepted, for example "Accepted".'),
        requiredString('withdrawnStatus', 'Withdrawn', 'An offer staff withdrew, for example "Withdrawn".'),
        requiredString('expired', 'Expired', 'An offer past its time, for example "Expired".'),
        templateString('orderLink', 'Its order', 'The link to the order an accepted offer made. {reference}.', [
          'reference',
        ]),
        requiredString('summary', 'Problems heading', 'Above what stopped an offer, for example "There is a problem".'),
        requiredString('modelMissing', 'Model missing', 'When the model is empty or too long.'),
        requiredString(
          'priceInvalid',
          'Price not allowed',
          'When the price is not an amount within the bounds (and free recycling is not ticked).',
        ),
        requiredString(
          'recycleWithPrice',
          'Price and free recycling both',
          'When a price is typed and free recycling is ticked too: say to choose one.',
        ),
        requiredString('reasonMissing', 'Reason missing', 'When the reason is empty or too long.'),
        requiredString('messageGone', 'Message gone', 'When the message was deleted meanwhile.'),
        requiredString(
          'offerClosed',
          'Offer no longer open',
          'When withdrawing an offer already accepted or withdrawn: nothing changed.',
        ),
        templateString(
          'dashboard',
          'Count on the staff home',
          'On the staff home. {made}, {accepted} and {open} become the offers made (of those kept), accepted and open now.',
          ['made', 'accepted', 'open'],
        ),
      ],
    ),
    collectionsGroup,
    collectionPaymentGroup,
    defineField({
      name: 'replyWorkingDays',
      title: 'Working days to reply',
      type: 'number',
      group: 'replying',
      description:
        'The reply the pages promise to a message (for example "replies to e-mails within one working day"): a new message waiting longer is shown late in the list and counted on the staff home. Working days are Monday to Friday, less bank holidays and the closure days under Orders. Change the pages’ sentence with it.',
      validation: (rule) => rule.required().integer().min(1).max(10),
    }),
    defineField({
      name: 'quoteWorkingDays',
      title: 'Working days to send a business collection’s quote',
      type: 'number',
      group: 'replying',
      description:
        'The quote the business recycling page promises (for example "Within two working days of collecting them we send a quote"): a collection whose quote is not sent this many working days after it was collected is shown "quote late" in the staff list. Working days are Monday to Friday, less bank holidays and the closure days under Orders. Change the page’s sentence with it.',
      validation: (rule) => rule.required().integer().min(1).max(10),
    }),
    defineField({
      name: 'retentionDays',
      title: 'Days a message is kept once answered or closed',
      type: 'number',
      group: 'retention',
      description:
        'An answered or closed message, with its history and the e-mail that brought it to us, is deleted this many days after it was answered or closed (a message reopened starts again). The privacy policy says so through the Site fact {contactKeepDays}: change this and the policy follows. The contact form’s messages are questions: anything about a sale is kept with the order’s record, not here. Personal data is kept only as long as it is needed (data minimisation), so keep this short: long enough to look back at a recent conversation.',
      validation: (rule) => rule.required().integer().min(1).max(365),
    }),
    defineField({
      name: 'collectionContactYears',
      title: 'Years a collection’s contact is kept after its waste transfer note',
      type: 'number',
      group: 'retention',
      description:
        'A business collection that brought devices keeps its record: the devices, the certificate and the waste transfer note, with the organisation’s name and address that the note must state. The person who asked (their name, e-mail address and phone number) is removed this many years after the note was issued. The law asks for a waste transfer note to be kept for at least two years, and the contact is who staff or the regulator ask about the transfer in that time, so at least 2. A request closed with no devices is deleted whole after the days above, as a message is. The privacy policy says so through the Site fact {collectionContactYears}: change this and the policy follows.',
      validation: (rule) => rule.required().integer().min(2).max(10),
    }),
  ],
  preview: { prepare: () => ({ title: 'Contact inbox' }) },
})
