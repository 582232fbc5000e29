import { requiredString, templateString } from '../../fields'

/**
 * Claims on orders and postage packs posted, on the staff pages: who is working on an order, the
 * list's "My work", "Unclaimed" and "Postage packs to post" views, and the dashboard's table of
 * what each person did today. Seen only by staff.
 */
export const claimFields = [
  requiredString('heading', 'Claim heading', 'Above who has an order, on its staff page, for example "Who has it".'),
  requiredString('claimButton', 'Claim button', 'For example "Claim".'),
  requiredString('releaseButton', 'Release button', 'For example "Release".'),
  templateString(
    'releaseOtherButton',
    'Manager’s release button',
    'For a manager, on an order someone else has claimed: {name} becomes who holds it, for example "Release {name}’s claim".',
    ['name'],
  ),
  requiredString(
    'unclaimed',
    'Nobody has it',
    'On an order nobody has claimed, for example "Nobody has claimed this order.".',
  ),
  templateString(
    'claimedByYou',
    'You have it',
    'On an order the reader claimed: {until} becomes when the claim ends by itself.',
    ['until'],
  ),
  templateString(
    'claimedBy',
    'Someone has it',
    'On an order someone else claimed: {name} becomes who, {until} when the claim ends by itself.',
    ['name', 'until'],
  ),
  templateString(
    'taken',
    'Claimed already',
    'When someone claims an order another person holds: {name} becomes who holds it, {until} until when. Nothing changed.',
    ['name', 'until'],
  ),
  templateString(
    'notYours',
    'Only a manager releases another’s claim',
    'When staff who are not managers try to release someone else’s claim: {name} becomes who holds it.',
    ['name'],
  ),
  requiredString(
    'notClaimed',
    'Nothing to release',
    'When a claim is released that has already ended (released, or past its time), for example "Nobody has claimed this order now: there was nothing to release.".',
  ),
  requiredString('claimed', 'Claimed', 'After claiming, for example "You have claimed this order.".'),
  requiredString(
    'released',
    'Released',
    'After releasing a claim, for example "Claim released: anyone can claim the order now.".',
  ),
  requiredString(
    'someone',
    'A member of staff',
    'Who holds a claim when their account has gone, for example "A member of staff".',
  ),
  requiredString('claimEvent', 'Claimed, in the history', 'For example "Claimed".'),
  requiredString('releaseEvent', 'Released, in the history', 'For example "Claim released".'),
  requiredString(
    'claimColumn',
    'Claimed by column',
    'The staff list’s column of who has claimed each order, for example "Claimed by".',
  ),
  requiredString('viewLabel', 'View filter', 'The staff list’s filter of whose work to show, for example "Show".'),
  requiredString('viewAll', 'All orders', 'The view with every order, for example "All orders".'),
  requiredString('viewMine', 'My work', 'The view with the orders the reader has claimed, for example "My work".'),
  requiredString(
    'viewUnclaimed',
    'Unclaimed',
    'The view with the orders still in progress that nobody has claimed (not those paid, returned, cancelled, expired or closed), for example "Unclaimed".',
  ),
  requiredString(
    'viewPacks',
    'Postage packs to post',
    'The view with the orders whose seller asked for a postage pack not yet marked posted, for example "Postage packs to post".',
  ),
  templateString(
    'packPosted',
    'Pack posted',
    'In the list’s postage pack column once posted: {when} becomes the date and time it was marked.',
    ['when'],
  ),
  templateString(
    'packSelect',
    'Choose a pack',
    'The label of the box that chooses one order’s pack to mark posted: {reference} becomes the order number.',
    ['reference'],
  ),
  templateString(
    'packLabel',
    'Pack’s label link',
    'Beside a pack still to post, and on its order’s page: opens the carrier’s tracked label with the packing slip, to print and stick on the padded envelope. {reference} becomes the order number (read aloud in the list), for example "Print the label for {reference} (PDF)".',
    ['reference'],
  ),
  requiredString(
    'packsButton',
    'Mark posted button',
    'Under the list of packs to post, for example "Mark the chosen packs posted".',
  ),
  templateString(
    'packsMarked',
    'Packs marked',
    'After marking: {count} becomes how many packs were marked posted now.',
    ['count'],
  ),
  requiredString(
    'packsNone',
    'No pack marked',
    'When none of the chosen packs was still to post (marked already, or none chosen), for example "None of the chosen packs was still to post: nothing changed.".',
  ),
  requiredString('packEvent', 'Pack posted, in the history', 'For example "Postage pack posted".'),
  templateString(
    'timerWaited',
    'Waited, against the promise',
    'Beside an order waiting for its check or to be sent back: {waited} becomes the whole working days it has waited, {promise} the working days promised for that step.',
    ['waited', 'promise'],
  ),
  templateString(
    'timerAnswer',
    'Waiting for an answer',
    'Beside a revised offer waiting for the seller: {waited} becomes the working days since it was sent, {promise} the days the seller has to answer.',
    ['waited', 'promise'],
  ),
  templateString(
    'timerLock',
    'Waiting for a lock to be removed',
    'Beside a received order held for an activation lock the seller has not said is removed: {waited} becomes the working days of the hold gone by, {promise} the working days the seller is given.',
    ['waited', 'promise'],
  ),
  requiredString(
    'timerLate',
    'Late',
    'After a timer past its promise, in words (not colour alone), for example "Late".',
  ),
  requiredString('lateHeading', 'Late, per step', 'The dashboard’s count of late work, for example "Late".'),
  requiredString('lateCheck', 'Checks late', 'For example "Devices not checked in time".'),
  requiredString('lateAnswer', 'Answers late', 'For example "Revised offers past their deadline".'),
  requiredString('lateReturn', 'Returns late', 'For example "Returns not sent in time".'),
  requiredString(
    'lateReply',
    'Replies late',
    'Contact messages still new past the reply promise (set in the Contact inbox), for example "Messages not answered in time".',
  ),
  requiredString(
    'lateQuote',
    'Business quotes late',
    'Business collections collected and still without their quote past its working days (set in the Contact inbox), for example "Business quotes not sent in time".',
  ),
  requiredString(
    'todayHeading',
    'Per person today',
    'The dashboard’s table heading, for example "Who did what today".',
  ),
  requiredString('personColumn', 'Person column', 'For example "Member of staff".'),
  requiredString(
    'receivedColumn',
    'Received column',
    'Orders the person marked received today, for example "Received".',
  ),
  requiredString('checkedColumn', 'Checked column', 'Orders the person checked today, for example "Checked".'),
  requiredString('returnedColumn', 'Returned column', 'Orders the person sent back today, for example "Returned".'),
  requiredString(
    'todayNone',
    'Nobody yet',
    'When nobody has received, checked or returned anything today, for example "Nothing received, checked or returned yet today.".',
  ),
]
