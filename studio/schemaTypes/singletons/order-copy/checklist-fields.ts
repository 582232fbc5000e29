import { requiredString, templateString } from '../../fields'

/**
 * The words of the device checklist on an order's staff page: its labels, what stops it, and the
 * reason a seller reads for a price found at the check. The questions themselves are Device checklists.
 */
export const checklistFields = [
  requiredString(
    'heading',
    'Checklist heading',
    'Above each device’s questions in the check form, for example "Checklist".',
  ),
  requiredString(
    'priceLabel',
    'A different price',
    'The optional price box under the checklist, for example "A different price (leave empty for the price found)".',
  ),
  requiredString(
    'priceHelp',
    'Price help',
    'Under the price box: that the price is the published price for the grade found unless a price and a reason are given, and that a rise goes to a manager.',
  ),
  requiredString(
    'reasonMissing',
    'Problem: no reason for a different price',
    'When a price other than the one found is typed without a reason, or an answer leaves the price to staff.',
  ),
  requiredString(
    'stopped',
    'Problem: another stop',
    'When an answer stops the check for another reason: what staff do next.',
  ),
  templateString(
    'foundReason',
    'Reason for a price found at the check',
    'What the seller reads beside a device priced at the check. {grade} becomes the grade found, {found} what the check found, for example "Screen: Cracked".',
    ['grade', 'found'],
  ),
  requiredString(
    'refusedEvent',
    'In the history: refused',
    'After a device in the check’s history when it was refused, for example "refused".',
  ),
  requiredString(
    'refuseEvent',
    'In the history: all refused',
    'In the history, when every device of a parcel was refused at the check and it goes back, for example "Every device refused: to be sent back".',
  ),
  requiredString('answersHeading', 'What the check found', 'Above a checked device’s answers on the staff page.'),
]
