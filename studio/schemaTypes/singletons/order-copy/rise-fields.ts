import { defineField } from 'sanity'
import { requiredString, templateString } from '../../fields'

/**
 * A revised price above the seller's quote, and the manager who must approve it before the seller
 * is sent it; the revise form's published prices. Seen only by staff, on /admin.
 */
export const riseFields = [
  defineField({
    name: 'approvalAbovePence',
    title: 'A rise needs approval above (pence)',
    type: 'number',
    description:
      'A new price more than this many pence above what the seller was quoted waits for a manager’s approval (another manager’s, when a manager made it) before the seller is sent it. 0: every rise waits. Whole pence: 500 is £5.',
    validation: (rule) => rule.required().integer().min(0).max(500_000),
  }),
  templateString(
    'publishedOption',
    'Published price choice',
    'On the revised offer form, beside each device: the tick box that offers the price we publish for the grade found and its storage, needing no reason. {grade} becomes the grade found, {price} the price.',
    ['grade', 'price'],
  ),
  templateString(
    'publishedReason',
    'Reason for a published price',
    'The reason the seller reads when staff chose our published price, for example "The price we publish for a device in the condition we found: {grade}." {grade} becomes the grade found.',
    ['grade'],
  ),
  requiredString(
    'typedHelp',
    'Another price',
    'Under the price box: that a price other than the published one needs a reason, for example "Or type another price, with the reason.".',
  ),
  requiredString(
    'heading',
    'Waiting rise heading',
    'On an order’s page, above a revised offer waiting for approval, for example "Price rise waiting for approval".',
  ),
  requiredString(
    'waiting',
    'Waiting rise explained',
    'Under that heading: that the seller has not been sent the offer yet.',
  ),
  templateString(
    'proposedBy',
    'Proposed by',
    'Who asked for the rise and when. {name} becomes their name, {when} the date and time.',
    ['name', 'when'],
  ),
  requiredString('quotedColumn', 'Quoted column', 'For example "Quoted".'),
  requiredString('proposedColumn', 'Proposed column', 'For example "Proposed price".'),
  requiredString('reasonColumn', 'Reason column', 'For example "Reason".'),
  requiredString('approveButton', 'Approve button', 'For example "Approve and send to the seller".'),
  requiredString('refuseButton', 'Refuse button', 'For example "Refuse the rise".'),
  requiredString('why', 'Why', 'The label of the manager’s reason, kept in the history, for example "Why".'),
  requiredString(
    'ownRise',
    'Own rise',
    'Shown to the manager who asked for the rise: another manager must approve it.',
  ),
  requiredString('managerNeeded', 'A manager is needed', 'Shown to staff: a manager must approve it.'),
  requiredString(
    'proposed',
    'Sent for approval',
    'After staff made a revised offer above the quote: it waits for a manager before the seller sees it.',
  ),
  requiredString('approved', 'Approved', 'After a manager approved: the seller was sent the revised offer.'),
  requiredString(
    'refused',
    'Refused',
    'After a manager refused: the order is checked again, and a new offer can be made.',
  ),
  requiredString(
    'nothingWaiting',
    'Nothing waiting',
    'When a manager approves or refuses a rise that was decided already (a second click, another manager first).',
  ),
  requiredString(
    'ownRiseRefused',
    'Own rise refused',
    'When a manager tries to approve their own rise: another manager must.',
  ),
  requiredString(
    'alreadyWaiting',
    'Already waiting',
    'When staff make another offer while one waits for approval: decide that one first.',
  ),
  requiredString(
    'unapproved',
    'Unapproved rise',
    'When paying an order whose price is above its quote and no manager approved it: it is not paid until one does.',
  ),
  requiredString(
    'proposeEvent',
    'In the history: asked',
    'In the history, for a rise asked for, for example "Asked for a price above the quote".',
  ),
  requiredString('approveEvent', 'In the history: approved', 'In the history, for example "Approved the price rise".'),
  requiredString('refuseEvent', 'In the history: refused', 'In the history, for example "Refused the price rise".'),
  requiredString(
    'listHeading',
    'List heading',
    'Above the list of rises waiting, for example "Price rises waiting for approval".',
  ),
  requiredString('listNone', 'None waiting', 'When no rise waits, for example "No price rise is waiting.".'),
  requiredString('proposerColumn', 'Asked by column', 'For example "Asked by".'),
  templateString(
    'dashboardLink',
    'Dashboard: rises waiting',
    'On the staff home, linking the list. {count} becomes how many orders wait.',
    ['count'],
  ),
  templateString(
    'dashboardOwn',
    'Dashboard: a manager’s own rises',
    'On the staff home: rises a manager asked for, which only another manager may approve (with one manager, the operator adds a second). {count} becomes how many.',
    ['count'],
  ),
]
